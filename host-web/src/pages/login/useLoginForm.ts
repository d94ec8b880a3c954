import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

export interface LoginValues { email: string; password: string }
type Field = keyof LoginValues;

/** The same address check as yup's `string().email()` (the other forms' validation). */
const EMAIL = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/**
 * The login form's state, with Formik's behaviour (errors shown once a field was touched or the form
 * submitted; fields disabled while submitting) but without Formik and yup: they are ~20 kB of the
 * login page's download and come later with the console's other forms.
 */
export function useLoginForm(onSubmit: (values: LoginValues) => Promise<void>) {
  const { t } = useTranslation();
  const [values, setValues] = useState<LoginValues>({ email: '', password: '' });
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [isSubmitting, setSubmitting] = useState(false);

  const errors: Partial<Record<Field, string>> = {};
  if (!values.email) errors.email = t('validation.required');
  else if (!EMAIL.test(values.email)) errors.email = t('validation.invalidEmail');
  if (!values.password) errors.password = t('validation.required');

  const getFieldProps = (name: Field) => ({
    name,
    value: values[name],
    onChange: (e: ChangeEvent<HTMLInputElement>) => setValues((v) => ({ ...v, [name]: e.target.value })),
    onBlur: () => setTouched((v) => ({ ...v, [name]: true })),
  });

  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched({ email: true, password: true });
    if (Object.keys(errors).length || isSubmitting) return;
    setSubmitting(true);
    try { await onSubmit(values); } finally { setSubmitting(false); }
  };

  return { values, touched, errors, isSubmitting, getFieldProps, handleSubmit };
}
