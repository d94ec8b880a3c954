/**
 * The shapes the kanban API answers, written once. The remote (remotes/kanban) imports them with `import type`
 * (nothing of the plugin reaches its bundle); schemas.ts checks at compile time that its TypeBox schemas describe
 * exactly these shapes. Keep this file free of imports so the remote's type check stays small.
 */

/** A kanban lane: a tag with `kanban = 1`. */
export interface LaneTag { id: number; name: string; color: string; kanban: number }

/** A live ticket on the board (GET /ticket/kanban, the ticket-tag routes and the ticket events). */
export interface TicketCard {
  id: number;
  uuid: string;
  status: string;
  queueId: number | null;
  userId: number | null;
  lastMessage: string | null;
  unreadMessages: number;
  updatedAt: string;
  contact: { id: number; name: string; number: string; profilePicUrl?: string | null } | null;
  tags: LaneTag[];
}
