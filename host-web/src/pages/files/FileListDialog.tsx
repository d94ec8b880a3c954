import { useEffect, useState } from 'react';
import * as Yup from 'yup';
import { useTranslation } from 'react-i18next';
import { InputText } from 'primereact/inputtext';
import { Button } from 'primereact/button';
import { api } from '../../api/client';
import { toast } from '../../toast/toast';
import { FilePick } from '../../components/FilePick';
import { FormDialog, TextField, useFormDialog } from '../../blocks';
import type { FileList, OptionRow } from './types';

/**
 * The new files of the saved list, sent together to POST /files/uploadList/{id}. Each file's form field is its
 * option's name, which is how the server attaches it to that option (not merely to the next one in order).
 */
async function uploadFiles(saved: FileList, rows: OptionRow[]) {
  const form = new FormData();
  let count = 0;
  rows.forEach((row) => {
    if (!row.file) return;
    form.append(row.name || row.file.name, row.file);
    count++;
  });
  return count ? api.upload<FileList>(`/files/uploadList/${saved.id}`, form) : undefined;
}

/** File list form: name (at least 3), message (required), rows each with a description and a file. */
export function FileListDialog({ record, visible, onHide, onSaved }: { record: FileList | null; visible: boolean; onHide: () => void; onSaved: (f: FileList) => void }) {
  const { t } = useTranslation();
  const [full, setFull] = useState<FileList | null>(null);
  useEffect(() => {
    setFull(null);
    if (visible && record) api.get<FileList>(`/files/${record.id}`).then(setFull).catch((err) => toast.error(err));
  }, [visible, record]);
  const source = full ?? record;
  const form = useFormDialog({
    initialValues: { name: source?.name ?? '', message: source?.message ?? '', options: (source?.options ?? []).map((o) => ({ ...o, file: null })) as OptionRow[] },
    validationSchema: Yup.object({
      name: Yup.string().trim().min(3, t('files.form.short')).required(t('validation.required')),
      message: Yup.string().trim().required(t('validation.required')),
      options: Yup.array().test('files', t('files.form.fileRequired'), (rows) => (rows as OptionRow[] | undefined ?? []).every((r) => r.file || r.path)),
    }),
    save: async (values) => {
      const body = { name: values.name.trim(), message: values.message, options: values.options.map(({ file, ...o }) => ({ ...o, name: o.name || file?.name || '', mediaType: file?.type ?? o.mediaType ?? null })) };
      const saved = record ? await api.put<FileList>(`/files/${record.id}`, body) : await api.post<FileList>('/files', body);
      const uploaded = await uploadFiles(saved, values.options);
      return uploaded && typeof uploaded === 'object' ? { ...saved, ...uploaded } : saved;
    },
    successMessage: t('files.saved'), onSaved, onHide,
  });
  const rows = form.values.options;
  const setRow = (i: number, patch: Partial<OptionRow>) => form.setFieldValue('options', rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <FormDialog header={t(record ? 'files.form.titleEdit' : 'files.form.titleAdd')} visible={visible} onHide={onHide} form={form} width={640} testId="file-list-form">
      <TextField form={form} name="name" id="f-name" label={t('files.form.name')} autoFocus />
      <TextField form={form} name="message" id="f-message" label={t('files.form.message')} rows={3} />
      <label>{t('files.form.options')}</label>
      {rows.map((row, i) => (
        <div key={row.id ?? `new-${i}`} className="form-row" style={{ alignItems: 'center' }}>
          <InputText value={row.name} placeholder={t('files.form.optionName')} aria-label={t('files.form.optionName')} onChange={(e) => setRow(i, { name: e.target.value })} />
          <FilePick file={row.file ?? null} storedName={row.path ? row.path.split('/').pop() : null} onPick={(f) => setRow(i, { file: f, name: row.name || f.name })}
            chooseLabel={t('files.form.choose')} removeLabel={t('files.form.remove')} />
          <Button type="button" text rounded severity="danger" icon="pi pi-trash" style={{ flex: '0 0 auto' }} aria-label={t('files.form.removeOption')} onClick={() => form.setFieldValue('options', rows.filter((_, j) => j !== i))} />
        </div>
      ))}
      {form.submitCount > 0 && typeof form.errors.options === 'string' && <small className="p-error field-error" data-testid="error-options">{form.errors.options}</small>}
      <div><Button type="button" outlined size="small" icon="pi pi-plus" label={t('files.form.addOption')} onClick={() => form.setFieldValue('options', [...rows, { name: '', file: null }])} /></div>
    </FormDialog>
  );
}
