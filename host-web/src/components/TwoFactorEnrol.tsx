import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { QRCodeSVG } from 'qrcode.react';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { toast } from '../toast/toast';

export interface EnrolSteps {
  start(): Promise<{ secret: string; uri: string }>;
  /** The first code; answers the recovery codes and what to do once they were seen. */
  confirm(code: string): Promise<{ recoveryCodes: string[]; done?: () => void }>;
}

/**
 * Two-factor enrolment (issue 34): the QR code for the authenticator app (and its key, to type), the first code,
 * then the ten recovery codes, shown this once. Used from the profile and, when the company requires it, from the
 * login. Loaded on demand: the login page does not carry the QR code library.
 */
export default function TwoFactorEnrol({ steps, onFinished }: { steps: EnrolSteps; onFinished: () => void }) {
  const { t } = useTranslation();
  const [setup, setSetup] = useState<{ secret: string; uri: string } | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [finished, setFinished] = useState<{ recoveryCodes: string[]; done?: () => void } | null>(null);

  useEffect(() => { steps.start().then(setSetup, (err) => toast.error(err)); }, [steps]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try { setFinished(await steps.confirm(code.trim())); } catch (err) { toast.error(err); } finally { setBusy(false); }
  };

  if (finished) {
    return (
      <div className="two-factor" data-testid="two-factor-recovery">
        <p>{t('twoFactor.recoveryIntro')}</p>
        <ul className="recovery-codes">{finished.recoveryCodes.map((c) => <li key={c}><code>{c}</code></li>)}</ul>
        <Button type="button" label={t('twoFactor.savedCodes')} onClick={() => { finished.done?.(); onFinished(); }} data-testid="two-factor-finish" />
      </div>
    );
  }
  return (
    <form className="two-factor form-grid" onSubmit={submit} data-testid="two-factor-enrol">
      <p>{t('twoFactor.scan')}</p>
      {setup && <div className="two-factor-qr"><QRCodeSVG value={setup.uri} size={176} /></div>}
      {setup && <small>{t('twoFactor.orKey')} <code data-testid="two-factor-secret">{setup.secret}</code></small>}
      <label htmlFor="two-factor-code">{t('twoFactor.code')}</label>
      <InputText id="two-factor-code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={code} onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))} />
      <Button type="submit" label={t('twoFactor.confirm')} loading={busy} disabled={code.length !== 6 || !setup} data-testid="two-factor-confirm" />
    </form>
  );
}
