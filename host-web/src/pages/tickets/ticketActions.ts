import { api } from '../../api/client';
import type { Ticket } from './types';

/** The ticket transitions of core.md §4, each one PUT /tickets/{id}. */
export const ticketActions = {
  accept: (ticket: Ticket, userId: number) => api.put<Ticket>(`/tickets/${ticket.id}`, { status: 'open', userId }),
  close: (ticket: Ticket, userId: number) => api.put<Ticket>(`/tickets/${ticket.id}`, {
    status: 'closed', userId, queueId: null, useIntegration: false, promptId: null, integrationId: null,
  }),
  reopen: (ticket: Ticket, userId: number) => api.put<Ticket>(`/tickets/${ticket.id}`, { status: 'open', userId, queueId: ticket.queueId }),
  return: (ticket: Ticket) => api.put<Ticket>(`/tickets/${ticket.id}`, { status: 'pending', userId: null }),
  /** A queue without a user makes the ticket pending again. */
  transfer: (ticket: Ticket, to: { userId: number | null; queueId: number | null; whatsappId?: number | null }) =>
    api.put<Ticket>(`/tickets/${ticket.id}`, {
      userId: to.userId, queueId: to.queueId, ...(to.whatsappId ? { whatsappId: to.whatsappId } : {}),
      status: to.userId ? 'open' : 'pending',
    }),
  remove: (ticket: Ticket) => api.delete(`/tickets/${ticket.id}`),
};
