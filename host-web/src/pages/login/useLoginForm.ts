import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

export interface LoginValues { email: string; password: string }
type Field = keyof LoginValues;

/** The same address check as yup's `string().email()` (the other forms' validation). */
const EMAIL = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/**
 * The login form's state, without Formik and yup: they are ~20 kB of the login page's download and come later
 * with the console's other forms. Errors show only once the form was submitted: the e-mail field is focused on
 * load, and an error appearing when a click blurs it moved the "Sign up" and "Forgot your password?" links from
 * under the pointer, so that first click was lost (issue 32).
 */
export function useLoginForm(onSubmit: (values: LoginValues) => Promise<void>) {
  const { t } = useTranslation();
  const [values, setValues] = useState<LoginValues>({ email: '', password: '' });
  const [submitted, setSubmitted] = useState(false);
  const touched: Partial<Record<Field, boolean>> = submitted ? { email: true, password: true } : {};
  const [isSubmitting, setSubmitting] = useState(false);

  const errors: Partial<Record<Field, string>> = {};
  if (!values.email) errors.email = t('validation.required');
  else if (!EMAIL.test(values.email)) errors.email = t('validation.invalidEmail');
  if (!values.password) errors.password = t('validation.required');

  const getFieldProps = (name: Field) => ({
    name,
    value: values[name],
    onChange: (e: ChangeEvent<HTMLInputElement>) => setValues((v) => ({ ...v, [name]: e.target.value })),
  });

  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (Object.keys(errors).length || isSubmitting) return;
    setSubmitting(true);
    try { await onSubmit(values); } finally { setSubmitting(false); }
  };

  return { values, touched, errors, isSubmitting, getFieldProps, handleSubmit };
}
