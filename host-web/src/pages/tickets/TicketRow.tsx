import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Badge } from 'primereact/badge';
import { Tag } from 'primereact/tag';
import { useNarrow, shortName } from '../../hooks/useMediaQuery';
import { formatDate, formatTime, sameDay } from '../../util/format';
import type { Ticket } from './types';
import { SlaChip } from './SlaChip';
import { canAccept, heldByColleague } from './waiting';
import { useSession } from '../../session/useSession';
import { Slot } from '../../components/Slot';
import { channelIcon, useProviders } from '../../data/providers';

/** A row of the list; a click opens the conversation (a Waiting ticket read-only, with Accept in its header). */
export function TicketRow({ ticket, selected, onOpen, onAccept }: {
  ticket: Ticket; selected: boolean; onOpen: (t: Ticket) => void; onAccept: (t: Ticket) => void;
}) {
  const { t } = useTranslation();
  const narrow = useNarrow();
  const { user } = useSession();
  const colleagues = heldByColleague(ticket, user?.id);
  const updated = new Date(ticket.updatedAt);
  const kinds = useProviders();
  return (
    <li
      className={`ticket-row clickable ${selected ? 'selected' : ''}`}
      onClick={() => onOpen(ticket)}
      data-testid="ticket-row" data-status={ticket.status} data-uuid={ticket.uuid}
    >
      <span className="queue-bar" style={{ background: ticket.queue?.color ?? '#9e9e9e' }} />
      <div className="ticket-main">
        <div className="ticket-top">
          <i className={`channel-icon ${channelIcon(kinds, ticket.whatsapp?.provider)}`} data-testid="ticket-channel" data-channel={ticket.whatsapp?.provider ?? ''} aria-hidden />
          <strong className="ticket-name">{shortName(ticket.contact?.name ?? ticket.contact?.number, narrow)}</strong>
          <span className="muted">{sameDay(updated, new Date()) ? formatTime(updated) : formatDate(updated)}</span>
        </div>
        <div className="ticket-bottom">
          <span className="ticket-last muted">{ticket.lastMessage}</span>
          {!!ticket.unreadMessages && <Badge value={ticket.unreadMessages} severity="success" />}
        </div>
        <div className="ticket-tags">
          <SlaChip ticket={ticket} />
          {ticket.whatsapp && <Tag value={ticket.whatsapp.name} severity="secondary" />}
          {ticket.queue && <Tag value={ticket.queue.name} style={{ background: ticket.queue.color }} />}
          {ticket.user && !colleagues && <Tag value={shortName(ticket.user.name, narrow)} severity="info" />}
          {colleagues && <Tag value={t('tickets.heldBy', { name: ticket.user?.name ?? `#${ticket.userId}` })} severity="warning" data-testid="ticket-held-by" />}
          {ticket.tags?.map((tag) => <Tag key={tag.id} value={tag.name} style={{ background: tag.color }} />)}
          <Slot name="ticketList.row" props={{ ticket, contact: ticket.contact }} />
        </div>
      </div>
      <div className="ticket-actions">
        {canAccept(ticket, user?.id) && (
          <Button size="small" label={t('tickets.accept')} onClick={(e) => { e.stopPropagation(); onAccept(ticket); }} data-testid="ticket-accept" />
        )}
      </div>
    </li>
  );
}
