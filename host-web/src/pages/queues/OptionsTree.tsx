import { useCallback, useEffect, useState } from 'react';
import { useFormik } from 'formik';
import * as Yup from 'yup';
import { useTranslation } from 'react-i18next';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { Button } from 'primereact/button';
import { api } from '../../api/client';
import { toast } from '../../toast/toast';
import { confirmDelete } from '../../blocks';
import { FieldError } from '../../components/FieldError';
import type { QueueOption } from './types';

/** The chatbot menu of a queue: the top level, each level loaded only when its parent is opened. */
export function OptionsTree({ queueId }: { queueId: number }) {
  const { t } = useTranslation();
  return (
    <div className="options-tree" data-testid="queue-options">
      <p className="muted" style={{ marginTop: 0 }}>{t('queues.options.hint')}</p>
      <OptionLevel queueId={queueId} parentId={null} />
    </div>
  );
}

/** One parent's children (GET /queue-options?queueId&parentId=-1|id), reloaded after a change so numbers stay right. */
function OptionLevel({ queueId, parentId }: { queueId: number; parentId: number | null }) {
  const { t } = useTranslation();
  const [options, setOptions] = useState<QueueOption[] | null>(null);
  const [adding, setAdding] = useState(false);
  const load = useCallback(() => {
    api.get<QueueOption[]>('/queue-options', { queueId, parentId: parentId ?? -1 }).then(setOptions).catch((err) => { setOptions([]); toast.error(err); });
  }, [queueId, parentId]);
  useEffect(load, [load]);
  const depth = parentId === null ? 0 : 1;
  return (
    <div className="option-level" style={{ marginLeft: depth ? '1.25rem' : 0, borderLeft: depth ? '2px solid var(--surface-border)' : undefined, paddingLeft: depth ? '0.6rem' : 0 }}>
      {options === null && <span className="muted">{t('common.loading')}</span>}
      {options?.length === 0 && !adding && <span className="muted">{t('queues.options.empty')}</span>}
      {options?.map((o) => <OptionItem key={o.id} option={o} onChanged={load} />)}
      {adding
        ? <OptionEditor queueId={queueId} parentId={parentId} onDone={() => { setAdding(false); load(); }} onCancel={() => setAdding(false)} />
        : <Button type="button" text size="small" icon="pi pi-plus" label={t(parentId === null ? 'queues.options.add' : 'queues.options.addChild')} onClick={() => setAdding(true)} data-testid="option-add" />}
    </div>
  );
}

function OptionItem({ option, onChanged }: { option: QueueOption; onChanged: () => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState(false);
  if (editing) return <OptionEditor option={option} queueId={option.queueId} parentId={option.parentId ?? null} onDone={() => { setEditing(false); onChanged(); }} onCancel={() => setEditing(false)} />;
  return (
    <div className="option-item" data-testid="option-item">
      <div className="row-actions" style={{ flexWrap: 'nowrap' }}>
        <Button type="button" text rounded size="small" icon={open ? 'pi pi-chevron-down' : 'pi pi-chevron-right'} aria-label={t(open ? 'queues.options.hideChildren' : 'queues.options.showChildren')} onClick={() => setOpen((o) => !o)} />
        <span style={{ flex: 1, minWidth: 0 }}><strong>{option.option}</strong> — {option.title}{option.message ? <span className="muted"> · {option.message.slice(0, 60)}</span> : null}</span>
        <Button type="button" text rounded size="small" icon="pi pi-pencil" aria-label={t('common.edit')} onClick={() => setEditing(true)} />
        <Button type="button" text rounded size="small" severity="danger" icon="pi pi-trash" aria-label={t('common.delete')}
          onClick={() => confirmDelete(`/queue-options/${option.id}`, { message: t('queues.options.deleteConfirm'), doneMessage: t('queues.options.deleted'), onDone: onChanged })} />
      </div>
      {open && <OptionLevel queueId={option.queueId} parentId={option.id} />}
    </div>
  );
}

/** Title (required) and message of a new or existing option; a new one goes last among its siblings. */
function OptionEditor({ option, queueId, parentId, onDone, onCancel }: { option?: QueueOption; queueId: number; parentId: number | null; onDone: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const form = useFormik({
    initialValues: { title: option?.title ?? '', message: option?.message ?? '' },
    validationSchema: Yup.object({ title: Yup.string().trim().required(t('queues.options.titleRequired')).max(255, t('validation.tooLong')) }),
    onSubmit: async (values) => {
      const body = { title: values.title.trim(), message: values.message, queueId, parentId: parentId ?? -1 };
      try {
        if (option) await api.put(`/queue-options/${option.id}`, body); else await api.post('/queue-options', body);
        toast.success(t('queues.options.saved')); onDone();
      } catch (err) { toast.error(err); }
    },
  });
  return (
    <div className="form-grid option-editor" style={{ padding: '0.5rem', border: '1px dashed var(--surface-border)', borderRadius: 6, margin: '0.25rem 0' }} data-testid="option-editor">
      <InputText autoFocus placeholder={t('queues.options.title')} aria-label={t('queues.options.title')} {...form.getFieldProps('title')} />
      <FieldError form={form} name="title" />
      <InputTextarea rows={3} autoResize placeholder={t('queues.options.message')} aria-label={t('queues.options.message')} {...form.getFieldProps('message')} />
      <div className="row-actions" style={{ justifyContent: 'flex-end' }}>
        <Button type="button" text size="small" label={t('common.cancel')} onClick={onCancel} />
        <Button type="button" size="small" label={t('common.save')} loading={form.isSubmitting} onClick={() => void form.submitForm()} />
      </div>
    </div>
  );
}
