import * as Yup from 'yup';
import { useTranslation } from 'react-i18next';
import { InputSwitch } from 'primereact/inputswitch';
import { api } from '../../api/client';
import { useSession } from '../../session/useSession';
import { FieldError } from '../../components/FieldError';
import { ColorField } from '../../components/ColorField';
import { FormDialog, TextField, useFormDialog } from '../../blocks';
import type { Tag } from './types';

/** Tag form: name (at least 3), colour, and the Kanban lane switch for admins only. */
export function TagDialog({ tag, visible, onHide, onSaved }: { tag: Tag | null; visible: boolean; onHide: () => void; onSaved: (t: Tag) => void }) {
  const { t } = useTranslation();
  const { isAdmin } = useSession();
  const form = useFormDialog({
    initialValues: { name: tag?.name ?? '', color: tag?.color ?? '#5C59A0', kanban: tag?.kanban ?? 0 },
    validationSchema: Yup.object({
      name: Yup.string().trim().min(3, t('tags.form.short')).required(t('validation.required')),
      color: Yup.string().min(3, t('validation.tooShort')).max(20, t('validation.tooLong')),
    }),
    save: (values) => {
      const body = { name: values.name.trim(), color: values.color, ...(isAdmin ? { kanban: values.kanban } : {}) };
      return tag ? api.put<Tag>(`/tags/${tag.id}`, body) : api.post<Tag>('/tags', body);
    },
    successMessage: t('tags.saved'), onSaved, onHide,
  });
  return (
    <FormDialog header={t(tag ? 'tags.form.titleEdit' : 'tags.form.titleAdd')} visible={visible} onHide={onHide} form={form} width={440} testId="tag-form">
      <TextField form={form} name="name" id="t-name" label={t('tags.name')} autoFocus />
      <label htmlFor="t-color">{t('tags.color')}</label>
      <ColorField id="t-color" value={form.values.color} onChange={(v) => form.setFieldValue('color', v)} /><FieldError form={form} name="color" />
      {isAdmin && (
        <label className="settings-toggle">
          <InputSwitch checked={form.values.kanban === 1} onChange={(e) => form.setFieldValue('kanban', e.value ? 1 : 0)} data-testid="tag-kanban" />
          {t('tags.form.kanban')}
        </label>
      )}
    </FormDialog>
  );
}
