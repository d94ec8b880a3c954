import { useFormik } from 'formik';
import * as Yup from 'yup';
import { useTranslation } from 'react-i18next';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { InputSwitch } from 'primereact/inputswitch';
import { Button } from 'primereact/button';
import { api } from '../../api/client';
import { useSession } from '../../session/useSession';
import { toast } from '../../toast/toast';
import { FieldError } from '../../components/FieldError';
import { ColorField } from '../../components/ColorField';
import type { Tag } from './types';

/** Tag form: name (at least 3), colour, and the Kanban lane switch for admins only. */
export function TagDialog({ tag, visible, onHide, onSaved }: { tag: Tag | null; visible: boolean; onHide: () => void; onSaved: (t: Tag) => void }) {
  const { t } = useTranslation();
  const { isAdmin } = useSession();
  const form = useFormik({
    enableReinitialize: true,
    initialValues: { name: tag?.name ?? '', color: tag?.color ?? '#5C59A0', kanban: tag?.kanban ?? 0 },
    validationSchema: Yup.object({
      name: Yup.string().trim().min(3, t('tags.form.short')).required(t('validation.required')),
      color: Yup.string().min(3, t('validation.tooShort')).max(20, t('validation.tooLong')),
    }),
    onSubmit: async (values) => {
      const body = { name: values.name.trim(), color: values.color, ...(isAdmin ? { kanban: values.kanban } : {}) };
      try {
        const saved = tag ? await api.put<Tag>(`/tags/${tag.id}`, body) : await api.post<Tag>('/tags', body);
        toast.success(t('tags.saved')); onSaved(saved); onHide();
      } catch (err) { toast.error(err); }
    },
  });
  return (
    <Dialog header={t(tag ? 'tags.form.titleEdit' : 'tags.form.titleAdd')} visible={visible} onHide={onHide} style={{ width: 'min(440px, 96vw)' }}>
      <form onSubmit={form.handleSubmit} className="form-grid" data-testid="tag-form">
        <label htmlFor="t-name">{t('tags.name')}</label><InputText id="t-name" autoFocus {...form.getFieldProps('name')} /><FieldError form={form} name="name" />
        <label htmlFor="t-color">{t('tags.color')}</label>
        <ColorField id="t-color" value={form.values.color} onChange={(v) => form.setFieldValue('color', v)} /><FieldError form={form} name="color" />
        {isAdmin && (
          <label className="settings-toggle">
            <InputSwitch checked={form.values.kanban === 1} onChange={(e) => form.setFieldValue('kanban', e.value ? 1 : 0)} data-testid="tag-kanban" />
            {t('tags.form.kanban')}
          </label>
        )}
        <div className="dialog-actions">
          <Button type="button" text label={t('common.cancel')} onClick={onHide} />
          <Button type="submit" label={t('common.save')} loading={form.isSubmitting} />
        </div>
      </form>
    </Dialog>
  );
}
