import type { HostSdk } from '@atrium/host-web/sdk';
import type { LaneTag, TicketCard } from './types';

/** The kanban plugin's calls (extended spec §7), through the host's authenticated client. */
export function kanbanApi(api: HostSdk['api']) {
  return {
    lanes: async () => (await api.get<{ lista: LaneTag[] }>('/tags/kanban')).lista,
    tickets: async (queueIds: number[] = [], showAll = true) =>
      (await api.get<{ tickets: TicketCard[] }>('/ticket/kanban', { queueIds, showAll })).tickets,
    /** A drag: out of the current lane, then into the target lane (none for the open lane). */
    async move(ticketId: number, tagId: number | null): Promise<TicketCard> {
      const cleared = await api.delete<{ ticket: TicketCard }>(`/ticket-tags/${ticketId}`);
      if (tagId === null) return cleared.ticket;
      return (await api.put<{ ticket: TicketCard }>(`/ticket-tags/${ticketId}/${tagId}`)).ticket;
    },
  };
}
export type KanbanApi = ReturnType<typeof kanbanApi>;
