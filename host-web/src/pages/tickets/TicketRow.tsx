import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Badge } from 'primereact/badge';
import { Tag } from 'primereact/tag';
import { useNarrow, shortName } from '../../hooks/useMediaQuery';
import { formatDate, formatTime, sameDay } from '../../util/format';
import { canOpenByClick } from './rules';
import type { Ticket } from './types';

export function TicketRow({ ticket, selected, admin, onOpen, onAccept }: {
  ticket: Ticket; selected: boolean; admin: boolean; onOpen: (t: Ticket) => void; onAccept: (t: Ticket) => void;
}) {
  const { t } = useTranslation();
  const narrow = useNarrow();
  const openable = canOpenByClick(ticket);
  const updated = new Date(ticket.updatedAt);
  return (
    <li
      className={`ticket-row ${selected ? 'selected' : ''} ${openable ? 'clickable' : 'pending'}`}
      onClick={() => { if (openable) onOpen(ticket); }}
      data-testid="ticket-row" data-status={ticket.status} data-uuid={ticket.uuid}
      title={openable ? undefined : t('tickets.pendingHint')}
    >
      <span className="queue-bar" style={{ background: ticket.queue?.color ?? '#9e9e9e' }} />
      <div className="ticket-main">
        <div className="ticket-top">
          <strong className="ticket-name">{shortName(ticket.contact?.name ?? ticket.contact?.number, narrow)}</strong>
          <span className="muted">{sameDay(updated, new Date()) ? formatTime(updated) : formatDate(updated)}</span>
        </div>
        <div className="ticket-bottom">
          <span className="ticket-last muted">{ticket.lastMessage}</span>
          {!!ticket.unreadMessages && <Badge value={ticket.unreadMessages} severity="success" />}
        </div>
        <div className="ticket-tags">
          {ticket.whatsapp && <Tag value={ticket.whatsapp.name} severity="secondary" />}
          {ticket.queue && <Tag value={ticket.queue.name} style={{ background: ticket.queue.color }} />}
          {ticket.user && <Tag value={shortName(ticket.user.name, narrow)} severity="info" />}
          {ticket.tags?.map((tag) => <Tag key={tag.id} value={tag.name} style={{ background: tag.color }} />)}
        </div>
      </div>
      <div className="ticket-actions">
        {ticket.status === 'pending' && (
          <Button size="small" label={t('tickets.accept')} onClick={(e) => { e.stopPropagation(); onAccept(ticket); }} data-testid="ticket-accept" />
        )}
        {ticket.status === 'pending' && admin && (
          <Button size="small" text icon="pi pi-eye" aria-label={t('tickets.peek')} onClick={(e) => { e.stopPropagation(); onOpen(ticket); }} />
        )}
      </div>
    </li>
  );
}
