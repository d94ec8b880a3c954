export interface IdSelectProps {
  values: Record<string, unknown>;
  setFieldValue(name: string, value: unknown): void;
  /** The form field holding the chosen row's id (null: none). */
  name: string;
  label: string;
  /** The label of the empty choice. */
  none: string;
  options: { id: number; name: string }[];
  testId?: string;
  error?: string | false;
}

/**
 * A labelled <select> of named rows writing a numeric id (or null: none) into a form. It takes the shape both a
 * Formik form (`form.values`, `form.setFieldValue`) and the console's dialog slots hand over, so a remote's picker in
 * a core dialog and a field in its own dialog are the same block. A native select: light, and a slot's <span> holds it.
 */
export function IdSelect({ values, setFieldValue, name, label, none, options, testId, error }: IdSelectProps) {
  const value = values[name];
  const id = `picker-${testId ?? name}`;
  // Laid out like the console's TextField (label, input, error), in one block so it sits in a slot's <span> too.
  return (
    <div className="id-select" style={{ display: 'flex', flexDirection: 'column', gap: '0.35rem' }}>
      <label htmlFor={id}>{label}</label>
      <select id={id} className="p-inputtext p-component" data-testid={testId} value={typeof value === 'number' ? value : ''} onChange={(e) => setFieldValue(name, e.target.value === '' ? null : Number(e.target.value))}>
        <option value="">{none}</option>
        {options.map((o) => <option key={o.id} value={o.id}>{o.name}</option>)}
      </select>
      {error ? <small className="p-error">{error}</small> : null}
    </div>
  );
}
