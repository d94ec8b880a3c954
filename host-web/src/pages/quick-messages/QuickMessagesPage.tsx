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
import { useSession } from '../../session/useSession';
import { upsert } from '../../data/connections';
import { confirmDelete } from '../../util/confirmDelete';
import { mediaUrl } from '../../util/media';
import { QuickMessageDialog } from './QuickMessageDialog';
import type { QuickMessage } from './types';

/** Quick replies: search, infinite scroll, shortcode and attachment name, add / edit / delete, live from company-{id}-quickmessage. */
export default function QuickMessagesPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const [search, setSearch] = useState('');
  const searchParam = useDebounce(search, 500);
  const { items, setItems, onScroll, loading } = usePagedList<QuickMessage>('/quick-messages', 'records', { searchParam, userId: user?.id });
  const dialog = useEditDialog<QuickMessage>();
  // Someone else's private reply never shows here.
  useLiveRows<QuickMessage>('quickmessage', setItems, { key: 'quickMessage', accept: (q) => q.geral !== false || !q.userId || q.userId === user?.id });
  const remove = (q: QuickMessage) => confirmDelete(`/quick-messages/${q.id}`, {
    message: t('quickMessages.deleteConfirm'), doneMessage: t('quickMessages.deleted'), onDone: () => setItems((l) => l.filter((x) => x.id !== q.id)),
  });
  return (
    <div data-testid="quick-messages-page" style={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <div className="page-header">
        <h2>{t('quickMessages.title')}</h2>
        <InputText value={search} onChange={(e) => setSearch(e.target.value)} placeholder={t('quickMessages.search')} />
        <Button icon="pi pi-plus" label={t('quickMessages.add')} onClick={() => dialog.open()} data-testid="quick-messages-add" />
      </div>
      <div className="scroll-area" onScroll={onScroll} style={{ flex: 1, minHeight: 0 }}>
        <table className="simple-table" data-testid="quick-messages-table">
          <thead><tr><th>{t('quickMessages.shortcode')}</th><th>{t('quickMessages.message')}</th><th>{t('quickMessages.attachment')}</th><th>{t('quickMessages.geral')}</th><th>{t('quickMessages.actions')}</th></tr></thead>
          <tbody>
            {items.map((q) => (
              <tr key={q.id}>
                <td><code>/{q.shortcode}</code></td>
                <td style={{ maxWidth: 360, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{q.message}</td>
                <td>{q.mediaName ? (q.mediaPath ? <a href={mediaUrl(q.mediaPath)} target="_blank" rel="noreferrer">{q.mediaName}</a> : q.mediaName) : ''}</td>
                <td>{q.geral ? <i className="pi pi-check" aria-label={t('quickMessages.geral')} /> : null}</td>
                <td className="row-actions">
                  <Button text rounded icon="pi pi-pencil" aria-label={t('common.edit')} onClick={() => dialog.open(q)} />
                  <Button text rounded severity="danger" icon="pi pi-trash" aria-label={t('common.delete')} onClick={() => remove(q)} />
                </td>
              </tr>
            ))}
            {!loading && items.length === 0 && <tr><td colSpan={5} className="muted">{t('common.noRecords')}</td></tr>}
          </tbody>
        </table>
      </div>
      <ConfirmDialog />
      <QuickMessageDialog record={dialog.editing} visible={dialog.visible} onHide={dialog.hide} onSaved={(q) => setItems((l) => upsert(l, q))} />
    </div>
  );
}
