import { useFormik, type FormikConfig, type FormikHelpers, type FormikProps, type FormikValues } from 'formik';
import { ApiError } from '../api/errors';
import { errorMessage, toast } from '../toast/toast';

export interface FormDialogOptions<V extends FormikValues, R> {
  initialValues: V;
  /** A Yup schema (sdk.ui.yup for remotes). */
  validationSchema?: FormikConfig<V>['validationSchema'];
  /** Sends the form (POST or PUT) and answers the saved row. */
  save(values: V): Promise<R>;
  /** The success toast (the spec's "saved" message); none when the saved result shows by itself (a node on a canvas). */
  successMessage?: string;
  onSaved?(saved: R): void;
  /** Closes the dialog after a save (unless `keepOpen` says otherwise for this row). */
  onHide(): void;
  keepOpen?(saved: R): boolean;
  /** The failure toast; default: the catalogue's message for the API's code. */
  onError?(error: unknown): void;
}

/**
 * The API names the field a request failed on (`{ error, field: "body/email" | "email" | "body/cloud.wabaId" }`): shows the message under
 * that field when the form has it. Answers whether it did.
 */
export function showApiFieldError<V extends FormikValues>(error: unknown, values: V, helpers: Pick<FormikHelpers<V>, 'setFieldError' | 'setFieldTouched'>): boolean {
  if (!(error instanceof ApiError) || !error.field) return false;
  // The field itself ("body/email"), or the last name of a nested one the form shows flat ("body/cloud.phoneNumberId").
  const parts = error.field.replace(/^body\//, '').split(/[./]/);
  const name = [parts[0], parts[parts.length - 1]].find((part) => part && part in values);
  if (!name) return false;
  void helpers.setFieldTouched(name, true, false);
  helpers.setFieldError(name, errorMessage(error));
  return true;
}

/**
 * Formik for an add/edit dialog: re-initialised when the edited row changes, validated with Yup, saved through `save`,
 * then the success toast, `onSaved` and close; a failure shows the error toast and, when the API named a field, the
 * message under that field.
 */
export function useFormDialog<V extends FormikValues, R>(options: FormDialogOptions<V, R>): FormikProps<V> {
  return useFormik<V>({
    enableReinitialize: true,
    initialValues: options.initialValues,
    validationSchema: options.validationSchema,
    onSubmit: async (values, helpers) => {
      try {
        const saved = await options.save(values);
        if (options.successMessage) toast.success(options.successMessage);
        options.onSaved?.(saved);
        if (!options.keepOpen?.(saved)) options.onHide();
      } catch (err) {
        showApiFieldError(err, values, helpers);
        (options.onError ?? toast.error)(err);
      }
    },
  });
}
