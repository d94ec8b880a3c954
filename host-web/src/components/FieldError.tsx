import type { FormikProps } from 'formik';

/** What FieldError reads of a form: Formik's, or the login page's own (pages/login/useLoginForm.ts). */
type FormState<T> = Pick<FormikProps<T>, 'touched' | 'errors'> & Partial<Pick<FormikProps<T>, 'submitCount' | 'values' | 'initialValues'>>;

/**
 * A field's error once the person has had their say: after a submit, or after leaving a field they changed.
 * Not on a blur alone: a dialog's first field is focused on open, so the first click anywhere else blurred it,
 * and an error appearing then ("Required" under a field nobody typed in) pushed the layout under the pointer,
 * and the click landed elsewhere (issue 32).
 */
export function visibleFieldError<T>(form: FormState<T>, name: string): string | undefined {
  const error = (form.errors as Record<string, unknown>)[name];
  if (!error) return undefined;
  if ((form.submitCount ?? 0) > 0) return String(error);
  const touched = (form.touched as Record<string, unknown>)[name];
  const changed = !form.values || (form.values as Record<string, unknown>)[name] !== (form.initialValues as Record<string, unknown> | undefined)?.[name];
  return touched && changed ? String(error) : undefined;
}

/** A form field's error, shown when `visibleFieldError` says so. */
export function FieldError<T>({ form, name }: { form: FormState<T>; name: keyof T & string }) {
  const error = visibleFieldError(form, name);
  if (!error) return null;
  return <small className="p-error field-error" data-testid={`error-${name}`}>{error}</small>;
}
