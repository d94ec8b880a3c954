import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InputText } from 'primereact/inputtext';
import { Button } from 'primereact/button';
import { ConfirmDialog } from 'primereact/confirmdialog';
import './i18n';
import { useDebounce } from '../../hooks/useDebounce';
import { usePagedList } from '../../hooks/usePagedList';
import { useLiveRows } from '../../hooks/useLiveRows';
import { useEditDialog } from '../../hooks/useEditDialog';
import { upsert } from '../../data/connections';
import { confirmDelete } from '../../util/confirmDelete';
import { FileListDialog } from './FileListDialog';
import type { FileList } from './types';

/** File lists: search (500 ms), infinite scroll, add / edit / delete, live from company-{id}-file. */
export default function FilesPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const searchParam = useDebounce(search, 500);
  const { items, setItems, onScroll, loading } = usePagedList<FileList>('/files', 'files', { searchParam });
  const dialog = useEditDialog<FileList>();
  useLiveRows<FileList>('file', setItems, { key: ['file', 'files', 'fileList'] });
  const remove = (f: FileList) => confirmDelete(`/files/${f.id}`, {
    message: t('files.deleteConfirm'), doneMessage: t('files.deleted'), onDone: () => setItems((l) => l.filter((x) => x.id !== f.id)),
  });
  return (
    <div data-testid="files-page" style={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <div className="page-header">
        <h2>{t('files.title')}</h2>
        <InputText value={search} onChange={(e) => setSearch(e.target.value)} placeholder={t('files.search')} />
        <Button icon="pi pi-plus" label={t('files.add')} onClick={() => dialog.open()} data-testid="files-add" />
      </div>
      <div className="scroll-area" onScroll={onScroll} style={{ flex: 1, minHeight: 0 }}>
        <table className="simple-table" data-testid="files-table">
          <thead><tr><th>{t('files.name')}</th><th>{t('files.files')}</th><th style={{ width: '8rem' }}>{t('files.actions')}</th></tr></thead>
          <tbody>
            {items.map((f) => (
              <tr key={f.id}>
                <td>{f.name}</td>
                <td>{f.options?.length ?? ''}</td>
                <td className="row-actions">
                  <Button text rounded icon="pi pi-pencil" aria-label={t('common.edit')} onClick={() => dialog.open(f)} />
                  <Button text rounded severity="danger" icon="pi pi-trash" aria-label={t('common.delete')} onClick={() => remove(f)} />
                </td>
              </tr>
            ))}
            {!loading && items.length === 0 && <tr><td colSpan={3} className="muted">{t('common.noRecords')}</td></tr>}
          </tbody>
        </table>
      </div>
      <ConfirmDialog />
      <FileListDialog record={dialog.editing} visible={dialog.visible} onHide={dialog.hide} onSaved={(f) => setItems((l) => upsert(l, f))} />
    </div>
  );
}
