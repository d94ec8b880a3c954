/** The shapes the kanban plugin's API answers (plugins/kanban/src/schemas.ts). */
export interface LaneTag { id: number; name: string; color: string; kanban: number }
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
/** A lane: the open lane has no tag. */
export interface Lane { key: string; tag: LaneTag | null; cards: TicketCard[] }
