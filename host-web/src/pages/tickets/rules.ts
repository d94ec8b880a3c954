import type { SessionUser } from '../../session/types';
import type { Message, Ticket, TicketStatus } from './types';

/** `channels`: connection kinds (GET /providers) the list keeps; empty: every channel. */
export interface ListFilter { status: TicketStatus | 'search'; showAll: boolean; queueIds: number[]; channels?: string[] }

/**
 * Whether a ticket (from a live event) belongs in a list (core.md §6): a user sees only tickets of the
 * chosen queues (or without a queue), and only own or unassigned ones unless show-all is on (admin).
 */
export function belongsToList(ticket: Ticket, filter: ListFilter, user: SessionUser | null, admin: boolean): boolean {
  if (filter.status !== 'search' && ticket.status !== filter.status) return false;
  if (ticket.queueId && filter.queueIds.length > 0 && !filter.queueIds.includes(ticket.queueId)) return false;
  if (filter.channels?.length && !filter.channels.includes(ticket.whatsapp?.provider ?? '')) return false;
  if (!admin && ticket.queueId && user && !user.queues.some((q) => q.id === ticket.queueId)) return false;
  if (filter.showAll && admin) return true;
  if (ticket.status === 'pending') return true;
  return ticket.userId === user?.id;
}

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

/** WhatsApp lets the sender edit a message for 15 minutes (the server refuses later: ERR_EDIT_WINDOW_PASSED); other
 *  channels say their own window in their capabilities (Telegram: 48 hours). */
export const EDIT_WINDOW_MS = 15 * 60_000;

/** The menu offers Edit on the agent's own text messages while the window is open. */
export function canEdit(
  m: Pick<Message, 'fromMe' | 'userId' | 'mediaType' | 'isDeleted' | 'createdAt' | 'status'>, userId: number | undefined, now = Date.now(),
  /** The channel's edit capability (GET /providers): none, or within its minutes (null: no limit). */
  edit: { windowMinutes: number | null } | false = { windowMinutes: EDIT_WINDOW_MS / 60_000 },
): boolean {
  if (!edit) return false;
  const within = edit.windowMinutes === null || now - Date.parse(m.createdAt) <= edit.windowMinutes * 60_000;
  return m.fromMe && !!userId && m.userId === userId && !m.mediaType && !m.isDeleted && m.status !== 'sending' && within;
}

/** The reactions under a bubble: the contact's and the agents', one chip per emoji with who reacted. */
export function reactionChips(m: Pick<Message, 'reaction' | 'reactions'>, contactName: string): Array<{ emoji: string; names: string[] }> {
  const chips = new Map<string, string[]>();
  const add = (emoji: string, name: string) => chips.set(emoji, [...(chips.get(emoji) ?? []), name]);
  if (m.reaction) add(m.reaction, contactName);
  for (const r of m.reactions ?? []) add(r.emoji, r.userName ?? '');
  return [...chips].map(([emoji, names]) => ({ emoji, names }));
}

/** The few emojis the reaction picker offers (WhatsApp's default row). */
export const QUICK_REACTIONS = ['👍', '❤️', '😂', '😮', '😢', '🙏'];
