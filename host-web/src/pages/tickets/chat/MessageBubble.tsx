import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Menu } from 'primereact/menu';
import { formatTime } from '../../../util/format';
import { ackIcon } from '../rules';
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

/** One message: quoted message, media, body, time and ack; reply for all, delete for own; failed state with resend. */
export function MessageBubble({ message, onReply, onDelete, onRetry }: { message: Message; onReply: () => void; onDelete: () => void; onRetry: () => void }) {
  const { t } = useTranslation();
  const menu = useRef<Menu>(null);
  const failed = message.status === 'failed';
  const items = [{ label: t('tickets.chat.reply'), icon: 'pi pi-reply', command: onReply }];
  if (message.fromMe && !message.isDeleted) items.push({ label: t('tickets.chat.delete'), icon: 'pi pi-trash', command: onDelete });
  const body = message.body;
  return (
    <div className={`bubble ${message.fromMe ? 'mine' : ''} ${failed ? 'failed' : ''}`} data-testid="message" data-from-me={message.fromMe} data-ack={message.ack}>
      {!message.isDeleted && <Button className="menu-button" text rounded size="small" icon="pi pi-angle-down" aria-label="menu" onClick={(e) => menu.current?.toggle(e)} />}
      <Menu popup ref={menu} model={items} />
      {message.quotedMsg && <div className="quoted">{message.quotedMsg.body}</div>}
      {message.isDeleted ? <em className="body muted">{t('tickets.chat.deleted')}</em> : (
        <>
          <Media m={message} />
          {body && (message.mediaType !== 'image' || body !== message.mediaName) && <div className="body">{body}</div>}
        </>
      )}
      <div className="meta">
        {message.isEdited && <span>{t('tickets.chat.edited')}</span>}
        <span>{formatTime(message.createdAt)}</span>
        {message.fromMe && !failed && <Ack ack={message.ack} />}
        {failed && (
          <>
            <span className="p-error">{t('tickets.chat.failed')}</span>
            <Button text size="small" icon="pi pi-refresh" label={t('tickets.chat.retry')} onClick={onRetry} data-testid="message-retry" />
          </>
        )}
      </div>
    </div>
  );
}
