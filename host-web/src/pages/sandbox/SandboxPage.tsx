import { useCallback, useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { Button } from 'primereact/button';
import { Tag } from 'primereact/tag';
import './i18n';
import './sandbox.css';
import { api } from '../../api/client';
import { useConnections } from '../../data/connections';
import { useSession } from '../../session/useSession';
import { useSocketEvent, companyEvent } from '../../socket/useSocketEvent';
import { toast } from '../../toast/toast';
import { formatTime } from '../../util/format';
import { ackIcon } from '../tickets/rules';
import { conversationFor, type OutboxRecord, type PhoneLine } from './conversation';

/** How often a phone repeats "composing" while its user types. */
const TYPING_REPEAT_MS = 5_000;

const POLL_MS = 1500;

/** A simulated customer phone on a sandbox connection: write inbound messages, read the agent's replies with ticks. */
export default function SandboxPage() {
  const { t } = useTranslation();
  const { connectionId } = useParams();
  const id = Number(connectionId);
  const { companyId } = useSession();
  const { connections } = useConnections();
  const connection = connections.find((c) => c.id === id);
  const [number, setNumber] = useState('5511988887777');
  const [name, setName] = useState('Maria Cliente');
  const [body, setBody] = useState('');
  const [sent, setSent] = useState<PhoneLine[]>([]);
  const [outbox, setOutbox] = useState<OutboxRecord[]>([]);
  const [busy, setBusy] = useState(false);
  /** The customer's line being edited (the composer holds its new text). */
  const [editing, setEditing] = useState<PhoneLine | null>(null);
  /** The customer's reactions to the agent's messages, by providerId. */
  const [mine, setMine] = useState<Record<string, string>>({});
  const file = useRef<HTMLInputElement>(null);

  const refresh = useCallback(async () => {
    try { setOutbox((await api.get<{ records: OutboxRecord[] }>(`/sandbox/${id}/outbox`, { pageNumber: 1 })).records ?? []); }
    catch { /* polling: the next round may work */ }
  }, [id]);
  useEffect(() => { void refresh(); const timer = setInterval(() => void refresh(), POLL_MS); return () => clearInterval(timer); }, [refresh]);
  useSocketEvent(companyEvent(companyId, 'appMessage'), () => void refresh());

  /** The customer edits, reacts to or deletes a message: the same inbound route with an action. */
  const act = async (action: 'edit' | 'reaction' | 'delete', target: PhoneLine, text = '') => {
    try {
      await api.post(`/sandbox/${id}/inbound`, { number, name: name || undefined, body: text, action, targetProviderId: target.providerId });
      if (action === 'reaction') setMine((m) => ({ ...m, [target.providerId!]: text }));
      else setSent((l) => l.map((x) => (x.key === target.key ? { ...x, ...(action === 'edit' ? { body: text, edited: true } : { deleted: true }) } : x)));
    } catch (err) { toast.error(err); }
  };

  /**
   * The customer's typing, as a phone tells it: "composing" when they start and again every few seconds while they go
   * on (the agent's header fades it otherwise), "paused" when they clear the text without sending.
   */
  const typingSince = useRef(0);
  const typing = (text: string) => {
    setBody(text);
    const now = Date.now();
    const presence = text ? (now - typingSince.current > TYPING_REPEAT_MS ? 'composing' : null) : typingSince.current ? 'paused' : null;
    if (!presence) return;
    typingSince.current = text ? now : 0;
    api.post(`/sandbox/${id}/presence`, { number, presence }).catch(() => { /* typing is a hint: a refusal changes nothing */ });
  };

  const send = async (files: File[] = []) => {
    if (editing) {
      if (!body.trim()) return;
      await act('edit', editing, body);
      setEditing(null); setBody('');
      return;
    }
    if (!body.trim() && !files.length) return;
    setBusy(true);
    let providerId: string | undefined;
    try {
      if (files.length) {
        const form = new FormData();
        form.append('number', number); form.append('name', name); form.append('body', body); form.append('file', files[0]);
        providerId = (await api.upload<{ providerId: string }>(`/sandbox/${id}/inbound`, form)).providerId;
      } else {
        providerId = (await api.post<{ providerId: string }>(`/sandbox/${id}/inbound`, { number, name: name || undefined, body })).providerId;
      }
      setSent((l) => [...l, { key: `c${Date.now()}`, from: 'customer', to: number, body: body || files[0]?.name || '', at: new Date().toISOString(), providerId }]);
      setBody('');
      typingSince.current = 0; // the message ends the typing

    } catch (err) { toast.error(err); } finally { setBusy(false); }
  };

  const lines = conversationFor(number, sent, outbox, mine);
  return (
    <div className="sandbox-page" data-testid="sandbox-page">
      <div className="page-header">
        <h2>{t('sandbox.title', { name: connection?.name ?? `#${id}` })}</h2>
        {connection && <Tag value={t('sandbox.status', { status: connection.status })} data-testid="sandbox-status" />}
        {connection && connection.status !== 'CONNECTED' && (
          <>
            <Button size="small" label={t('sandbox.start')} onClick={() => api.post(`/whatsappsession/${id}`).catch(toast.error)} data-testid="sandbox-start" />
            <Button size="small" outlined label={t('sandbox.scan')} onClick={() => api.post(`/sandbox/${id}/scan`).catch(toast.error)} data-testid="sandbox-scan" />
          </>
        )}
      </div>
      <p className="muted">{t('sandbox.hint')}</p>
      <div className="phone">
        <div className="phone-head form-row">
          <div><label htmlFor="sb-number">{t('sandbox.number')}</label><InputText id="sb-number" value={number} onChange={(e) => setNumber(e.target.value)} style={{ width: '100%' }} /></div>
          <div><label htmlFor="sb-name">{t('sandbox.name')}</label><InputText id="sb-name" value={name} onChange={(e) => setName(e.target.value)} style={{ width: '100%' }} /></div>
        </div>
        <div className="phone-screen" data-testid="phone-screen">
          {lines.length === 0 && <div className="muted">{t('sandbox.empty')}</div>}
          {lines.map((l) => {
            const a = ackIcon(l.ack ?? 0);
            return (
              <div key={l.key} className={`phone-line ${l.from}`} data-testid={`phone-${l.from}`} data-edited={l.edited ? 'true' : undefined}>
                <small>{t(`sandbox.${l.from}`)}{l.forwarded && <> · <i className="pi pi-share-alt" /> {t('sandbox.forwarded')}</>}</small>
                {l.quoted && <div className="phone-quote" data-testid="phone-quote">{l.quoted}</div>}
                <div>{l.deleted ? <em>{t('sandbox.deleted')}</em> : l.body}</div>
                {l.mediaUrl && <a href={l.mediaUrl} target="_blank" rel="noreferrer"><i className="pi pi-file" /></a>}
                <div className="meta">
                  {l.edited && <span data-testid="phone-edited">{t('sandbox.edited')} </span>}
                  {formatTime(l.at)} {l.from === 'agent' && <i className={`pi ${a.icon === 'check' ? 'pi-check' : 'pi-check-circle'} ${a.read ? 'ack-read' : ''}`} data-ack={l.ack} />}
                </div>
                {l.reaction && <div className="phone-reaction" data-testid="phone-reaction">{l.reaction}</div>}
                {l.providerId && !l.deleted && (
                  <div className="phone-actions">
                    {l.from === 'customer' ? (
                      <>
                        <button type="button" title={t('sandbox.edit')} onClick={() => { setEditing(l); setBody(l.body); }} data-testid="phone-edit"><i className="pi pi-pencil" /></button>
                        <button type="button" title={t('sandbox.delete')} onClick={() => void act('delete', l)} data-testid="phone-delete"><i className="pi pi-trash" /></button>
                      </>
                    ) : (
                      <button type="button" title={t('sandbox.react')} onClick={() => void act('reaction', l, l.reaction === '👍' ? '' : '👍')} data-testid="phone-react">👍</button>
                    )}
                  </div>
                )}
              </div>
            );
          })}
        </div>
        {editing && (
          <div className="phone-editing">
            <span>{t('sandbox.editing')}</span>
            <Button text rounded size="small" icon="pi pi-times" aria-label={t('common.cancel')} onClick={() => { setEditing(null); setBody(''); }} />
          </div>
        )}
        <div className="phone-compose">
          <input ref={file} type="file" hidden onChange={(e) => { void send([...(e.target.files ?? [])]); e.target.value = ''; }} />
          <Button text rounded icon="pi pi-paperclip" aria-label={t('sandbox.attach')} onClick={() => file.current?.click()} />
          <InputTextarea value={body} onChange={(e) => (editing ? setBody(e.target.value) : typing(e.target.value))} rows={1} autoResize placeholder={t('sandbox.message')} data-testid="sandbox-message"
            onKeyDown={(e) => { if (e.key === 'Enter' && !e.shiftKey) { e.preventDefault(); void send(); } }} style={{ flex: 1 }} />
          <Button icon="pi pi-send" aria-label={t('sandbox.send')} loading={busy} onClick={() => void send()} data-testid="sandbox-send" />
        </div>
      </div>
    </div>
  );
}
