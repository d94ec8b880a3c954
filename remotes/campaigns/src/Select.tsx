import type { FormikProps, FormikValues } from 'formik';

/** A label over its control, one per line (a bare <label> flows inline with its neighbours). */
export const FIELD_STYLE = { display: 'flex', flexDirection: 'column', gap: '0.25rem', alignItems: 'flex-start' } as const;

/** A labelled <select> bound to a form field; option values are numbers or '' (none). */
export function Select<V extends FormikValues>({ form, name, label, options, testId }: {
  form: FormikProps<V>; name: keyof V & string; label: string; options: { value: number | ''; label: string }[]; testId?: string;
}) {
  const value = form.values[name] as number | '' | null;
  return (
    <label className="field" style={FIELD_STYLE}>
      <span>{label}</span>
      <select data-testid={testId} value={value ?? ''} onChange={(e) => form.setFieldValue(name, e.target.value === '' ? '' : Number(e.target.value))}>
        {options.map((o) => <option key={String(o.value)} value={o.value}>{o.label}</option>)}
      </select>
      {form.touched[name] && form.errors[name] ? <small className="p-error">{String(form.errors[name])}</small> : null}
    </label>
  );
}
