import type { ReactNode } from 'react';
import type { FormikProps } from 'formik';
import { useTranslation } from 'react-i18next';
import { Dialog } from 'primereact/dialog';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { FieldError } from '../components/FieldError';

export interface FormDialogProps {
  header: string;
  visible: boolean;
  onHide(): void;
  /** From `useFormDialog`. */
  form: FormikProps<any>;
  /** The form's data-testid. */
  testId?: string;
  saveTestId?: string;
  /** Dialog width in px (it never exceeds 96% of the window). */
  width?: number;
  children: ReactNode;
}

/** An add/edit dialog: the fields in one column, then Cancel and Save (Save submits; it spins while saving). */
export function FormDialog({ header, visible, onHide, form, testId, saveTestId, width = 560, children }: FormDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog header={header} visible={visible} onHide={onHide} style={{ width: `min(${width}px, 96vw)` }}>
      <form onSubmit={form.handleSubmit} className="form-grid" data-testid={testId}>
        {children}
        <div className="dialog-actions">
          <Button type="button" text label={t('common.cancel')} onClick={onHide} />
          <Button type="submit" label={t('common.save')} loading={form.isSubmitting} data-testid={saveTestId} />
        </div>
      </form>
    </Dialog>
  );
}

export interface TextFieldProps {
  form: FormikProps<any>;
  name: string;
  label: string;
  /** The input's id (the label points at it); default `field-<name>`. */
  id?: string;
  /** A textarea of this many rows instead of a one-line input. */
  rows?: number;
  placeholder?: string;
  autoFocus?: boolean;
  /** A muted line under the input. */
  hint?: string;
  /** The one-line input's type (email, date…) and keyboard. */
  type?: string;
  inputMode?: 'text' | 'email' | 'tel' | 'numeric' | 'url';
}

/** A labelled text input bound to a Formik field, with the field's error under it once touched. */
export function TextField({ form, name, label, id = `field-${name}`, rows, placeholder, autoFocus, hint, type, inputMode }: TextFieldProps) {
  const input = form.getFieldProps(name);
  const value = input.value ?? '';
  return (
    <>
      <label htmlFor={id}>{label}</label>
      {rows
        ? <InputTextarea id={id} rows={rows} autoResize placeholder={placeholder} autoFocus={autoFocus} {...input} value={value} />
        : <InputText id={id} type={type} inputMode={inputMode} placeholder={placeholder} autoFocus={autoFocus} {...input} value={value} />}
      {hint && <small className="muted">{hint}</small>}
      <FieldError form={form} name={name} />
    </>
  );
}
