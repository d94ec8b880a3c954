import { useEffect, useState } from 'react';
import * as Yup from 'yup';
import { useTranslation } from 'react-i18next';
import { Password } from 'primereact/password';
import { Dropdown } from 'primereact/dropdown';
import { MultiSelect } from 'primereact/multiselect';
import { InputNumber } from 'primereact/inputnumber';
import { api, changingSession } from '../../api/client';
import { useSession } from '../../session/useSession';
import { hasPermission } from '../../session/permissions';
import { FieldError } from '../../components/FieldError';
import { FormDialog, TextField, useFormDialog } from '../../blocks';
import { SessionList } from '../../components/SessionList';

export interface UserRow { id: number; name: string; email: string; profile: string; allTicket?: string; whatsappId?: number | null; assignmentCap?: number | null; queues?: Array<{ id: number; name: string }> }

/**
 * User form: name 2-50, e-mail, password 5-50 (required on create; one's own needs the current password too);
 * profile, queues, connection, allTicket for admins.
 */
export function UserDialog({ user, visible, onHide, onSaved }: { user: UserRow | null; visible: boolean; onHide: () => void; onSaved: (u: UserRow) => void }) {
  const { t } = useTranslation();
  const session = useSession();
  const [queues, setQueues] = useState<Array<{ id: number; name: string }>>([]);
  const [connections, setConnections] = useState<Array<{ id: number; name: string }>>([]);
  useEffect(() => {
    if (!visible) return;
    api.get<Array<{ id: number; name: string }>>('/queue').then(setQueues).catch(() => {});
    api.get<Array<{ id: number; name: string }>>('/whatsapp', { session: 0 }).then(setConnections).catch(() => {});
  }, [visible]);
  const own = !!user && user.id === session.user?.id;
  const form = useFormDialog({
    initialValues: { name: user?.name ?? '', email: user?.email ?? '', password: '', currentPassword: '', profile: user?.profile ?? 'user', allTicket: user?.allTicket ?? 'desabled', whatsappId: user?.whatsappId ?? null, assignmentCap: user?.assignmentCap ?? null as number | null, queueIds: (user?.queues ?? []).map((q) => q.id) },
    validationSchema: Yup.object({
      name: Yup.string().min(2, t('validation.tooShort')).max(50, t('validation.tooLong')).required(t('validation.required')),
      email: Yup.string().email(t('validation.invalidEmail')).required(t('validation.required')),
      password: user ? Yup.string().min(5, t('validation.tooShort')).max(50, t('validation.tooLong')) : Yup.string().min(5, t('validation.tooShort')).max(50, t('validation.tooLong')).required(t('validation.required')),
      currentPassword: Yup.string().when('password', { is: (value?: string) => own && !!value, then: (schema) => schema.required(t('validation.required')) }),
    }),
    save: (values) => {
      const body: Record<string, unknown> = { ...values };
      if (!values.password) delete body.password;
      if (!values.password || !own) delete body.currentPassword;
      // The assignment cap is the admins' to set.
      if (!canProfile) delete body.assignmentCap;
      if (!user) return api.post<UserRow>('/users', body);
      const put = () => api.put<UserRow>(`/users/${user.id}`, body);
      return own && values.password ? changingSession(put) : put();
    },
    successMessage: t('users.saved'), onSaved, onHide,
  });
  const canProfile = hasPermission(session.user, 'user-modal:editProfile');
  return (
    <FormDialog header={t(user ? 'users.titleEdit' : 'users.titleAdd')} visible={visible} onHide={onHide} form={form} width={520} testId="user-form">
      <TextField form={form} name="name" id="u-name" label={t('users.name')} />
      <TextField form={form} name="email" id="u-email" label={t('users.email')} />
      <label htmlFor="u-password">{t('users.password')}</label><Password inputId="u-password" feedback={false} toggleMask {...form.getFieldProps('password')} /><FieldError form={form} name="password" />
      {own && form.values.password && (
        <><label htmlFor="u-current-password">{t('users.currentPassword')}</label><Password inputId="u-current-password" feedback={false} toggleMask {...form.getFieldProps('currentPassword')} /><FieldError form={form} name="currentPassword" /></>
      )}
      {canProfile && (
        <>
          <label>{t('users.profile')}</label>
          <Dropdown value={form.values.profile} options={[{ value: 'admin', label: t('users.admin') }, { value: 'user', label: t('users.user') }]} onChange={(e) => form.setFieldValue('profile', e.value)} />
          <label>{t('users.allTicket')}</label>
          <Dropdown value={form.values.allTicket} options={[{ value: 'enabled', label: t('users.enabled') }, { value: 'desabled', label: t('users.disabled') }]} onChange={(e) => form.setFieldValue('allTicket', e.value)} />
          <label>{t('users.connection')}</label>
          <Dropdown value={form.values.whatsappId} options={connections} optionLabel="name" optionValue="id" showClear onChange={(e) => form.setFieldValue('whatsappId', e.value ?? null)} />
          <label htmlFor="u-cap">{t('users.assignmentCap')}</label>
          <InputNumber inputId="u-cap" value={form.values.assignmentCap} min={1} max={1000} useGrouping={false} placeholder={t('users.assignmentCapEmpty')} onValueChange={(e) => form.setFieldValue('assignmentCap', e.value ?? null)} />
        </>
      )}
      {hasPermission(session.user, 'user-modal:editQueues') && (
        <><label>{t('users.queues')}</label><MultiSelect value={form.values.queueIds} options={queues} optionLabel="name" optionValue="id" display="chip" onChange={(e) => form.setFieldValue('queueIds', e.value)} /></>
      )}
      {/* An admin sees and ends the user's sessions (a lost phone, a shared desk). */}
      {user && visible && canProfile && <SessionList path={`/users/${user.id}/sessions`} testId="user-sessions" />}
    </FormDialog>
  );
}
