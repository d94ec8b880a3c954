import * as Yup from 'yup';
import { useTranslation } from 'react-i18next';
import { InputText } from 'primereact/inputtext';
import { Button } from 'primereact/button';
import { api } from '../../api/client';
import { FormDialog, TextField, useFormDialog } from '../../blocks';
import type { Contact, ExtraInfo } from './types';

/** Contact form: name 2-50, number 8-50, e-mail, and free "additional information" rows (name, value). */
export function ContactDialog({ contact, visible, onHide, onSaved }: { contact: Contact | null; visible: boolean; onHide: () => void; onSaved: (c: Contact) => void }) {
  const { t } = useTranslation();
  const form = useFormDialog({
    initialValues: { name: contact?.name ?? '', number: contact?.number ?? '', email: contact?.email ?? '', extraInfo: (contact?.extraInfo ?? []).map((e) => ({ name: e.name, value: e.value ?? '' })) as ExtraInfo[] },
    validationSchema: Yup.object({
      name: Yup.string().trim().min(2, t('validation.tooShort')).max(50, t('validation.tooLong')).required(t('validation.required')),
      number: Yup.string().trim().min(8, t('validation.tooShort')).max(50, t('validation.tooLong')).required(t('validation.required')),
      email: Yup.string().email(t('validation.invalidEmail')),
    }),
    save: (values) => {
      const body = { ...values, email: values.email.trim(), extraInfo: values.extraInfo.filter((e) => e.name.trim()).map((e) => ({ name: e.name.trim(), value: e.value ?? '' })) };
      return contact ? api.put<Contact>(`/contacts/${contact.id}`, body) : api.post<Contact>('/contacts', body);
    },
    successMessage: t('contacts.saved'), onSaved, onHide,
  });
  const rows = form.values.extraInfo;
  const setRow = (i: number, patch: Partial<ExtraInfo>) => form.setFieldValue('extraInfo', rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <FormDialog header={t(contact ? 'contacts.form.titleEdit' : 'contacts.form.titleAdd')} visible={visible} onHide={onHide} form={form} testId="contact-form">
      <h4 style={{ margin: 0 }}>{t('contacts.form.data')}</h4>
      <TextField form={form} name="name" id="c-name" label={t('contacts.name')} autoFocus />
      <TextField form={form} name="number" id="c-number" label={t('contacts.number')} placeholder="5511999999999" />
      <TextField form={form} name="email" id="c-email" label={t('contacts.email')} />
      <h4 style={{ margin: '0.75rem 0 0' }}>{t('contacts.form.extraInfo')}</h4>
      {rows.map((row, i) => (
        <div key={i} className="form-row" style={{ alignItems: 'center' }}>
          <InputText value={row.name} placeholder={t('contacts.form.extraName')} aria-label={t('contacts.form.extraName')} onChange={(e) => setRow(i, { name: e.target.value })} />
          <InputText value={row.value ?? ''} placeholder={t('contacts.form.extraValue')} aria-label={t('contacts.form.extraValue')} onChange={(e) => setRow(i, { value: e.target.value })} />
          <Button type="button" text rounded severity="danger" icon="pi pi-trash" style={{ flex: '0 0 auto' }} aria-label={t('contacts.form.removeExtra')} onClick={() => form.setFieldValue('extraInfo', rows.filter((_, j) => j !== i))} />
        </div>
      ))}
      <div><Button type="button" outlined size="small" icon="pi pi-plus" label={t('contacts.form.addExtra')} onClick={() => form.setFieldValue('extraInfo', [...rows, { name: '', value: '' }])} /></div>
    </FormDialog>
  );
}
