import { useFormik } from 'formik';
import * as Yup from 'yup';
import { useTranslation } from 'react-i18next';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { Dropdown } from 'primereact/dropdown';
import { InputSwitch } from 'primereact/inputswitch';
import { Button } from 'primereact/button';
import { api } from '../../api/client';
import { toast } from '../../toast/toast';
import { FieldError } from '../../components/FieldError';
import { FilePick } from '../../components/FilePick';
import { syncMedia } from '../../util/media';
import type { Announcement } from './types';

/** Announcement form: title and text required, priority 1-3 (default 3), active (default on), optional png/jpg/jpeg image. */
export function AnnouncementDialog({ record, visible, onHide, onSaved }: { record: Announcement | null; visible: boolean; onHide: () => void; onSaved: (a: Announcement) => void }) {
  const { t } = useTranslation();
  const form = useFormik({
    enableReinitialize: true,
    initialValues: { title: record?.title ?? '', text: record?.text ?? '', priority: record?.priority ?? 3, status: record?.status ?? true, file: null as File | null, removed: false },
    validationSchema: Yup.object({
      title: Yup.string().trim().required(t('validation.required')).max(255, t('validation.tooLong')),
      text: Yup.string().trim().required(t('validation.required')),
    }),
    onSubmit: async ({ file, removed, ...values }) => {
      try {
        let saved = record ? await api.put<Announcement>(`/announcements/${record.id}`, values) : await api.post<Announcement>('/announcements', values);
        const media = await syncMedia(`/announcements/${saved.id}/media-upload`, { file, removed: removed && !!record?.mediaPath });
        if (media && typeof media === 'object') saved = { ...saved, ...(media as Partial<Announcement>) };
        toast.success(t('announcements.saved')); onSaved(saved); onHide();
      } catch (err) { toast.error(err); }
    },
  });
  const priorities = [1, 2, 3].map((p) => ({ value: p, label: `${p} — ${t(`announcements.priorities.${p}`)}` }));
  return (
    <Dialog header={t(record ? 'announcements.form.titleEdit' : 'announcements.form.titleAdd')} visible={visible} onHide={onHide} style={{ width: 'min(560px, 96vw)' }}>
      <form onSubmit={form.handleSubmit} className="form-grid" data-testid="announcement-form">
        <label htmlFor="a-title">{t('announcements.form.title')}</label><InputText id="a-title" autoFocus {...form.getFieldProps('title')} /><FieldError form={form} name="title" />
        <label htmlFor="a-text">{t('announcements.form.text')}</label><InputTextarea id="a-text" rows={5} autoResize {...form.getFieldProps('text')} /><FieldError form={form} name="text" />
        <div className="form-row" style={{ alignItems: 'end' }}>
          <div className="form-grid"><label htmlFor="a-priority">{t('announcements.priority')}</label>
            <Dropdown inputId="a-priority" value={form.values.priority} options={priorities} onChange={(e) => form.setFieldValue('priority', e.value)} /></div>
          <label className="settings-toggle"><InputSwitch checked={form.values.status} onChange={(e) => form.setFieldValue('status', !!e.value)} />{t(form.values.status ? 'announcements.active' : 'announcements.inactive')}</label>
        </div>
        <label>{t('announcements.media')}</label>
        <FilePick accept=".png,.jpg,.jpeg" file={form.values.file} storedName={form.values.removed ? null : record?.mediaName} onPick={(f) => form.setFieldValue('file', f)}
          onRemove={() => { void form.setFieldValue('file', null); void form.setFieldValue('removed', true); }} onRejected={() => toast.error(t('announcements.form.onlyImages'))}
          chooseLabel={t('announcements.form.attach')} removeLabel={t('announcements.form.removeAttach')} testId="announcement-file" />
        <div className="dialog-actions">
          <Button type="button" text label={t('common.cancel')} onClick={onHide} />
          <Button type="submit" label={t('common.save')} loading={form.isSubmitting} />
        </div>
      </form>
    </Dialog>
  );
}
