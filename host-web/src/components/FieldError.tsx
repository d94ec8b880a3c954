import type { FormikProps } from 'formik';

/** What FieldError reads of a form: Formik's, or the login page's own (pages/login/useLoginForm.ts). */
type FormState<T> = Pick<FormikProps<T>, 'touched' | 'errors'>;

/** A form field's error, shown once the field was touched. */
export function FieldError<T>({ form, name }: { form: FormState<T>; name: keyof T & string }) {
  const touched = (form.touched as Record<string, unknown>)[name];
  const error = (form.errors as Record<string, unknown>)[name];
  if (!touched || !error) return null;
  return <small className="p-error field-error" data-testid={`error-${name}`}>{String(error)}</small>;
}
