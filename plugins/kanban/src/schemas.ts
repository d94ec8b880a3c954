import type { AtriumSdk, Static } from '@atrium/core/sdk';
import type { LaneTag, TicketCard } from './types.js';

/**
 * The kanban routes' TypeBox schemas, built from the SDK's `Type` (a plugin imports no run-time
 * code from the core). One schema types the handler, validates the request and documents the route.
 */
export function kanbanSchemas(T: AtriumSdk['Type']) {
  const TagCard = T.Object({
    id: T.Integer(),
    name: T.String(),
    color: T.String(),
    kanban: T.Integer(),
  });
  const ContactCard = T.Object({
    id: T.Integer(),
    name: T.String(),
    number: T.String(),
    profilePicUrl: T.Optional(T.Union([T.String(), T.Null()])),
  });
  const KanbanTicket = T.Object({
    id: T.Integer(),
    uuid: T.String(),
    status: T.String(),
    queueId: T.Union([T.Integer(), T.Null()]),
    userId: T.Union([T.Integer(), T.Null()]),
    lastMessage: T.Union([T.String(), T.Null()]),
    unreadMessages: T.Integer(),
    updatedAt: T.String(),
    contact: T.Union([ContactCard, T.Null()]),
    tags: T.Array(TagCard),
  });
  const ErrorReply = T.Object({ error: T.String(), message: T.Optional(T.String()), field: T.Optional(T.String()) }, { additionalProperties: true });

  return {
    TagCard,
    KanbanTicket,
    ErrorReply,
    BoardQuery: T.Object({
      queueIds: T.Optional(T.String({ maxLength: 4000, description: 'JSON array of queue ids, e.g. [1,2]' })),
      showAll: T.Optional(T.Boolean({ description: 'Admins: every queue (queueIds ignored). Ignored for other users.' })),
    }),
    TicketParams: T.Object({ ticketId: T.Integer({ minimum: 1, maximum: 2_147_483_647 }) }),
    TicketTagParams: T.Object({
      ticketId: T.Integer({ minimum: 1, maximum: 2_147_483_647 }),
      tagId: T.Integer({ minimum: 1, maximum: 2_147_483_647 }),
    }),
    TicketsReply: T.Object({ tickets: T.Array(KanbanTicket) }),
    LanesReply: T.Object({ lista: T.Array(TagCard) }),
    TicketReply: T.Object({ ticket: KanbanTicket }),
  };
}

export type KanbanSchemas = ReturnType<typeof kanbanSchemas>;

/** True only when A and B are the same type. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
// The answers' schemas and the shared types (types.ts) describe one shape: these lines stop compiling when they drift.
export const schemasMatchSharedTypes: [Same<Static<KanbanSchemas['TagCard']>, LaneTag>, Same<Static<KanbanSchemas['KanbanTicket']>, TicketCard>] = [true, true];
