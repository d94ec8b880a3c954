/** The API's shapes live once, in the plugin (plugins/kanban/src/types.ts), imported as types only. */
import type { LaneTag, TicketCard } from '../../../plugins/kanban/src/types';

export type { LaneTag, TicketCard };

/** A lane: the open lane has no tag. */
export interface Lane { key: string; tag: LaneTag | null; cards: TicketCard[] }
