import { useFormik } from 'formik';
import * as Yup from 'yup';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { InputText } from 'primereact/inputtext';
import { Password } from 'primereact/password';
import { Button } from 'primereact/button';
import { PublicShell } from '../../components/PublicShell';
import { FieldError } from '../../components/FieldError';
import { login } from '../../session/auth';
import { toast } from '../../toast/toast';
import { formatDate } from '../../util/format';

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useFormik({
    initialValues: { email: '', password: '' },
    validationSchema: Yup.object({
      email: Yup.string().email(t('validation.invalidEmail')).required(t('validation.required')),
      password: Yup.string().required(t('validation.required')),
    }),
    onSubmit: async (values) => {
      try {
        const reply = await login(values.email.trim(), values.password);
        if (reply.warning) toast.warn(t('session.dueSoon', { days: reply.warning.daysLeft, date: formatDate(reply.warning.dueDate) }));
        navigate('/tickets', { replace: true });
      } catch (err) {
        toast.error(err);
      }
    },
  });
  return (
    <PublicShell title={t('login.title')}>
      <form onSubmit={form.handleSubmit} className="form-grid" data-testid="login-form">
        <label htmlFor="email">{t('login.email')}</label>
        <InputText id="email" type="email" autoComplete="username" autoFocus {...form.getFieldProps('email')} />
        <FieldError form={form} name="email" />
        <label htmlFor="password">{t('login.password')}</label>
        <Password inputId="password" feedback={false} toggleMask autoComplete="current-password" {...form.getFieldProps('password')} />
        <FieldError form={form} name="password" />
        <Button type="submit" label={t('login.submit')} loading={form.isSubmitting} style={{ marginTop: '1rem' }} data-testid="login-submit" />
      </form>
      <div className="auth-links">
        <Link to="/signup">{t('login.signup')}</Link>
        <Link to="/forgetpsw">{t('login.forgot')}</Link>
      </div>
    </PublicShell>
  );
}
