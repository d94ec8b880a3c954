import type { Lane, LaneTag, TicketCard } from '../types';

export const OPEN_LANE = 'open';
export const laneKey = (tagId: number | null) => (tagId === null ? OPEN_LANE : `tag-${tagId}`);

/** The lane a ticket sits in: its first tag that is a lane, or the open lane. */
export function laneTagOf(ticket: TicketCard, lanes: LaneTag[]): number | null {
  const laneIds = new Set(lanes.map((l) => l.id));
  const tag = ticket.tags.find((t) => laneIds.has(t.id));
  return tag ? tag.id : null;
}

/** One open lane plus one lane per kanban tag; cards newest first. */
export function buildLanes(tags: LaneTag[], tickets: TicketCard[]): Lane[] {
  const lanes: Lane[] = [{ key: OPEN_LANE, tag: null, cards: [] }, ...tags.map((tag) => ({ key: laneKey(tag.id), tag, cards: [] as TicketCard[] }))];
  const byKey = new Map(lanes.map((l) => [l.key, l]));
  const sorted = [...tickets].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
  for (const ticket of sorted) byKey.get(laneKey(laneTagOf(ticket, tags)))!.cards.push(ticket);
  return lanes;
}

/** The ticket as it looks after moving to a lane (kanban tags swapped, other tags kept). */
export function movedTicket(ticket: TicketCard, target: LaneTag | null, lanes: LaneTag[]): TicketCard {
  const laneIds = new Set(lanes.map((l) => l.id));
  const kept = ticket.tags.filter((t) => !laneIds.has(t.id));
  return { ...ticket, tags: target ? [...kept, target] : kept };
}

/** The lanes with only the cards whose contact name, number or last message contains `text` (any case). */
export function filterLanes(lanes: Lane[], text: string): Lane[] {
  const q = text.trim().toLowerCase();
  if (!q) return lanes;
  const hit = (c: TicketCard) => [c.contact?.name, c.contact?.number, c.lastMessage].some((v) => v?.toLowerCase().includes(q));
  return lanes.map((lane) => ({ ...lane, cards: lane.cards.filter(hit) }));
}
