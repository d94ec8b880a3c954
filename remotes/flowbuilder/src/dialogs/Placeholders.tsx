import type { FormikProps } from 'formik';
import type { TFunction } from 'i18next';

/** The question nodes' answer keys as {{key}} chips: a click appends the placeholder to the field. */
export function Placeholders({ keys, form, name, t }: { keys: string[]; form: FormikProps<any>; name: string; t: TFunction }) {
  if (!keys.length) return null;
  const insert = (key: string) => form.setFieldValue(name, `${form.values[name] ?? ''}{{${key}}}`);
  return (
    <small className="fb-vars muted" data-testid="fb-placeholders">
      {t('flowbuilder.variables')}{' '}
      {keys.map((k) => <code key={k} role="button" tabIndex={0} onClick={() => insert(k)} onKeyDown={(e) => e.key === 'Enter' && insert(k)}>{`{{${k}}}`}</code>)}
    </small>
  );
}
