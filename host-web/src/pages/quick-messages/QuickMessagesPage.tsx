import { useTranslation } from 'react-i18next';
import './i18n';
import { ListPage, useListPage } from '../../blocks';
import { useSession } from '../../session/useSession';
import { mediaUrl } from '../../util/media';
import { QuickMessageDialog } from './QuickMessageDialog';
import type { QuickMessage } from './types';

const ellipsis = { maxWidth: 360, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

/** Quick replies: search, infinite scroll, shortcode and attachment name, add / edit / delete, live from company-{id}-quickmessage. */
export default function QuickMessagesPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const { list, dialog, props } = useListPage<QuickMessage>({
    path: '/quick-messages', key: 'records', query: { userId: user?.id }, search: t('quickMessages.search'),
    // Someone else's private reply never shows here.
    live: { name: 'quickmessage', key: 'quickMessage', accept: (q) => q.geral !== false || !q.userId || q.userId === user?.id },
    remove: { path: (q) => `/quick-messages/${q.id}`, message: t('quickMessages.deleteConfirm'), doneMessage: t('quickMessages.deleted') },
  });
  return (
    <ListPage<QuickMessage> testId="quick-messages" title={t('quickMessages.title')} addLabel={t('quickMessages.add')} {...props}
      columns={[
        { header: t('quickMessages.shortcode'), body: (q) => <code>/{q.shortcode}</code> },
        { header: t('quickMessages.message'), body: (q) => <div style={ellipsis}>{q.message}</div> },
        { header: t('quickMessages.attachment'), body: (q) => (q.mediaName ? (q.mediaPath ? <a href={mediaUrl(q.mediaPath)} target="_blank" rel="noreferrer">{q.mediaName}</a> : q.mediaName) : '') },
        { header: t('quickMessages.geral'), body: (q) => (q.geral ? <i className="pi pi-check" aria-label={t('quickMessages.geral')} /> : null) },
      ]}
    >
      <QuickMessageDialog record={dialog.editing} visible={dialog.visible} onHide={dialog.hide} onSaved={list.upsertItem} />
    </ListPage>
  );
}
