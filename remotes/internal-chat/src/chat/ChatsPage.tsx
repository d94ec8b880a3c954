import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { TabMenu } from 'primereact/tabmenu';
import { Button } from 'primereact/button';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { chatApi } from '../api';
import { useSdk } from '../sdk-context';
import type { Chat, ChatEvent } from '../types';
import { ChatDialog } from './ChatDialog';
import { ChatListView } from './ChatListView';
import { MessagePane } from './MessagePane';
import { styles } from './styles';
import { useChatList } from './useChatList';
import { useNarrow } from './useMediaQuery';

/**
 * /chats/{uuid?} (core §2, extended spec §2): the chat list beside the message pane; on narrow screens
 * two tabs, chats and messages, like the tickets screen. The owner edits and deletes from the pane's header.
 */
export function ChatsPage() {
  const sdk = useSdk();
  const { t } = sdk.useTranslation();
  const { user, companyId } = sdk.useSession();
  const { id: ref } = useParams();
  const navigate = useNavigate();
  const narrow = useNarrow();
  const api = useMemo(() => chatApi(sdk.api), [sdk]);
  const list = useChatList();
  const [tab, setTab] = useState(ref ? 1 : 0);
  const [open, setOpen] = useState<Chat | null>(null);
  const [dialog, setDialog] = useState<{ chat: Chat | null } | null>(null);
  const [confirming, setConfirming] = useState(false);

  // The chat of the address: from the list when it is there, else asked for (a link to an older chat).
  useEffect(() => {
    if (!ref) { setOpen(null); return; }
    const known = list.records.find((c) => c.uuid === ref || String(c.id) === ref);
    if (known) { setOpen(known); return; }
    if (open && (open.uuid === ref || String(open.id) === ref)) return;
    api.chat(ref).then(setOpen, () => { setOpen(null); navigate('/chats', { replace: true }); });
  }, [api, list.records, navigate, open, ref]);

  sdk.useSocketEvent(companyId ? `company-${companyId}-chat` : null, (event: ChatEvent) => {
    if (event.action === 'delete' && open?.id === event.id) navigate('/chats', { replace: true });
  });

  const openChat = (chat: Chat) => { navigate(`/chats/${chat.uuid}`); setTab(1); };
  const onSaved = (chat: Chat) => { setDialog(null); list.upsert(chat); openChat(chat); };
  const remove = async () => {
    if (!open) return;
    try { await api.remove(open.id); list.drop(open.id); navigate('/chats', { replace: true }); } catch (err) { sdk.toast.error(err); }
  };

  const isOwner = open !== null && open.ownerId === user?.id;
  const ownerActions = isOwner && (
    <>
      <Button icon="pi pi-pencil" text rounded aria-label={t('internalChat.editChat')} title={t('internalChat.editChat')} onClick={() => setDialog({ chat: open })} data-testid="chat-edit" />
      <Button icon="pi pi-trash" text rounded severity="danger" aria-label={t('internalChat.deleteChat')} title={t('internalChat.deleteChat')} onClick={() => setConfirming(true)} data-testid="chat-delete" />
    </>
  );
  const listView = <ChatListView list={list} selectedId={open?.id} onOpen={openChat} onNew={() => setDialog({ chat: null })} />;
  const pane = open
    ? <MessagePane key={open.id} chat={open} onRead={list.upsert} actions={ownerActions} />
    : (
      <div style={styles.placeholder} data-testid="chat-placeholder">
        <i className="pi pi-comments" style={{ fontSize: '4rem', opacity: 0.4 }} />
        {narrow ? <Button label={t('internalChat.selectChat')} onClick={() => setTab(0)} /> : <span>{t('internalChat.selectChat')}</span>}
      </div>
    );
  const overlays = (
    <>
      {dialog && <ChatDialog chat={dialog.chat} onClose={() => setDialog(null)} onSaved={onSaved} />}
      <ConfirmDialog visible={confirming} onHide={() => setConfirming(false)} message={t('internalChat.confirmDelete', { title: open?.title ?? '' })}
        header={t('internalChat.deleteChat')} icon="pi pi-exclamation-triangle" acceptClassName="p-button-danger"
        acceptLabel={t('internalChat.deleteChat')} rejectLabel={t('internalChat.cancel')} accept={() => void remove()} />
    </>
  );

  if (narrow) {
    return (
      <div style={styles.narrowPage} data-testid="chats-narrow">
        <TabMenu model={[{ label: t('internalChat.tabs.chats') }, { label: t('internalChat.tabs.messages') }]} activeIndex={tab} onTabChange={(e) => setTab(e.index)} />
        <div style={styles.pane}>{tab === 0 ? listView : pane}</div>
        {overlays}
      </div>
    );
  }
  return (
    <div style={styles.page} data-testid="chats-wide">
      <section style={styles.listPane}>{listView}</section>
      <section style={styles.chatPane}>{pane}</section>
      {overlays}
    </div>
  );
}
