import * as Yup from 'yup';
import { useTranslation } from 'react-i18next';
import { InputSwitch } from 'primereact/inputswitch';
import { api } from '../../api/client';
import { FilePick } from '../../components/FilePick';
import { FormDialog, TextField, useFormDialog } from '../../blocks';
import { syncMedia } from '../../util/media';
import type { QuickMessage } from './types';

/** Quick reply form: shortcode (required), message, shared switch, one attachment uploaded after the save. */
export function QuickMessageDialog({ record, visible, onHide, onSaved }: { record: QuickMessage | null; visible: boolean; onHide: () => void; onSaved: (q: QuickMessage) => void }) {
  const { t } = useTranslation();
  const form = useFormDialog({
    initialValues: { shortcode: record?.shortcode ?? '', message: record?.message ?? '', geral: record?.geral ?? false, file: null as File | null, removed: false },
    validationSchema: Yup.object({ shortcode: Yup.string().trim().required(t('validation.required')).max(100, t('validation.tooLong')) }),
    save: async ({ file, removed, ...values }) => {
      const body = { ...values, shortcode: values.shortcode.trim() };
      const saved = record ? await api.put<QuickMessage>(`/quick-messages/${record.id}`, body) : await api.post<QuickMessage>('/quick-messages', body);
      const media = await syncMedia(`/quick-messages/${saved.id}/media-upload`, { file, removed: removed && !!record?.mediaPath, extra: { typeArch: 'quickMessage' } });
      if (media && typeof media === 'object') return { ...saved, ...(media as Partial<QuickMessage>) };
      if (file) return { ...saved, mediaName: file.name };
      if (removed) return { ...saved, mediaName: null, mediaPath: null };
      return saved;
    },
    successMessage: t('quickMessages.saved'), onSaved, onHide,
  });
  const stored = form.values.removed ? null : record?.mediaName;
  return (
    <FormDialog header={t(record ? 'quickMessages.form.titleEdit' : 'quickMessages.form.titleAdd')} visible={visible} onHide={onHide} form={form} testId="quick-message-form">
      <TextField form={form} name="shortcode" id="qm-shortcode" label={t('quickMessages.shortcode')} autoFocus hint={t('quickMessages.form.hint')} />
      <TextField form={form} name="message" id="qm-message" label={t('quickMessages.message')} rows={5} />
      <label className="settings-toggle"><InputSwitch checked={form.values.geral} onChange={(e) => form.setFieldValue('geral', !!e.value)} />{t('quickMessages.form.geral')}</label>
      <label>{t('quickMessages.attachment')}</label>
      <FilePick file={form.values.file} storedName={stored} onPick={(f) => form.setFieldValue('file', f)}
        onRemove={() => { void form.setFieldValue('file', null); void form.setFieldValue('removed', true); }}
        chooseLabel={t('quickMessages.form.attach')} removeLabel={t('quickMessages.form.removeAttach')} testId="qm-file" />
    </FormDialog>
  );
}
