import { Button } from 'primereact/button';
import { Badge } from 'primereact/badge';
import { InputText } from 'primereact/inputtext';
import { useSdk } from '../sdk-context';
import type { Chat } from '../types';
import { styles } from './styles';
import type { useChatList } from './useChatList';

/** The chat list: search, new chat, each chat with its last message and the caller's unread count. */
export function ChatListView({ list, selectedId, onOpen, onNew }: { list: ReturnType<typeof useChatList>; selectedId?: number; onOpen: (chat: Chat) => void; onNew: () => void }) {
  const sdk = useSdk();
  const { t } = sdk.useTranslation();
  const { user } = sdk.useSession();
  const unreadOf = (chat: Chat) => chat.users.find((m) => m.userId === user?.id)?.unreads ?? 0;
  return (
    <div style={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <div style={styles.toolbar}>
        <span className="p-input-icon-left" style={styles.grow}>
          <InputText value={list.search} onChange={(e) => list.setSearch(e.target.value)} placeholder={t('internalChat.search')}
            aria-label={t('internalChat.search')} style={{ width: '100%' }} data-testid="chat-search" />
        </span>
        <Button icon="pi pi-plus" label={t('internalChat.new')} onClick={onNew} data-testid="chat-new" />
      </div>
      <ul style={styles.list} data-testid="chat-list"
        onScroll={(e) => { const el = e.currentTarget; if (el.scrollHeight - el.scrollTop - el.clientHeight < 200) list.loadMore(); }}>
        {!list.loading && list.records.length === 0 && <li style={styles.empty}>{t('internalChat.noChats')}</li>}
        {list.records.map((chat) => {
          const unread = unreadOf(chat);
          return (
            <li key={chat.id} style={{ ...styles.row, ...(chat.id === selectedId ? styles.rowSelected : {}) }} onClick={() => onOpen(chat)}
              data-testid="chat-row" data-chat-id={chat.id}>
              <i className="pi pi-users" style={{ color: 'var(--text-color-secondary)' }} />
              <div style={styles.rowMain}>
                <strong style={styles.ellipsis}>{chat.title}</strong>
                <span style={{ ...styles.muted, ...styles.ellipsis }}>{chat.lastMessage ?? t('internalChat.noMessages')}</span>
              </div>
              {unread > 0 && <Badge value={unread} severity="danger" data-testid="chat-row-unread" />}
            </li>
          );
        })}
        {list.hasMore && <li style={styles.empty}><Button text label={t('internalChat.more')} onClick={list.loadMore} /></li>}
      </ul>
    </div>
  );
}
