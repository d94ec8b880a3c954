import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PublicShell } from '../../components/PublicShell';
import { FieldError } from '../../components/FieldError';
import { PasswordInput } from '../../components/PasswordInput';
import { LightInput } from '../../components/LightInput';
import { LightButton } from '../../components/LightButton';
import { login, type SecondFactorStep as Step } from '../../session/auth';
import { SecondFactorStep } from './SecondFactorStep';
import { renewalStore } from '../../session/renewal';
import { ApiError } from '../../api/errors';
import { toast } from '../../toast/toast';
import { useLoginForm } from './useLoginForm';
import { signupOpen, useBranding } from '../../theme/branding';

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const branding = useBranding();
  const [secondStep, setSecondStep] = useState<Step | null>(null);
  const form = useLoginForm(
    async (values) => {
      try {
        const reply = await login(values.email.trim(), values.password);
        if ('twoFactor' in reply) { setSecondStep(reply); return; }
        if (reply.warning) {
          const { formatDate } = await import('../../util/format'); // only for this warning
          toast.warn(t('session.dueSoon', { days: reply.warning.daysLeft, date: formatDate(reply.warning.dueDate) }));
        }
        navigate('/tickets', { replace: true });
      } catch (err) {
        // An expired company's admin is sent to pay (its renewal token opens only the invoices and the checkout);
        // the renewal page names the expiry date. Everyone else sees the refusal.
        const renewalToken = err instanceof ApiError && err.code === 'ERR_SUBSCRIPTION_EXPIRED' ? err.details?.renewalToken : undefined;
        if (typeof renewalToken === 'string') {
          renewalStore.set(renewalToken, String((err as ApiError).details?.dueDate ?? ''));
          navigate('/renew');
          return;
        }
        toast.error(err);
      }
    },
  );
  if (secondStep) {
    return (
      <PublicShell title={t('twoFactor.title')}>
        <SecondFactorStep step={secondStep} onSignedIn={() => navigate('/tickets', { replace: true })} />
        <div className="auth-links"><a href="/login" onClick={(e) => { e.preventDefault(); setSecondStep(null); }}>{t('twoFactor.back')}</a></div>
      </PublicShell>
    );
  }
  return (
    <PublicShell title={t('login.title')}>
      <form onSubmit={form.handleSubmit} className="form-grid" data-testid="login-form">
        <label htmlFor="email">{t('login.email')}</label>
        <LightInput id="email" type="email" autoComplete="username" autoFocus {...form.getFieldProps('email')} />
        <FieldError form={form} name="email" />
        <label htmlFor="password">{t('login.password')}</label>
        <PasswordInput inputId="password" autoComplete="current-password" {...form.getFieldProps('password')} />
        <FieldError form={form} name="password" />
        <LightButton type="submit" label={t('login.submit')} loading={form.isSubmitting} style={{ marginTop: '1rem' }} data-testid="login-submit" />
      </form>
      <div className="auth-links">
        {/* The operator may close sign-up (allowSignup); the server refuses it too. */}
        {signupOpen(branding) && <Link to="/signup" data-testid="signup-link">{t('login.signup')}</Link>}
        <Link to="/forgetpsw">{t('login.forgot')}</Link>
      </div>
    </PublicShell>
  );
}
