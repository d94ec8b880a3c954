import { useFormik } from 'formik';
import * as Yup from 'yup';
import { useTranslation } from 'react-i18next';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { InputSwitch } from 'primereact/inputswitch';
import { Button } from 'primereact/button';
import { api } from '../../api/client';
import { toast } from '../../toast/toast';
import { FieldError } from '../../components/FieldError';
import { FilePick } from '../../components/FilePick';
import { syncMedia } from '../../util/media';
import type { QuickMessage } from './types';

/** Quick reply form: shortcode (required), message, shared switch, one attachment uploaded after the save. */
export function QuickMessageDialog({ record, visible, onHide, onSaved }: { record: QuickMessage | null; visible: boolean; onHide: () => void; onSaved: (q: QuickMessage) => void }) {
  const { t } = useTranslation();
  const form = useFormik({
    enableReinitialize: true,
    initialValues: { shortcode: record?.shortcode ?? '', message: record?.message ?? '', geral: record?.geral ?? false, file: null as File | null, removed: false },
    validationSchema: Yup.object({ shortcode: Yup.string().trim().required(t('validation.required')).max(100, t('validation.tooLong')) }),
    onSubmit: async ({ file, removed, ...values }) => {
      try {
        const body = { ...values, shortcode: values.shortcode.trim() };
        let saved = record ? await api.put<QuickMessage>(`/quick-messages/${record.id}`, body) : await api.post<QuickMessage>('/quick-messages', body);
        const media = await syncMedia(`/quick-messages/${saved.id}/media-upload`, { file, removed: removed && !!record?.mediaPath, extra: { typeArch: 'quickMessage' } });
        if (media && typeof media === 'object') saved = { ...saved, ...(media as Partial<QuickMessage>) };
        else if (file) saved = { ...saved, mediaName: file.name };
        else if (removed) saved = { ...saved, mediaName: null, mediaPath: null };
        toast.success(t('quickMessages.saved')); onSaved(saved); onHide();
      } catch (err) { toast.error(err); }
    },
  });
  const stored = form.values.removed ? null : record?.mediaName;
  return (
    <Dialog header={t(record ? 'quickMessages.form.titleEdit' : 'quickMessages.form.titleAdd')} visible={visible} onHide={onHide} style={{ width: 'min(560px, 96vw)' }}>
      <form onSubmit={form.handleSubmit} className="form-grid" data-testid="quick-message-form">
        <label htmlFor="qm-shortcode">{t('quickMessages.shortcode')}</label>
        <InputText id="qm-shortcode" autoFocus {...form.getFieldProps('shortcode')} /><FieldError form={form} name="shortcode" />
        <small className="muted">{t('quickMessages.form.hint')}</small>
        <label htmlFor="qm-message">{t('quickMessages.message')}</label>
        <InputTextarea id="qm-message" rows={5} autoResize {...form.getFieldProps('message')} />
        <label className="settings-toggle"><InputSwitch checked={form.values.geral} onChange={(e) => form.setFieldValue('geral', !!e.value)} />{t('quickMessages.form.geral')}</label>
        <label>{t('quickMessages.attachment')}</label>
        <FilePick file={form.values.file} storedName={stored} onPick={(f) => form.setFieldValue('file', f)}
          onRemove={() => { void form.setFieldValue('file', null); void form.setFieldValue('removed', true); }}
          chooseLabel={t('quickMessages.form.attach')} removeLabel={t('quickMessages.form.removeAttach')} testId="qm-file" />
        <div className="dialog-actions">
          <Button type="button" text label={t('common.cancel')} onClick={onHide} />
          <Button type="submit" label={t('common.save')} loading={form.isSubmitting} />
        </div>
      </form>
    </Dialog>
  );
}
