import { useFormik } from 'formik';
import * as Yup from 'yup';
import { useTranslation } from 'react-i18next';
import { Dialog } from 'primereact/dialog';
import { InputTextarea } from 'primereact/inputtextarea';
import { Calendar } from 'primereact/calendar';
import { Message } from 'primereact/message';
import { Button } from 'primereact/button';
import { api } from '../../api/client';
import { toast } from '../../toast/toast';
import { FieldError } from '../../components/FieldError';
import { FilePick } from '../../components/FilePick';
import { confirmDelete } from '../../blocks';
import { syncMedia } from '../../util/media';
import { formatDate, formatTime } from '../../util/format';
import { ContactPicker } from './ContactPicker';
import { stateOf, type Schedule, type ScheduleContact } from './types';

export interface ScheduleDraft { contact?: ScheduleContact | null; sendAt?: Date }

/** Now plus one hour: the default sending time. */
export const inAnHour = () => new Date(Date.now() + 3600_000);

/** Schedule form: contact (search from 3 characters), message (at least 5), sending time, optional png/jpg/jpeg image. */
export function ScheduleDialog({ schedule, draft, visible, onHide, onSaved, onDeleted }: {
  schedule: Schedule | null; draft: ScheduleDraft; visible: boolean; onHide: () => void; onSaved: (s: Schedule) => void; onDeleted: (id: number) => void;
}) {
  const { t } = useTranslation();
  const state = schedule ? stateOf(schedule) : 'pending';
  const form = useFormik({
    enableReinitialize: true,
    initialValues: {
      contact: (schedule?.contact ?? draft.contact ?? null) as ScheduleContact | null,
      body: schedule?.body ?? '',
      sendAt: schedule ? new Date(schedule.sendAt) : draft.sendAt ?? inAnHour(),
      file: null as File | null,
      removed: false,
    },
    validationSchema: Yup.object({
      contact: Yup.object().nullable().required(t('schedules.form.contactRequired')),
      body: Yup.string().trim().required(t('validation.required')).min(5, t('schedules.form.short')),
      sendAt: Yup.date().typeError(t('validation.required')).required(t('validation.required')),
    }),
    onSubmit: async ({ contact, body, sendAt, file, removed }) => {
      const payload = { body: body.trim(), contactId: contact!.id, sendAt: sendAt.toISOString() };
      try {
        let saved = schedule ? await api.put<Schedule>(`/schedules/${schedule.id}`, payload) : await api.post<Schedule>('/schedules', payload);
        const media = await syncMedia(`/schedules/${saved.id}/media-upload`, { file, removed: removed && !!schedule?.mediaPath });
        if (media && typeof media === 'object') saved = { ...saved, ...(media as Partial<Schedule>) };
        if (removed && !file) toast.success(t('schedules.mediaDeleted'));
        toast.success(t('schedules.saved')); onSaved({ ...saved, contact: saved.contact ?? contact }); onHide();
      } catch (err) { toast.error(err); }
    },
  });
  const remove = () => schedule && confirmDelete(`/schedules/${schedule.id}`, {
    message: t('schedules.deleteConfirm'), doneMessage: t('schedules.deleted'), onDone: () => { onDeleted(schedule.id); onHide(); },
  });
  const stored = form.values.removed ? null : schedule?.mediaName;
  return (
    <Dialog header={t(schedule ? 'schedules.form.titleEdit' : 'schedules.form.titleAdd')} visible={visible} onHide={onHide} style={{ width: 'min(520px, 96vw)' }}>
      <form onSubmit={form.handleSubmit} className="form-grid" data-testid="schedule-form">
        {schedule && state === 'sent' && <Message severity="success" text={t('schedules.form.sentAt', { date: `${formatDate(schedule.sentAt)} ${formatTime(schedule.sentAt)}` })} />}
        {schedule && state === 'failed' && <Message severity="error" text={t('schedules.form.failed', { error: schedule.error ?? schedule.status ?? '' })} />}
        <label htmlFor="s-contact">{t('schedules.form.contact')}</label>
        <ContactPicker id="s-contact" value={form.values.contact} onChange={(c) => form.setFieldValue('contact', c)} onBlur={() => form.setFieldTouched('contact', true)} placeholder={t('schedules.form.contactHint')} />
        <FieldError form={form} name="contact" />
        <label htmlFor="s-body">{t('schedules.form.body')}</label>
        <InputTextarea id="s-body" rows={5} autoResize {...form.getFieldProps('body')} /><FieldError form={form} name="body" />
        <label htmlFor="s-sendAt">{t('schedules.form.sendAt')}</label>
        <Calendar inputId="s-sendAt" value={form.values.sendAt} showTime hourFormat="24" dateFormat="dd/mm/yy" showIcon onChange={(e) => form.setFieldValue('sendAt', e.value ?? null)} />
        <FieldError form={form} name="sendAt" />
        <label>{t('schedules.form.media')}</label>
        <FilePick accept=".png,.jpg,.jpeg" file={form.values.file} storedName={stored} onPick={(f) => form.setFieldValue('file', f)}
          onRemove={() => { void form.setFieldValue('file', null); void form.setFieldValue('removed', true); }} onRejected={() => toast.error(t('schedules.form.onlyImages'))}
          chooseLabel={t('schedules.form.attach')} removeLabel={t('schedules.form.removeAttach')} testId="schedule-file" />
        <div className="dialog-actions">
          {schedule && <Button type="button" severity="danger" outlined icon="pi pi-trash" label={t('common.delete')} onClick={remove} style={{ marginRight: 'auto' }} />}
          <Button type="button" text label={t('common.cancel')} onClick={onHide} />
          <Button type="submit" label={t('common.save')} loading={form.isSubmitting} disabled={state === 'sent'} />
        </div>
      </form>
    </Dialog>
  );
}
