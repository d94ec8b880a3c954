import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from 'primereact/dialog';
import { AutoComplete } from 'primereact/autocomplete';
import { InputTextarea } from 'primereact/inputtextarea';
import { Button } from 'primereact/button';
import { api } from '../../../api/client';
import { toast } from '../../../toast/toast';
import { formatDate, formatTime } from '../../../util/format';
import { useConnections } from '../../../data/connections';
import type { Contact, Message } from '../types';

/** Which message dialog is open, and for which message. */
export type MessageDialog = { kind: 'edit' | 'history' | 'forward'; message: Message } | null;

interface HistoryEntry { body: string | null; createdAt: string; fromMe: boolean; userId: number | null; userName: string | null }

/** Edit the text of an own message (the server answers ERR_EDIT_WINDOW_PASSED after 15 minutes). */
function EditDialog({ message, onHide }: { message: Message; onHide: () => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(message.body);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    if (!text.trim()) return;
    setBusy(true);
    try { await api.post(`/messages/edit/${message.id}`, { body: text }); onHide(); } catch (err) { toast.error(err); } finally { setBusy(false); }
  };
  return (
    <Dialog header={t('tickets.chat.editTitle')} visible onHide={onHide} style={{ width: 'min(480px, 95vw)' }}>
      <div className="form-grid">
        <InputTextarea value={text} onChange={(e) => setText(e.target.value)} rows={4} autoFocus data-testid="edit-input" />
        <div className="dialog-actions">
          <Button label={t('common.cancel')} text onClick={onHide} />
          <Button label={t('common.save')} disabled={!text.trim() || text === message.body} loading={busy} onClick={() => void save()} data-testid="edit-save" />
        </div>
      </div>
    </Dialog>
  );
}

/** The bodies the message had, oldest first, with who wrote each and when. */
function HistoryDialog({ message, contactName, onHide }: { message: Message; contactName: string; onHide: () => void }) {
  const { t } = useTranslation();
  const [entries, setEntries] = useState<HistoryEntry[] | null>(null);
  useEffect(() => {
    api.get<{ history: HistoryEntry[] }>(`/messages/${message.id}/history`).then((r) => setEntries(r.history)).catch((err) => { toast.error(err); onHide(); });
  }, [message.id, onHide]);
  return (
    <Dialog header={t('tickets.chat.historyTitle')} visible onHide={onHide} style={{ width: 'min(480px, 95vw)' }}>
      <ol className="message-history" data-testid="message-history">
        {(entries ?? []).map((e, i) => (
          <li key={i}>
            <div className="body">{e.body}</div>
            <small className="muted">
              {e.fromMe ? e.userName ?? t('tickets.chat.byPhone') : contactName} · {formatDate(new Date(e.createdAt))} {formatTime(e.createdAt)}
              {i === 0 ? ` · ${t('tickets.chat.original')}` : ''}
            </small>
          </li>
        ))}
      </ol>
    </Dialog>
  );
}

/** A contact as GET /contacts lists it: with the connection (channel) it writes through. */
type ForwardContact = Contact & { whatsappId?: number | null };

/**
 * Forward to a contact picked by name or number: the server reuses their live ticket or opens one. Each contact shows
 * with its number and channel, so two of the same name can be told apart.
 */
function ForwardDialog({ message, onHide }: { message: Message; onHide: () => void }) {
  const { t } = useTranslation();
  const { connections } = useConnections();
  const [contact, setContact] = useState<ForwardContact | string | null>(null);
  const [suggestions, setSuggestions] = useState<ForwardContact[]>([]);
  const channelOf = (c: ForwardContact) => connections.find((w) => w.id === c.whatsappId)?.name ?? t('tickets.chat.defaultChannel');
  const contactLine = (c: ForwardContact) => (
    <div className="forward-contact" data-testid="forward-option">
      <b>{c.name}</b> <small className="muted">{t('tickets.chat.forwardContact', { number: c.number, channel: channelOf(c) })}</small>
    </div>
  );
  const [busy, setBusy] = useState(false);
  const search = async (q: string) => {
    if (q.trim().length < 3) return setSuggestions([]);
    try { setSuggestions((await api.get<{ contacts: Contact[] }>('/contacts', { searchParam: q, pageNumber: 1 })).contacts ?? []); }
    catch (err) { toast.error(err); }
  };
  const submit = async () => {
    if (!contact || typeof contact === 'string') return;
    setBusy(true);
    try {
      await api.post('/messages/forward', { messageId: message.id, contactId: contact.id });
      toast.success(t('tickets.chat.forwardedTo', { name: `${contact.name} (${contact.number})` }));
      onHide();
    } catch (err) { toast.error(err); } finally { setBusy(false); }
  };
  return (
    <Dialog header={t('tickets.chat.forwardTitle')} visible onHide={onHide} style={{ width: 'min(440px, 95vw)' }}>
      <div className="form-grid">
        <div className="quoted">{message.body || message.mediaName}</div>
        <label>{t('tickets.chat.forwardTo')}</label>
        <AutoComplete value={contact ?? undefined} suggestions={suggestions} field="name" delay={500} minLength={3} itemTemplate={contactLine}
          completeMethod={(e) => void search(e.query)} onChange={(e) => setContact(e.value)} inputId="forward-contact" />
        {contact && typeof contact !== 'string' && <small data-testid="forward-picked">{t('tickets.chat.forwardContact', { number: contact.number, channel: channelOf(contact) })}</small>}
        <div className="dialog-actions">
          <Button label={t('common.cancel')} text onClick={onHide} />
          <Button label={t('tickets.chat.forward')} disabled={!contact || typeof contact === 'string'} loading={busy} onClick={() => void submit()} data-testid="forward-submit" />
        </div>
      </div>
    </Dialog>
  );
}

/** The message dialog that is open, if any. */
export function MessageDialogs({ dialog, contactName, onHide }: { dialog: MessageDialog; contactName: string; onHide: () => void }) {
  if (!dialog) return null;
  if (dialog.kind === 'edit') return <EditDialog message={dialog.message} onHide={onHide} />;
  if (dialog.kind === 'history') return <HistoryDialog message={dialog.message} contactName={contactName} onHide={onHide} />;
  return <ForwardDialog message={dialog.message} onHide={onHide} />;
}
