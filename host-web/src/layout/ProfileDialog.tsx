import { lazy, Suspense, useEffect, useState } from 'react';
import { useFormik } from 'formik';
import * as Yup from 'yup';
import { useTranslation } from 'react-i18next';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { Password } from 'primereact/password';
import { Button } from 'primereact/button';
import { api, changingSession } from '../api/client';
import { sessionStore } from '../session/store';
import { toast } from '../toast/toast';
import type { SessionUser } from '../session/types';
import { FieldError } from '../components/FieldError';
import { showApiFieldError } from '../blocks/useFormDialog';
import { SessionList } from '../components/SessionList';

const TwoFactorEnrol = lazy(() => import('../components/TwoFactorEnrol'));
const enrolFromProfile = {
  start: () => api.post<{ secret: string; uri: string }>('/auth/2fa/setup'),
  confirm: (code: string) => api.post<{ recoveryCodes: string[] }>('/auth/2fa/enable', { code }),
};

/** The profile's two-factor section: on (with the codes left) and a way off with the password, or a way on. */
function TwoFactorSection() {
  const { t } = useTranslation();
  const [state, setState] = useState<{ enabled: boolean; required: boolean; recoveryCodesLeft: number } | null>(null);
  const [enrolling, setEnrolling] = useState(false);
  const [password, setPassword] = useState('');
  const load = () => api.get<{ enabled: boolean; required: boolean; recoveryCodesLeft: number }>('/auth/2fa').then(setState, () => setState(null));
  useEffect(() => { void load(); }, []);
  if (!state) return null;
  const turnOff = async () => {
    try { await api.post('/auth/2fa/disable', { password }); setPassword(''); toast.success(t('twoFactor.turnedOff')); void load(); }
    catch (err) { toast.error(err); }
  };
  return (
    <section className="two-factor-section" data-testid="profile-two-factor">
      <h4>{t('twoFactor.title')}</h4>
      {state.enabled && (
        <>
          <p data-testid="two-factor-on">{t('twoFactor.on', { count: state.recoveryCodesLeft })}</p>
          <label htmlFor="two-factor-password">{t('twoFactor.passwordToTurnOff')}</label>
          <Password inputId="two-factor-password" feedback={false} toggleMask value={password} onChange={(e) => setPassword(e.target.value)} />
          <Button type="button" label={t('twoFactor.turnOff')} severity="danger" outlined disabled={!password} onClick={() => void turnOff()} data-testid="two-factor-off" />
        </>
      )}
      {!state.enabled && !enrolling && (
        <>
          <p>{t(state.required ? 'twoFactor.offRequired' : 'twoFactor.off')}</p>
          <Button type="button" label={t('twoFactor.turnOn')} onClick={() => setEnrolling(true)} data-testid="two-factor-on-start" />
        </>
      )}
      {!state.enabled && enrolling && (
        <Suspense fallback={null}><TwoFactorEnrol steps={enrolFromProfile} onFinished={() => { setEnrolling(false); void load(); }} /></Suspense>
      )}
    </section>
  );
}

/**
 * The own profile: name, e-mail and an optional new password (PUT /users/{id}), which needs the current one.
 * A new password ends the session's other copies; this one goes on through a refresh (api/client.ts).
 */
export function ProfileDialog({ user, visible, onHide }: { user: SessionUser; visible: boolean; onHide: () => void }) {
  const { t } = useTranslation();
  const form = useFormik({
    initialValues: { name: user.name, email: user.email, password: '', currentPassword: '' },
    enableReinitialize: true,
    validationSchema: Yup.object({
      name: Yup.string().min(2, t('validation.tooShort')).max(50, t('validation.tooLong')).required(t('validation.required')),
      email: Yup.string().email(t('validation.invalidEmail')).required(t('validation.required')),
      password: Yup.string().min(5, t('validation.tooShort')).max(50, t('validation.tooLong')),
      currentPassword: Yup.string().when('password', { is: (value?: string) => !!value, then: (schema) => schema.required(t('validation.required')) }),
    }),
    onSubmit: async (values, helpers) => {
      try {
        const body: Record<string, unknown> = { name: values.name, email: values.email };
        if (values.password) Object.assign(body, { password: values.password, currentPassword: values.currentPassword });
        const updated = await changingSession(() => api.put<SessionUser>(`/users/${user.id}`, body));
        sessionStore.updateUser({ ...user, ...updated, company: user.company });
        toast.success(t('profile.saved'));
        helpers.resetForm();
        onHide();
      } catch (err) {
        showApiFieldError(err, values, helpers);
        toast.error(err);
      }
    },
  });
  return (
    <Dialog header={t('profile.title')} visible={visible} onHide={onHide} style={{ width: 'min(420px, 95vw)' }}>
      <form onSubmit={form.handleSubmit} className="form-grid">
        <label htmlFor="profile-name">{t('profile.name')}</label>
        <InputText id="profile-name" {...form.getFieldProps('name')} />
        <FieldError form={form} name="name" />
        <label htmlFor="profile-email">{t('profile.email')}</label>
        <InputText id="profile-email" {...form.getFieldProps('email')} />
        <FieldError form={form} name="email" />
        <label htmlFor="profile-password">{t('profile.password')}</label>
        <Password inputId="profile-password" feedback={false} toggleMask {...form.getFieldProps('password')} />
        <FieldError form={form} name="password" />
        {form.values.password && (
          <>
            <label htmlFor="profile-current-password">{t('profile.currentPassword')}</label>
            <Password inputId="profile-current-password" feedback={false} toggleMask {...form.getFieldProps('currentPassword')} />
            <FieldError form={form} name="currentPassword" />
          </>
        )}
        <div className="dialog-actions">
          <Button type="button" label={t('common.cancel')} text onClick={onHide} />
          <Button type="submit" label={t('common.save')} loading={form.isSubmitting} data-testid="profile-save" />
        </div>
      </form>
      {visible && <TwoFactorSection />}
      {visible && <SessionList path="/auth/sessions" testId="profile-sessions" />}
    </Dialog>
  );
}
