import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { usePagedList } from '../../hooks/usePagedList';
import { useSession } from '../../session/useSession';
import { useSocketEvent, companyEvent } from '../../socket/useSocketEvent';
import { socketClient } from '../../socket/client';
import { belongsToList, type ListFilter } from './rules';
import { TicketRow } from './TicketRow';
import type { Ticket } from './types';

/** One ticket list (status tab or search), paged with infinite scroll and kept live from ticket events. */
export function TicketsList({ filter, searchParam, tags, users, selectedUuid, onOpen, onAccept, onCount, hidden, emptyHint }: {
  filter: ListFilter; searchParam?: string; tags?: number[]; users?: number[]; selectedUuid?: string;
  onOpen: (t: Ticket) => void; onAccept: (t: Ticket) => void; onCount?: (n: number) => void; hidden?: boolean;
  /** A second line under "No tickets here" (where the other tickets are). */
  emptyHint?: string;
}) {
  const { t } = useTranslation();
  const { user, companyId, isAdmin } = useSession();
  const query = useMemo(() => ({
    status: filter.status === 'search' ? undefined : filter.status,
    showAll: filter.showAll ? 'true' : undefined,
    queueIds: filter.queueIds.length ? filter.queueIds : undefined,
    channels: filter.channels?.length ? filter.channels.join(',') : undefined,
    searchParam: searchParam || undefined,
    tags: tags?.length ? tags : undefined,
    users: users?.length ? users : undefined,
  }), [filter, searchParam, tags, users]);
  const { items, setItems, onScroll, loading } = usePagedList<Ticket>(filter.status === 'search' && !searchParam && !tags?.length && !users?.length ? null : '/tickets', 'tickets', query);

  useEffect(() => {
    if (filter.status === 'search') return;
    return socketClient.join('joinTickets', [filter.status], 'leaveTickets');
  }, [filter.status]);

  useEffect(() => { onCount?.(items.length); }, [items.length, onCount]);

  useSocketEvent(companyEvent(companyId, 'ticket'), (data: { action: string; ticket?: Ticket; ticketId?: number }) => {
    if (data.action === 'updateUnread' && data.ticketId) {
      setItems((list) => list.map((x) => (x.id === data.ticketId ? { ...x, unreadMessages: 0 } : x)));
      return;
    }
    if (data.action === 'delete') { setItems((list) => list.filter((x) => x.id !== data.ticketId)); return; }
    const ticket = data.ticket;
    if (!ticket || filter.status === 'search') return;
    setItems((list) => {
      const rest = list.filter((x) => x.id !== ticket.id);
      return belongsToList(ticket, filter, user, isAdmin) ? [ticket, ...rest] : rest;
    });
  });
  useSocketEvent(companyEvent(companyId, 'appMessage'), (data: { action: string; ticket?: Ticket }) => {
    const ticket = data.ticket;
    if (data.action !== 'create' || !ticket || filter.status === 'search') return;
    setItems((list) => {
      const rest = list.filter((x) => x.id !== ticket.id);
      return belongsToList(ticket, filter, user, isAdmin) ? [ticket, ...rest] : rest;
    });
  });

  if (hidden) return null;
  return (
    <ul className="tickets-list scroll-area" onScroll={onScroll} data-testid={`tickets-list-${filter.status}`}>
      {items.map((ticket) => (
        <TicketRow key={ticket.id} ticket={ticket} selected={ticket.uuid === selectedUuid} onOpen={onOpen} onAccept={onAccept} />
      ))}
      {!loading && items.length === 0 && (
        <li className="muted empty" data-testid="tickets-empty">{t('tickets.empty')}{emptyHint && <small className="empty-hint">{emptyHint}</small>}</li>
      )}
    </ul>
  );
}
