import { lazy, Suspense, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LightInput } from '../../components/LightInput';
import { LightButton } from '../../components/LightButton';
import { enrolAtLogin, verifySecondFactor, type SecondFactorStep as Step } from '../../session/auth';
import { toast } from '../../toast/toast';

// Only for a company that requires enrolment at login: the QR code library stays out of the login page's download.
const TwoFactorEnrol = lazy(() => import('../../components/TwoFactorEnrol'));

/** The login's second step: the authenticator's code (or a recovery code), or the enrolment the company requires. */
export function SecondFactorStep({ step, onSignedIn }: { step: Step; onSignedIn: () => void }) {
  const { t } = useTranslation();
  const [answer, setAnswer] = useState('');
  const [recovery, setRecovery] = useState(false);
  const [busy, setBusy] = useState(false);
  const enrol = useMemo(() => enrolAtLogin(step.challenge), [step.challenge]);

  if (step.twoFactor === 'enrol') {
    return (
      <div data-testid="login-enrol">
        <p>{t('twoFactor.requiredIntro')}</p>
        <Suspense fallback={null}><TwoFactorEnrol steps={enrol} onFinished={onSignedIn} /></Suspense>
      </div>
    );
  }
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const reply = await verifySecondFactor(step.challenge, recovery ? { recoveryCode: answer.trim() } : { code: answer.trim() });
      if (recovery) toast.warn(t('twoFactor.recoveryLeft', { count: reply.recoveryCodesLeft }));
      onSignedIn();
    } catch (err) {
      toast.error(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} className="form-grid" data-testid="login-second-factor">
      <label htmlFor="second-factor">{t(recovery ? 'twoFactor.recoveryCode' : 'twoFactor.code')}</label>
      <LightInput id="second-factor" autoFocus autoComplete="one-time-code" inputMode={recovery ? 'text' : 'numeric'} value={answer} onChange={(e) => setAnswer(e.target.value)} />
      <LightButton type="submit" label={t('twoFactor.verify')} loading={busy} disabled={!answer.trim()} data-testid="second-factor-submit" />
      <button type="button" className="p-button p-button-text" onClick={() => { setRecovery((r) => !r); setAnswer(''); }} data-testid="second-factor-toggle">
        {t(recovery ? 'twoFactor.useCode' : 'twoFactor.useRecovery')}
      </button>
    </form>
  );
}
