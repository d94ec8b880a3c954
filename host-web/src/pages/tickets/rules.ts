import type { SessionUser } from '../../session/types';
import type { Ticket, TicketStatus } from './types';

export interface ListFilter { status: TicketStatus | 'search'; showAll: boolean; queueIds: number[] }

/**
 * Whether a ticket (from a live event) belongs in a list (core.md §6): a user sees only tickets of the
 * chosen queues (or without a queue), and only own or unassigned ones unless show-all is on (admin).
 */
export function belongsToList(ticket: Ticket, filter: ListFilter, user: SessionUser | null, admin: boolean): boolean {
  if (filter.status !== 'search' && ticket.status !== filter.status) return false;
  if (ticket.queueId && filter.queueIds.length > 0 && !filter.queueIds.includes(ticket.queueId)) return false;
  if (!admin && ticket.queueId && user && !user.queues.some((q) => q.id === ticket.queueId)) return false;
  if (filter.showAll && admin) return true;
  if (ticket.status === 'pending') return true;
  return ticket.userId === user?.id;
}

/** Pending rows are not opened by a click: they have Accept. */
export const canOpenByClick = (ticket: Ticket) => ticket.status !== 'pending';

/** Ack icons: 1 single check; 2-3 double check; 4-5 double check highlighted (core.md §4). */
export function ackIcon(ack: number): { icon: 'clock' | 'check' | 'double' ; read: boolean } {
  if (ack <= 0) return { icon: 'clock', read: false };
  if (ack === 1) return { icon: 'check', read: false };
  return { icon: 'double', read: ack >= 4 };
}

/** A new ticket needs a queue unless the user is admin. */
export const needsQueue = (admin: boolean, queueId: number | null | undefined) => !admin && !queueId;

export const QUICK_LABEL_MAX = 35;
export const truncateLabel = (s: string, max = QUICK_LABEL_MAX) => (s.length > max ? `${s.slice(0, max)}…` : s);

/** '/' followed by at least one more character triggers quick replies. */
export const quickReplyQuery = (text: string): string | null => (/^\/\S/.test(text) ? text.slice(1) : null);

/** Recordings under 10 000 bytes are dropped silently. */
export const MIN_RECORDING_BYTES = 10_000;
export const keepRecording = (size: number) => size >= MIN_RECORDING_BYTES;
