import { useTranslation } from 'react-i18next';
import './i18n';
import { ListPage, useListPage } from '../../blocks';
import { FileListDialog } from './FileListDialog';
import type { FileList } from './types';

/** File lists: search (500 ms), infinite scroll, add / edit / delete, live from company-{id}-file. */
export default function FilesPage() {
  const { t } = useTranslation();
  const { list, dialog, props } = useListPage<FileList>({
    path: '/files', key: 'files', live: { name: 'file', key: ['file', 'files', 'fileList'] }, search: t('files.search'),
    remove: { path: (f) => `/files/${f.id}`, message: t('files.deleteConfirm'), doneMessage: t('files.deleted') },
  });
  return (
    <ListPage<FileList> testId="files" title={t('files.title')} addLabel={t('files.add')} {...props}
      columns={[
        { header: t('files.name'), body: (f) => f.name },
        { header: t('files.files'), body: (f) => f.options?.length ?? '' },
      ]}>
      <FileListDialog record={dialog.editing} visible={dialog.visible} onHide={dialog.hide} onSaved={list.upsertItem} />
    </ListPage>
  );
}
