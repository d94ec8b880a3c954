import * as Yup from 'yup';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';
import { FormDialog, TextField, useFormDialog } from '../../../blocks';
import { failToast } from '../adminToasts';
import type { AdminHelp } from '../types';

/** Help entry form: title (required), video code, description. */
export function HelpDialog({ help, visible, onHide, onSaved }: { help: AdminHelp | null; visible: boolean; onHide: () => void; onSaved: (h: AdminHelp) => void }) {
  const { t } = useTranslation();
  const form = useFormDialog({
    initialValues: { title: help?.title ?? '', video: help?.video ?? '', description: help?.description ?? '' },
    validationSchema: Yup.object({
      title: Yup.string().trim().max(255, t('validation.tooLong')).required(t('validation.required')),
      video: Yup.string().max(255, t('validation.tooLong')),
      description: Yup.string().max(10_000, t('validation.tooLong')),
    }),
    save: (v) => {
      const body = { title: v.title.trim(), video: v.video.trim() || null, description: v.description.trim() || null };
      return help ? api.put<AdminHelp>(`/helps/${help.id}`, body) : api.post<AdminHelp>('/helps', body);
    },
    successMessage: t('settings.helps.toasts.success'), onSaved, onHide,
    onError: (err) => failToast(err, 'settings.helps.toasts.error'),
  });
  return (
    <FormDialog header={t(help ? 'settings.helps.titleEdit' : 'settings.helps.titleAdd')} visible={visible} onHide={onHide} form={form} width={520} testId="help-form" saveTestId="help-save">
      <TextField form={form} name="title" id="hp-title" label={t('settings.helps.fields.title')} autoFocus />
      <TextField form={form} name="video" id="hp-video" label={t('settings.helps.fields.video')} hint={t('settings.helps.videoHint')} />
      <TextField form={form} name="description" id="hp-desc" label={t('settings.helps.fields.description')} rows={5} />
    </FormDialog>
  );
}
