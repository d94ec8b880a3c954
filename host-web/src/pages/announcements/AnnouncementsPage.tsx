import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { InputText } from 'primereact/inputtext';
import { Button } from 'primereact/button';
import { Tag } from 'primereact/tag';
import { ConfirmDialog } from 'primereact/confirmdialog';
import './i18n';
import { useDebounce } from '../../hooks/useDebounce';
import { usePagedList } from '../../hooks/usePagedList';
import { useLiveRows } from '../../hooks/useLiveRows';
import { useEditDialog } from '../../hooks/useEditDialog';
import { useSession } from '../../session/useSession';
import { upsert } from '../../data/connections';
import { toast } from '../../toast/toast';
import { confirmDelete } from '../../util/confirmDelete';
import { mediaUrl } from '../../util/media';
import { AnnouncementDialog } from './AnnouncementDialog';
import { PRIORITY_COLOURS, type Announcement } from './types';

const REDIRECT_MS = 1000;

/** Announcements (super user): search, infinite scroll, add / edit / delete, live from company-announcement. Others: info toast, then / after 1 s. */
export default function AnnouncementsPage() {
  const { isSuper } = useSession();
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEffect(() => {
    if (isSuper) return;
    toast.info(t('announcements.superOnly'));
    const id = setTimeout(() => navigate('/', { replace: true }), REDIRECT_MS);
    return () => clearTimeout(id);
  }, [isSuper, navigate, t]);
  return isSuper ? <AnnouncementsList /> : null;
}

function AnnouncementsList() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const searchParam = useDebounce(search, 500);
  const { items, setItems, onScroll, loading } = usePagedList<Announcement>('/announcements', 'records', { searchParam });
  const dialog = useEditDialog<Announcement>();
  useLiveRows<Announcement>('announcement', setItems, { event: 'company-announcement' });
  const remove = (a: Announcement) => confirmDelete(`/announcements/${a.id}`, {
    message: t('announcements.deleteConfirm'), doneMessage: t('announcements.deleted'), onDone: () => setItems((l) => l.filter((x) => x.id !== a.id)),
  });
  return (
    <div data-testid="announcements-page" style={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <div className="page-header">
        <h2>{t('announcements.title')}</h2>
        <InputText value={search} onChange={(e) => setSearch(e.target.value)} placeholder={t('announcements.search')} />
        <Button icon="pi pi-plus" label={t('announcements.add')} onClick={() => dialog.open()} data-testid="announcements-add" />
      </div>
      <div className="scroll-area" onScroll={onScroll} style={{ flex: 1, minHeight: 0 }}>
        <table className="simple-table" data-testid="announcements-table">
          <thead><tr><th>{t('announcements.titleCol')}</th><th>{t('announcements.priority')}</th><th>{t('announcements.media')}</th><th>{t('announcements.status')}</th><th>{t('announcements.actions')}</th></tr></thead>
          <tbody>
            {items.map((a) => (
              <tr key={a.id}>
                <td>{a.title}</td>
                <td><Tag value={t(`announcements.priorities.${a.priority}`, { defaultValue: String(a.priority) })} style={{ background: PRIORITY_COLOURS[a.priority] ?? PRIORITY_COLOURS[3] }} /></td>
                <td>{a.mediaName ? <a href={mediaUrl(a.mediaPath)} target="_blank" rel="noreferrer">{a.mediaName}</a> : ''}</td>
                <td>{t(a.status ? 'announcements.active' : 'announcements.inactive')}</td>
                <td className="row-actions">
                  <Button text rounded icon="pi pi-pencil" aria-label={t('common.edit')} onClick={() => dialog.open(a)} />
                  <Button text rounded severity="danger" icon="pi pi-trash" aria-label={t('common.delete')} onClick={() => remove(a)} />
                </td>
              </tr>
            ))}
            {!loading && items.length === 0 && <tr><td colSpan={5} className="muted">{t('common.noRecords')}</td></tr>}
          </tbody>
        </table>
      </div>
      <ConfirmDialog />
      <AnnouncementDialog record={dialog.editing} visible={dialog.visible} onHide={dialog.hide} onSaved={(a) => setItems((l) => upsert(l, a))} />
    </div>
  );
}
