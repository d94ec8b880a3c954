import { useCallback, useState } from 'react';
import { useSession } from '../session/useSession';
import { useSocketEvent, companyEvent } from '../socket/useSocketEvent';
import { playNotificationSound } from './sound';
import { toast } from '../toast/toast';
import i18n from '../i18n';
import type { SessionUser } from '../session/types';

export interface Notification { key: string; kind: 'ticket' | 'message' | 'breach'; ticketUuid: string; name: string; text: string; at: number; target?: string }
/** The `slaBreach` event (core domains/sla): sent only to the ticket's audience (its queue's agents, its agent, admins). */
interface SlaBreach { ticketId: number; uuid: string; contactName: string | null; target: string; dueAt: string }

interface TicketLike { id: number; uuid: string; status: string; userId?: number | null; queueId?: number | null; contact?: { name?: string }; lastMessage?: string }

const MAX = 20;

/** Whether this user should hear about a ticket: own tickets, or pending ones in the user's queues (or all, with allTicket / admin). */
export function concernsUser(user: SessionUser | null, ticket: TicketLike): boolean {
  if (!user) return false;
  if (ticket.userId === user.id) return true;
  if (ticket.status !== 'pending') return false;
  if (user.allTicket === 'enabled' || user.profile === 'admin' || user.super) return true;
  return !ticket.queueId || user.queues.some((q) => q.id === ticket.queueId);
}

/** New pending tickets and new inbound messages, from the company's ticket and appMessage events. */
export function useNotifications() {
  const { user, companyId } = useSession();
  const [items, setItems] = useState<Notification[]>([]);

  const push = useCallback((n: Notification) => {
    setItems((list) => [n, ...list.filter((x) => x.ticketUuid !== n.ticketUuid)].slice(0, MAX));
    playNotificationSound();
  }, []);

  useSocketEvent(companyEvent(companyId, 'ticket'), (data: { action: string; ticket?: TicketLike }) => {
    const ticket = data.ticket;
    if (!ticket) return;
    if (ticket.status !== 'pending') {
      // Accepted or closed elsewhere: its pending notification is stale.
      setItems((list) => list.filter((n) => !(n.kind === 'ticket' && n.ticketUuid === ticket.uuid)));
      return;
    }
    if ((data.action === 'create' || data.action === 'update') && concernsUser(user, ticket)) {
      setItems((list) => {
        if (list.some((n) => n.kind === 'ticket' && n.ticketUuid === ticket.uuid)) return list;
        playNotificationSound();
        return [{ key: `t${ticket.id}`, kind: 'ticket' as const, ticketUuid: ticket.uuid, name: ticket.contact?.name ?? '', text: ticket.lastMessage ?? '', at: Date.now() }, ...list].slice(0, MAX);
      });
    }
  });

  useSocketEvent(companyEvent(companyId, 'appMessage'), (data: { action: string; message?: { id: number; body?: string; fromMe?: boolean }; ticket?: TicketLike; contact?: { name?: string } }) => {
    if (data.action !== 'create' || !data.message || data.message.fromMe || !data.ticket) return;
    if (!concernsUser(user, data.ticket)) return;
    if (window.location.pathname === `/tickets/${data.ticket.uuid}` && document.hasFocus()) return;
    push({ key: `m${data.message.id}`, kind: 'message', ticketUuid: data.ticket.uuid, name: data.contact?.name ?? data.ticket.contact?.name ?? '', text: data.message.body ?? '', at: Date.now() });
  });

  // A breached SLA: a toast now and an entry in the bell until opened (the server already chose who hears it).
  useSocketEvent(companyEvent(companyId, 'slaBreach'), (data: SlaBreach) => {
    if (!data?.uuid) return;
    const name = data.contactName ?? `#${data.ticketId}`;
    toast.warn(i18n.t('topbar.slaBreach', { name, target: i18n.t(`topbar.slaTargets.${data.target}`) }));
    push({ key: `b${data.ticketId}-${data.target}`, kind: 'breach', ticketUuid: data.uuid, name, text: i18n.t(`topbar.slaTargets.${data.target}`), at: Date.now(), target: data.target });
  });

  const clear = useCallback(() => setItems([]), []);
  const dismiss = useCallback((key: string) => setItems((l) => l.filter((n) => n.key !== key)), []);
  return { items, clear, dismiss };
}
