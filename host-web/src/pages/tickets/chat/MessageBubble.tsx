import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Menu } from 'primereact/menu';
import { OverlayPanel } from 'primereact/overlaypanel';
import { formatTime } from '../../../util/format';
import { QUICK_REACTIONS, ackIcon, canEdit, reactionChips } from '../rules';
import type { ChannelCapabilities } from '../../../data/providers';
import type { Message } from '../types';

function Ack({ ack }: { ack: number }) {
  const a = ackIcon(ack);
  if (a.icon === 'clock') return <i className="pi pi-clock" data-ack={ack} />;
  if (a.icon === 'check') return <i className="pi pi-check" data-ack={ack} />;
  return <i className={`pi pi-check-circle ${a.read ? 'ack-read' : ''}`} data-ack={ack} />;
}

function Media({ m }: { m: Message }) {
  if (!m.mediaUrl) return null;
  if (m.mediaType === 'image') return <a href={m.mediaUrl} target="_blank" rel="noreferrer"><img src={m.mediaUrl} alt={m.mediaName ?? ''} loading="lazy" /></a>;
  if (m.mediaType === 'audio') return <audio controls src={m.mediaUrl} />;
  if (m.mediaType === 'video') return <video controls src={m.mediaUrl} />;
  return <a href={m.mediaUrl} target="_blank" rel="noreferrer"><i className="pi pi-file" /> {m.mediaName ?? m.body}</a>;
}

export interface BubbleActions {
  onReply: () => void; onDelete: () => void; onRetry: () => void;
  onEdit: () => void; onForward: () => void; onHistory: () => void; onReact: (emoji: string) => void;
}

/** The contact's and the agents' reactions under the bubble, one chip per emoji, who reacted on hover. */
function Reactions({ message, contactName }: { message: Message; contactName: string }) {
  const chips = reactionChips(message, contactName);
  if (!chips.length) return null;
  return (
    <div className="reactions" data-testid="message-reactions">
      {chips.map((c) => <span key={c.emoji} className="reaction-chip" title={c.names.filter(Boolean).join(', ')}>{c.emoji}{c.names.length > 1 ? ` ${c.names.length}` : ''}</span>)}
    </div>
  );
}

/**
 * One message: quoted message, media, body, time and ack, reactions under it; the menu replies, reacts, edits
 * (own text, 15 minutes), forwards, shows the history of an edited message and deletes own; failed state with resend.
 */
export function MessageBubble({ message, userId, contactName, actions, caps }: {
  message: Message; userId?: number; contactName: string; actions: BubbleActions;
  /** What the ticket's channel can do (GET /providers): each action only where it is offered; undefined offers none of them. */
  caps?: ChannelCapabilities;
}) {
  const { t } = useTranslation();
  const menu = useRef<Menu>(null);
  const picker = useRef<OverlayPanel>(null);
  const anchor = useRef<HTMLDivElement>(null);
  const failed = message.status === 'failed';
  const mine = message.reactions?.find((r) => r.userId === userId)?.emoji;
  const items = [];
  if (caps?.reply) items.push({ label: t('tickets.chat.reply'), icon: 'pi pi-reply', command: actions.onReply });
  if (caps?.reactions) items.push({ label: t('tickets.chat.react'), icon: 'pi pi-face-smile', command: () => picker.current?.show(null, anchor.current) });
  items.push({ label: t('tickets.chat.forward'), icon: 'pi pi-share-alt', command: actions.onForward });
  if (caps && canEdit(message, userId, Date.now(), caps.edit)) items.push({ label: t('tickets.chat.edit'), icon: 'pi pi-pencil', command: actions.onEdit });
  if (message.isEdited) items.push({ label: t('tickets.chat.history'), icon: 'pi pi-history', command: actions.onHistory });
  if (caps?.delete && message.fromMe && !message.isDeleted) items.push({ label: t('tickets.chat.delete'), icon: 'pi pi-trash', command: actions.onDelete });
  const body = message.body;
  return (
    <div ref={anchor} className={`bubble ${message.fromMe ? 'mine' : ''} ${failed ? 'failed' : ''}`} data-testid="message" data-from-me={message.fromMe} data-ack={message.ack}>
      {!message.isDeleted && <Button className="menu-button" text rounded size="small" icon="pi pi-angle-down" aria-label="menu" data-testid="message-menu" onClick={(e) => menu.current?.toggle(e)} />}
      <Menu popup ref={menu} model={items} />
      <OverlayPanel ref={picker}>
        <div className="reaction-picker" data-testid="reaction-picker">
          {QUICK_REACTIONS.map((e) => (
            <button key={e} type="button" className={e === mine ? 'chosen' : ''} onClick={() => { picker.current?.hide(); actions.onReact(e === mine ? '' : e); }}>{e}</button>
          ))}
        </div>
      </OverlayPanel>
      {message.isForwarded && <div className="forwarded muted"><i className="pi pi-share-alt" /> {t('tickets.chat.forwarded')}</div>}
      {message.quotedMsg && <div className="quoted">{message.quotedMsg.body}</div>}
      {message.isDeleted ? <em className="body muted">{t('tickets.chat.deleted')}</em> : (
        <>
          <Media m={message} />
          {/* A file sent without a caption carries its name as the body: the media already shows it (or needs no name). */}
          {body && !(message.mediaUrl && body === message.mediaName) && <div className="body">{body}</div>}
        </>
      )}
      <div className="meta">
        {message.isEdited && <button type="button" className="edited-mark" onClick={actions.onHistory} data-testid="message-edited">{t('tickets.chat.edited')}</button>}
        <span>{formatTime(message.createdAt)}</span>
        {message.fromMe && !failed && <Ack ack={message.ack} />}
        {failed && (
          <>
            <span className="p-error">{t('tickets.chat.failed')}</span>
            <Button text size="small" icon="pi pi-refresh" label={t('tickets.chat.retry')} onClick={actions.onRetry} data-testid="message-retry" />
          </>
        )}
      </div>
      <Reactions message={message} contactName={contactName} />
    </div>
  );
}
