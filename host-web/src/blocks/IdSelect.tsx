import type { ReactNode } from 'react';

/** The shape both a Formik form (`form.values`, `form.setFieldValue`) and the console's dialog slots hand over. */
interface FieldTarget {
  values: Record<string, unknown>;
  setFieldValue(name: string, value: unknown): void;
  /** The form field written. */
  name: string;
  label: string;
  testId?: string;
  error?: string | false;
}

export interface IdSelectProps extends FieldTarget {
  /** The label of the empty choice. */
  none: string;
  options: { id: number; name: string }[];
}

export interface ValueSelectProps extends FieldTarget {
  /** Fixed choices; the chosen option's value is written as it is (a string or a number). */
  options: { value: string | number; label: string }[];
  /** An empty first choice writing null (none: every value is a real choice). */
  none?: string;
}

/** Label, control and error, laid out like the console's TextField, in one block so it sits in a slot's <span> too. */
function SelectField({ id, label, error, children }: { id: string; label: string; error?: string | false; children: ReactNode }) {
  return (
    <div className="id-select">
      <label htmlFor={id}>{label}</label>
      {children}
      {error ? <small className="p-error">{error}</small> : null}
    </div>
  );
}

/**
 * A labelled <select> of named rows writing a numeric id (or null: none) into a form. It takes the shape both a
 * Formik form and the console's dialog slots hand over, so a remote's picker in a core dialog and a field in its own
 * dialog are the same block. A native select with the console's input style: light, and a slot's <span> holds it.
 */
export function IdSelect({ values, setFieldValue, name, label, none, options, testId, error }: IdSelectProps) {
  const value = values[name];
  const id = `picker-${testId ?? name}`;
  return (
    <SelectField id={id} label={label} error={error}>
      <select id={id} className="p-inputtext p-component" data-testid={testId} value={typeof value === 'number' ? value : ''} onChange={(e) => setFieldValue(name, e.target.value === '' ? null : Number(e.target.value))}>
        <option value="">{none}</option>
        {options.map((o) => <option key={o.id} value={o.id}>{o.name}</option>)}
      </select>
    </SelectField>
  );
}

/**
 * IdSelect's sibling for fixed choices (an integration's type, a language, an interval in seconds): the chosen
 * option's value, text or number, goes into the form unchanged.
 */
export function ValueSelect({ values, setFieldValue, name, label, options, none, testId, error }: ValueSelectProps) {
  const current = options.find((o) => o.value === values[name]);
  const id = `picker-${testId ?? name}`;
  return (
    <SelectField id={id} label={label} error={error}>
      <select id={id} className="p-inputtext p-component" data-testid={testId} value={current ? String(current.value) : ''}
        onChange={(e) => setFieldValue(name, options.find((o) => String(o.value) === e.target.value)?.value ?? null)}>
        {(none !== undefined || !current) && <option value="">{none ?? ''}</option>}
        {options.map((o) => <option key={String(o.value)} value={String(o.value)}>{o.label}</option>)}
      </select>
    </SelectField>
  );
}
