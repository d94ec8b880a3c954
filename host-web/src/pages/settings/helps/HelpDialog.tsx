import { useFormik } from 'formik';
import * as Yup from 'yup';
import { useTranslation } from 'react-i18next';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { Button } from 'primereact/button';
import { api } from '../../../api/client';
import { toast } from '../../../toast/toast';
import { FieldError } from '../../../components/FieldError';
import { failToast } from '../adminToasts';
import type { AdminHelp } from '../types';

/** Help entry form: title (required), video code, description. */
export function HelpDialog({ help, visible, onHide, onSaved }: { help: AdminHelp | null; visible: boolean; onHide: () => void; onSaved: (h: AdminHelp) => void }) {
  const { t } = useTranslation();
  const form = useFormik({
    enableReinitialize: true,
    initialValues: { title: help?.title ?? '', video: help?.video ?? '', description: help?.description ?? '' },
    validationSchema: Yup.object({
      title: Yup.string().trim().max(255, t('validation.tooLong')).required(t('validation.required')),
      video: Yup.string().max(255, t('validation.tooLong')),
      description: Yup.string().max(10_000, t('validation.tooLong')),
    }),
    onSubmit: async (v) => {
      const body = { title: v.title.trim(), video: v.video.trim() || null, description: v.description.trim() || null };
      try {
        const saved = help ? await api.put<AdminHelp>(`/helps/${help.id}`, body) : await api.post<AdminHelp>('/helps', body);
        toast.success(t('settings.helps.toasts.success')); onSaved(saved); onHide();
      } catch (err) { failToast(err, 'settings.helps.toasts.error'); }
    },
  });
  return (
    <Dialog header={t(help ? 'settings.helps.titleEdit' : 'settings.helps.titleAdd')} visible={visible} onHide={onHide} style={{ width: 'min(520px, 96vw)' }}>
      <form onSubmit={form.handleSubmit} className="form-grid" data-testid="help-form">
        <label htmlFor="hp-title">{t('settings.helps.fields.title')}</label><InputText id="hp-title" autoFocus {...form.getFieldProps('title')} /><FieldError form={form} name="title" />
        <label htmlFor="hp-video">{t('settings.helps.fields.video')}</label><InputText id="hp-video" {...form.getFieldProps('video')} />
        <small className="muted">{t('settings.helps.videoHint')}</small><FieldError form={form} name="video" />
        <label htmlFor="hp-desc">{t('settings.helps.fields.description')}</label><InputTextarea id="hp-desc" rows={5} {...form.getFieldProps('description')} /><FieldError form={form} name="description" />
        <div className="dialog-actions">
          <Button type="button" text label={t('common.cancel')} onClick={onHide} />
          <Button type="submit" label={t('common.save')} loading={form.isSubmitting} data-testid="help-save" />
        </div>
      </form>
    </Dialog>
  );
}
