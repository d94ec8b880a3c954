import type { FormikProps } from 'formik';

/** A Formik field's error, shown once the field was touched. */
export function FieldError<T>({ form, name }: { form: FormikProps<T>; name: keyof T & string }) {
  const touched = (form.touched as Record<string, unknown>)[name];
  const error = (form.errors as Record<string, unknown>)[name];
  if (!touched || !error) return null;
  return <small className="p-error field-error" data-testid={`error-${name}`}>{String(error)}</small>;
}
