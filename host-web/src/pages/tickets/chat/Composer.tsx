import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { InputTextarea } from 'primereact/inputtextarea';
import { Button } from 'primereact/button';
import { api } from '../../../api/client';
import { useDebounce } from '../../../hooks/useDebounce';
import { toast } from '../../../toast/toast';
import { quickReplyQuery, truncateLabel } from '../rules';
import { useRecorder } from './useRecorder';
import { useAutoGrow } from './useAutoGrow';
import { Slot } from '../../../components/Slot';
import { useCapabilities, type ChannelCapabilities } from '../../../data/providers';
import type { Message, Ticket } from '../types';

const ACCEPT: Record<string, string> = { image: 'image/*', audio: 'audio/*', video: 'video/*', sticker: 'image/webp', document: '' };
/** The file picker's `accept` for the channel's media kinds; undefined (anything) for documents or while unknown. */
const acceptOf = (caps: ChannelCapabilities | undefined) => {
  if (!caps) return undefined;
  const kinds = Object.keys(caps.media);
  return kinds.includes('document') ? undefined : kinds.map((k) => ACCEPT[k]).filter(Boolean).join(',') || 'none/none';
};

/** The composer grows up to 5 rows (core.md §4, §9) and shrinks back to one when the text is cleared. */
const MAX_ROWS = 5;

interface QuickMessage { id: number; shortcode: string; message: string; mediaPath?: string | null }

/** Text (max 5 rows, Enter sends, empty not sent), files, '/' quick replies and audio recording. */
export function Composer({ ticket, replyTo, onClearReply }: { ticket: Ticket; replyTo: Message | null; onClearReply: () => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [quick, setQuick] = useState<QuickMessage[]>([]);
  const file = useRef<HTMLInputElement>(null);
  const input = useAutoGrow(text, MAX_ROWS);
  const query = useDebounce(quickReplyQuery(text), 300);

  useEffect(() => {
    if (query === null) { setQuick([]); return; }
    api.get<QuickMessage[] | { records: QuickMessage[] }>('/quick-messages/list', { searchParam: query })
      .then((r) => setQuick(Array.isArray(r) ? r : r.records ?? [])).catch(() => setQuick([]));
  }, [query]);

  const sendFiles = async (files: File[]) => {
    if (!files.length) return;
    const form = new FormData();
    form.append('fromMe', 'true');
    for (const f of files) { form.append('medias', f); form.append('body', f.name); }
    if (replyTo) form.append('quotedMsgId', String(replyTo.id));
    try { await api.upload(`/messages/${ticket.id}`, form); onClearReply(); } catch (err) { toast.error(err); }
  };
  const recorder = useRecorder((f) => void sendFiles([f]));
  // A channel's rule (a service window) may lock free text: its plugin says so through the composer.above slot.
  const [locked, setLocked] = useState(false);
  // The media kinds the ticket's channel sends (GET /providers): the file picker offers those only.
  const caps = useCapabilities(ticket.whatsapp?.provider);

  const send = async () => {
    const body = text.trim();
    if (!body || sending) return;
    setSending(true);
    try {
      await api.post(`/messages/${ticket.id}`, { body, fromMe: true, read: 1, quotedMsgId: replyTo?.id, mediaUrl: '' });
      setText(''); onClearReply();
    } catch (err) { toast.error(err); } finally { setSending(false); }
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey) { e.preventDefault(); void send(); }
  };
  // A Waiting ticket opens read-only: the person accepts it (the header's Accept) before answering.
  const waiting = ticket.status === 'pending';
  const disabled = ticket.status === 'closed' || waiting || locked;

  return (
    <>
      <Slot name="composer.above" props={{ ticket, lock: setLocked }} />
      {replyTo && (
        <div className="reply-preview">
          <span><strong>{t('tickets.chat.replyingTo')}:</strong> {replyTo.body}</span>
          <Button text rounded size="small" icon="pi pi-times" onClick={onClearReply} aria-label={t('common.cancel')} />
        </div>
      )}
      <div className="composer-actions">
        <Slot name="ticketComposer.actions" props={{ ticket, draft: text, setDraft: setText, disabled }} />
      </div>
      <div className="composer">
        {quick.length > 0 && (
          <ul className="quick-replies" data-testid="quick-replies">
            {quick.map((q) => (
              <li key={q.id}><button type="button" onClick={() => { setText(q.message); setQuick([]); }}>{truncateLabel(`${q.shortcode} - ${q.message}`)}</button></li>
            ))}
          </ul>
        )}
        <input ref={file} type="file" multiple hidden accept={acceptOf(caps)} onChange={(e) => { void sendFiles([...(e.target.files ?? [])]); e.target.value = ''; }} />
        <Button text rounded icon="pi pi-paperclip" aria-label={t('tickets.chat.attach')} disabled={disabled || recorder.recording} onClick={() => file.current?.click()} />
        {recorder.recording ? (
          <div className="recording" style={{ flex: 1 }}>
            <i className="pi pi-circle-fill" /> <span>REC</span>
            <Button text rounded icon="pi pi-times" aria-label={t('tickets.chat.cancel')} onClick={recorder.cancel} />
            <Button text rounded icon="pi pi-check" aria-label={t('tickets.chat.stop')} onClick={recorder.stop} />
          </div>
        ) : (
          <InputTextarea ref={input} value={text} onChange={(e) => setText(e.target.value)} onKeyDown={onKeyDown} rows={1}
            placeholder={waiting ? t('tickets.chat.acceptToReply') : `${t('tickets.chat.placeholder')} (${t('tickets.chat.quickHint')})`} disabled={disabled} data-testid="composer-input" />
        )}
        {text.trim() ? (
          <Button rounded icon="pi pi-send" aria-label={t('common.send')} onClick={() => void send()} loading={sending} disabled={disabled} data-testid="composer-send" />
        ) : !recorder.recording && (
          <Button text rounded icon="pi pi-microphone" aria-label={t('tickets.chat.record')} disabled={disabled} onClick={() => recorder.start().catch((err) => toast.error(err))} />
        )}
      </div>
    </>
  );
}
