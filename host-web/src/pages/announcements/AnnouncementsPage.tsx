import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Tag } from 'primereact/tag';
import './i18n';
import { ListPage, useListPage } from '../../blocks';
import { useSession } from '../../session/useSession';
import { toast } from '../../toast/toast';
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
  const { list, dialog, props } = useListPage<Announcement>({
    path: '/announcements', key: 'records', live: { name: 'announcement', event: 'company-announcement' }, search: t('announcements.search'),
    remove: { path: (a) => `/announcements/${a.id}`, message: t('announcements.deleteConfirm'), doneMessage: t('announcements.deleted') },
  });
  return (
    <ListPage<Announcement> testId="announcements" title={t('announcements.title')} addLabel={t('announcements.add')} {...props}
      columns={[
        { header: t('announcements.titleCol'), body: (a) => a.title },
        { header: t('announcements.priority'), body: (a) => <Tag value={t(`announcements.priorities.${a.priority}`, { defaultValue: String(a.priority) })} style={{ background: PRIORITY_COLOURS[a.priority] ?? PRIORITY_COLOURS[3] }} /> },
        { header: t('announcements.media'), body: (a) => (a.mediaName ? <a href={mediaUrl(a.mediaPath)} target="_blank" rel="noreferrer">{a.mediaName}</a> : '') },
        { header: t('announcements.status'), body: (a) => t(a.status ? 'announcements.active' : 'announcements.inactive') },
      ]}
    >
      <AnnouncementDialog record={dialog.editing} visible={dialog.visible} onHide={dialog.hide} onSaved={list.upsertItem} />
    </ListPage>
  );
}
