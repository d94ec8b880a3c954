import { useState } from 'react';
import { useFormik } from 'formik';
import * as Yup from 'yup';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { InputText } from 'primereact/inputtext';
import { Password } from 'primereact/password';
import { Button } from 'primereact/button';
import { PublicShell } from '../../components/PublicShell';
import { FieldError } from '../../components/FieldError';
import { api } from '../../api/client';
import { toast } from '../../toast/toast';

/** At least 8 characters with an uppercase letter, a lowercase letter and a digit. */
export const STRONG_PASSWORD = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).{8,}$/;

/** Step 1: e-mail → code sent. Step 2: code, new password and confirmation → /login. */
export default function ForgetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [step, setStep] = useState<1 | 2>(1);
  const form = useFormik({
    initialValues: { email: '', code: '', password: '', confirm: '' },
    validationSchema: Yup.object(step === 1
      ? { email: Yup.string().email(t('forgetpsw.errors.email')).required(t('forgetpsw.errors.required')) }
      : {
        code: Yup.string().required(t('forgetpsw.errors.required')),
        password: Yup.string().matches(STRONG_PASSWORD, t('forgetpsw.errors.passwordRule')).required(t('forgetpsw.errors.required')),
        confirm: Yup.string().oneOf([Yup.ref('password')], t('forgetpsw.errors.mismatch')).required(t('forgetpsw.errors.required')),
      }),
    onSubmit: async (v) => {
      const email = encodeURIComponent(v.email.trim());
      try {
        if (step === 1) { await api.post(`/forgetpassword/${email}`); toast.success(t('forgetpsw.codeSent')); setStep(2); return; }
        await api.post(`/resetpasswords/${email}/${encodeURIComponent(v.code.trim())}/${encodeURIComponent(v.password)}`);
        toast.success(t('forgetpsw.success'));
        navigate('/login');
      } catch (err) { toast.error(err); }
    },
  });
  return (
    <PublicShell title={t('forgetpsw.title')}>
      <form onSubmit={form.handleSubmit} className="form-grid">
        <label htmlFor="fp-email">{t('forgetpsw.email')}</label>
        <InputText id="fp-email" disabled={step === 2} {...form.getFieldProps('email')} /><FieldError form={form} name="email" />
        {step === 2 && (
          <>
            <label htmlFor="fp-code">{t('forgetpsw.code')}</label><InputText id="fp-code" {...form.getFieldProps('code')} /><FieldError form={form} name="code" />
            <label htmlFor="fp-password">{t('forgetpsw.password')}</label><Password inputId="fp-password" feedback={false} toggleMask {...form.getFieldProps('password')} /><FieldError form={form} name="password" />
            <label htmlFor="fp-confirm">{t('forgetpsw.confirm')}</label><Password inputId="fp-confirm" feedback={false} toggleMask {...form.getFieldProps('confirm')} /><FieldError form={form} name="confirm" />
          </>
        )}
        <Button type="submit" label={t(step === 1 ? 'forgetpsw.sendCode' : 'forgetpsw.submit')} loading={form.isSubmitting} style={{ marginTop: '1rem' }} />
      </form>
      <div className="auth-links"><Link to="/signup">{t('forgetpsw.back')}</Link></div>
    </PublicShell>
  );
}
