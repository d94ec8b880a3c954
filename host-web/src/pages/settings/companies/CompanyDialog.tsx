import * as Yup from 'yup';
import { useTranslation } from 'react-i18next';
import { Password } from 'primereact/password';
import { Dropdown } from 'primereact/dropdown';
import { InputSwitch } from 'primereact/inputswitch';
import { api } from '../../../api/client';
import { FieldError } from '../../../components/FieldError';
import { FormDialog, TextField, useFormDialog } from '../../../blocks';
import { failToast } from '../adminToasts';
import { RECURRENCES, type AdminCompany, type AdminPlan } from '../types';
import { normalizeDueDate, recurrenceOf } from './dueDate';

const digits = (v: string | undefined) => (v ?? '').replace(/\D/g, '');

/** Company form: name, e-mail and plan required; phone, status, due date (empty or invalid → null), recurrence; admin password on create. */
export function CompanyDialog({ company, plans, visible, onHide, onSaved }: {
  company: AdminCompany | null; plans: AdminPlan[]; visible: boolean; onHide: () => void; onSaved: (c: AdminCompany) => void;
}) {
  const { t } = useTranslation();
  const form = useFormDialog({
    initialValues: {
      name: company?.name ?? '', email: company?.email ?? '', phone: company?.phone ?? '', planId: company?.planId ?? null as number | null,
      status: company?.status ?? true, dueDate: normalizeDueDate(company?.dueDate) ?? '', recurrence: recurrenceOf(company?.recurrence), password: '',
    },
    validationSchema: Yup.object({
      name: Yup.string().trim().min(2, t('validation.tooShort')).max(100, t('validation.tooLong')).required(t('validation.required')),
      email: Yup.string().trim().email(t('validation.invalidEmail')).max(255, t('validation.tooLong')).required(t('validation.required')),
      phone: Yup.string().max(20, t('validation.tooLong')).test('phone', t('settings.company.phoneInvalid'), (v) => /^[0-9()+\-\s]*$/.test(v ?? '') && digits(v).length <= 11),
      planId: Yup.number().nullable().required(t('validation.required')),
      password: Yup.string().min(5, t('validation.tooShort')).max(50, t('validation.tooLong')),
    }),
    save: (v) => {
      const body = {
        name: v.name.trim(), email: v.email.trim(), phone: digits(v.phone) || null, planId: v.planId!, status: v.status,
        dueDate: normalizeDueDate(v.dueDate), recurrence: v.recurrence,
        ...(!company && v.password ? { password: v.password } : {}),
      };
      return company ? api.put<AdminCompany>(`/companies/${company.id}`, body) : api.post<AdminCompany>('/companies', body);
    },
    successMessage: t('settings.company.toasts.success'), onSaved, onHide,
    onError: (err) => failToast(err, 'settings.company.toasts.error'),
  });
  const f = (k: string) => t(`settings.company.fields.${k}`);
  return (
    <FormDialog header={t(company ? 'settings.company.titleEdit' : 'settings.company.titleAdd')} visible={visible} onHide={onHide} form={form} width={520} testId="company-form" saveTestId="company-save">
      <TextField form={form} name="name" id="co-name" label={f('name')} autoFocus />
      <TextField form={form} name="email" id="co-email" label={f('email')} type="email" />
      <TextField form={form} name="phone" id="co-phone" label={f('phone')} inputMode="tel" placeholder="(99) 99999-9999" />
      <label htmlFor="co-plan">{f('plan')}</label>
      <Dropdown inputId="co-plan" value={form.values.planId} options={plans} optionLabel="name" optionValue="id" placeholder={t('settings.company.selectPlan')}
        onChange={(e) => form.setFieldValue('planId', e.value)} onBlur={() => form.setFieldTouched('planId')} />
      <FieldError form={form} name="planId" />
      <label className="settings-toggle">
        <InputSwitch checked={form.values.status} onChange={(e) => form.setFieldValue('status', !!e.value)} />
        {f('status')}: {t(`settings.company.status.${form.values.status}`)}
      </label>
      <TextField form={form} name="dueDate" id="co-due" label={f('dueDate')} type="date" />
      <label htmlFor="co-rec">{f('recurrence')}</label>
      <Dropdown inputId="co-rec" value={form.values.recurrence} options={RECURRENCES.map((r) => ({ value: r, label: t(`settings.company.recurrences.${r}`) }))}
        onChange={(e) => form.setFieldValue('recurrence', e.value)} />
      {!company && (
        <>
          <label htmlFor="co-password">{f('password')}</label>
          <Password inputId="co-password" feedback={false} toggleMask autoComplete="new-password" {...form.getFieldProps('password')} />
          <small className="muted">{f('passwordHint')}</small><FieldError form={form} name="password" />
        </>
      )}
    </FormDialog>
  );
}
