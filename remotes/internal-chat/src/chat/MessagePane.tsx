import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Button } from 'primereact/button';
import { InputTextarea } from 'primereact/inputtextarea';
import { useSdk } from '../sdk-context';
import type { Chat } from '../types';
import { styles } from './styles';
import { useMessages } from './useMessages';

/** Older messages load when the list is scrolled within this distance of its top (extended spec §4, §9). */
export const LOAD_OLDER_WITHIN_PX = 600;

/** The message pane: messages oldest-first, older pages near the top, Enter sends (Shift+Enter: new line). */
export function MessagePane({ chat, onRead, actions }: { chat: Chat; onRead: (chat: Chat) => void; actions?: React.ReactNode }) {
  const sdk = useSdk();
  const { t, i18n } = sdk.useTranslation();
  const { user } = sdk.useSession();
  const { messages, hasMore, loading, loadOlder, send, sendFile } = useMessages(chat, onRead);
  const picker = useRef<HTMLInputElement>(null);
  const [draft, setDraft] = useState('');
  const list = useRef<HTMLDivElement>(null);
  /** What the list looked like before it changed: keeps the reader's place when older pages go on top. */
  const before = useRef<{ height: number; top: number; firstId?: number; lastId?: number } | null>(null);

  useLayoutEffect(() => {
    const el = list.current;
    if (!el) return;
    const prev = before.current;
    const firstId = messages[0]?.id;
    const lastId = messages.at(-1)?.id;
    if (prev && prev.firstId !== undefined && firstId !== prev.firstId && lastId === prev.lastId) {
      el.scrollTop = prev.top + (el.scrollHeight - prev.height); // older page prepended
    } else if (!prev || lastId !== prev.lastId) {
      const nearBottom = !prev || prev.height - prev.top - el.clientHeight < 150 || messages.at(-1)?.senderId === user?.id;
      if (nearBottom) el.scrollTop = el.scrollHeight;
    }
    before.current = { height: el.scrollHeight, top: el.scrollTop, firstId, lastId };
  }, [messages, user?.id]);

  // A short first page may not fill the pane: keep loading while the top is within reach.
  useEffect(() => {
    const el = list.current;
    if (el && hasMore && !loading && el.scrollTop < LOAD_OLDER_WITHIN_PX) void loadOlder();
  }, [hasMore, loading, loadOlder, messages]);

  const onScroll = () => {
    const el = list.current;
    if (!el) return;
    if (before.current) before.current.top = el.scrollTop;
    if (hasMore && !loading && el.scrollTop < LOAD_OLDER_WITHIN_PX) void loadOlder();
  };

  /** A file goes with the draft as its text. */
  const attach = async (file: File | undefined) => {
    if (!file) return;
    const text = draft;
    setDraft('');
    if (!(await sendFile(file, text))) setDraft(text);
    if (picker.current) picker.current.value = '';
  };
  const submit = async () => {
    if (!draft.trim()) return;
    const text = draft;
    setDraft('');
    if (!(await send(text))) setDraft(text);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) { e.preventDefault(); void submit(); }
  };
  const time = (iso: string) => new Date(iso).toLocaleString(i18n.language, { dateStyle: 'short', timeStyle: 'short' });

  return (
    <div style={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }} data-testid="chat-pane" data-chat-id={chat.id}>
      <div style={styles.header}>
        <div style={{ ...styles.grow, ...styles.rowMain }}>
          <strong style={styles.ellipsis} data-testid="chat-title">{chat.title}</strong>
          <span style={{ ...styles.muted, ...styles.ellipsis }}>{chat.users.map((m) => m.user.name).join(', ')}</span>
        </div>
        {actions}
      </div>
      <div ref={list} style={styles.messages} onScroll={onScroll} data-testid="chat-messages">
        {loading && messages.length === 0 && <div style={styles.empty}>{t('internalChat.loading')}</div>}
        {!loading && messages.length === 0 && <div style={styles.empty}>{t('internalChat.noMessages')}</div>}
        {messages.map((m) => {
          const mine = m.senderId === user?.id;
          return (
            <div key={m.id} style={{ ...styles.bubble, ...(mine ? styles.mine : {}) }} data-testid="chat-message" data-mine={mine}>
              {!mine && <div style={styles.sender}>{m.sender?.name ?? t('internalChat.formerUser')}</div>}
              {m.media && (
                <a href={m.media.url} target="_blank" rel="noreferrer" download={m.media.name} data-testid="chat-file" style={styles.file}>
                  {m.media.mimetype.startsWith('image/') ? <img src={m.media.url} alt={m.media.name} style={styles.image} /> : <><i className="pi pi-file" /> {m.media.name}</>}
                </a>
              )}
              {m.message && <div style={styles.body}>{m.message}</div>}
              <div style={styles.time}>{time(m.createdAt)}</div>
            </div>
          );
        })}
      </div>
      <div style={styles.composer}>
        <input ref={picker} type="file" hidden onChange={(e) => void attach(e.target.files?.[0])} data-testid="chat-file-input" />
        <Button icon="pi pi-paperclip" text aria-label={t('internalChat.attach')} title={t('internalChat.attach')} onClick={() => picker.current?.click()} data-testid="chat-attach" />
        <InputTextarea value={draft} onChange={(e) => setDraft(e.target.value)} onKeyDown={onKeyDown} rows={1} autoResize
          placeholder={t('internalChat.typeMessage')} aria-label={t('internalChat.typeMessage')} style={{ flex: 1, maxHeight: 160 }} data-testid="chat-input" />
        <Button icon="pi pi-send" aria-label={t('internalChat.send')} title={t('internalChat.send')} onClick={() => void submit()} disabled={!draft.trim()} data-testid="chat-send" />
      </div>
    </div>
  );
}
