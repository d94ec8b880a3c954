import { useFormik } from 'formik';
import * as Yup from 'yup';
import { useTranslation } from 'react-i18next';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { Password } from 'primereact/password';
import { Button } from 'primereact/button';
import { api } from '../api/client';
import { sessionStore } from '../session/store';
import { toast } from '../toast/toast';
import type { SessionUser } from '../session/types';
import { FieldError } from '../components/FieldError';

/** The own profile: name, e-mail and an optional new password (PUT /users/{id}). */
export function ProfileDialog({ user, visible, onHide }: { user: SessionUser; visible: boolean; onHide: () => void }) {
  const { t } = useTranslation();
  const form = useFormik({
    initialValues: { name: user.name, email: user.email, password: '' },
    enableReinitialize: true,
    validationSchema: Yup.object({
      name: Yup.string().min(2, t('validation.tooShort')).max(50, t('validation.tooLong')).required(t('validation.required')),
      email: Yup.string().email(t('validation.invalidEmail')).required(t('validation.required')),
      password: Yup.string().min(5, t('validation.tooShort')).max(50, t('validation.tooLong')),
    }),
    onSubmit: async (values) => {
      try {
        const body: Record<string, unknown> = { name: values.name, email: values.email };
        if (values.password) body.password = values.password;
        const updated = await api.put<SessionUser>(`/users/${user.id}`, body);
        sessionStore.updateUser({ ...user, ...updated, company: user.company });
        toast.success(t('profile.saved'));
        onHide();
      } catch (err) { toast.error(err); }
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
        <div className="dialog-actions">
          <Button type="button" label={t('common.cancel')} text onClick={onHide} />
          <Button type="submit" label={t('common.save')} loading={form.isSubmitting} />
        </div>
      </form>
    </Dialog>
  );
}
