import * as Yup from 'yup';
import { useTranslation } from 'react-i18next';
import { Dropdown } from 'primereact/dropdown';
import { InputSwitch } from 'primereact/inputswitch';
import { api } from '../../api/client';
import { toast } from '../../toast/toast';
import { FilePick } from '../../components/FilePick';
import { FormDialog, TextField, useFormDialog } from '../../blocks';
import { syncMedia } from '../../util/media';
import type { Announcement } from './types';

/** Announcement form: title and text required, priority 1-3 (default 3), active (default on), optional png/jpg/jpeg image. */
export function AnnouncementDialog({ record, visible, onHide, onSaved }: { record: Announcement | null; visible: boolean; onHide: () => void; onSaved: (a: Announcement) => void }) {
  const { t } = useTranslation();
  const form = useFormDialog({
    initialValues: { title: record?.title ?? '', text: record?.text ?? '', priority: record?.priority ?? 3, status: record?.status ?? true, file: null as File | null, removed: false },
    validationSchema: Yup.object({
      title: Yup.string().trim().required(t('validation.required')).max(255, t('validation.tooLong')),
      text: Yup.string().trim().required(t('validation.required')),
    }),
    save: async ({ file, removed, ...values }) => {
      const saved = record ? await api.put<Announcement>(`/announcements/${record.id}`, values) : await api.post<Announcement>('/announcements', values);
      const media = await syncMedia(`/announcements/${saved.id}/media-upload`, { file, removed: removed && !!record?.mediaPath });
      return media && typeof media === 'object' ? { ...saved, ...(media as Partial<Announcement>) } : saved;
    },
    successMessage: t('announcements.saved'), onSaved, onHide,
  });
  const priorities = [1, 2, 3].map((p) => ({ value: p, label: `${p} — ${t(`announcements.priorities.${p}`)}` }));
  return (
    <FormDialog header={t(record ? 'announcements.form.titleEdit' : 'announcements.form.titleAdd')} visible={visible} onHide={onHide} form={form} testId="announcement-form">
      <TextField form={form} name="title" id="a-title" label={t('announcements.form.title')} autoFocus />
      <TextField form={form} name="text" id="a-text" label={t('announcements.form.text')} rows={5} />
      <div className="form-row" style={{ alignItems: 'end' }}>
        <div className="form-grid"><label htmlFor="a-priority">{t('announcements.priority')}</label>
          <Dropdown inputId="a-priority" value={form.values.priority} options={priorities} onChange={(e) => form.setFieldValue('priority', e.value)} /></div>
        <label className="settings-toggle"><InputSwitch checked={form.values.status} onChange={(e) => form.setFieldValue('status', !!e.value)} />{t(form.values.status ? 'announcements.active' : 'announcements.inactive')}</label>
      </div>
      <label>{t('announcements.media')}</label>
      <FilePick accept=".png,.jpg,.jpeg" file={form.values.file} storedName={form.values.removed ? null : record?.mediaName} onPick={(f) => form.setFieldValue('file', f)}
        onRemove={() => { void form.setFieldValue('file', null); void form.setFieldValue('removed', true); }} onRejected={() => toast.error(t('announcements.form.onlyImages'))}
        chooseLabel={t('announcements.form.attach')} removeLabel={t('announcements.form.removeAttach')} testId="announcement-file" />
    </FormDialog>
  );
}
