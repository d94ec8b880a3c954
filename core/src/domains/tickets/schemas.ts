import { Type, type Static, type TSchema } from '@sinclair/typebox';

/**
 * The ticket as the API answers it and as `company-{id}-ticket` events carry it: one view, written
 * once (tickets/view.ts builds it). Every column the console, the remotes and the plugins read is
 * declared, because Fastify's serialiser drops undeclared properties. The objects stay open
 * (`additionalProperties`) so a column a plugin migration adds still passes through.
 */
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Time = Nullable(Type.String());
const open = { additionalProperties: true } as const;

export const TicketStatus = Type.Union([Type.Literal('open'), Type.Literal('pending'), Type.Literal('closed')]);

/** The contact inside a ticket (the row as contacts answer it). */
export const TicketContact = Type.Object({
  id: Type.Integer(),
  uuid: Type.Optional(Type.String()),
  companyId: Type.Optional(Type.Integer()),
  name: Type.String(),
  number: Type.String(),
  lid: Type.Optional(Nullable(Type.String())),
  email: Type.Optional(Nullable(Type.String())),
  profilePicUrl: Type.Optional(Nullable(Type.String())),
  isGroup: Type.Optional(Type.Boolean()),
  whatsappId: Type.Optional(Nullable(Type.Integer())),
  createdAt: Type.Optional(Time),
  updatedAt: Type.Optional(Time),
}, open);

export const TicketQueue = Type.Object({ id: Type.Integer(), name: Type.String(), color: Type.String() });
/** The ticket's connection: its name and channel kind (`provider`: sandbox, beta or a plugin's, e.g. for the channel icon). */
export const TicketConnection = Type.Object({ id: Type.Integer(), name: Type.String(), provider: Type.Optional(Type.String()) });
export const TicketUser = Type.Object({ id: Type.Integer(), name: Type.String() });
export const TicketTag = Type.Object({ id: Type.Integer(), name: Type.String(), color: Type.String() });

/** The ticket's own columns (without the responder chain's internal bookkeeping). */
export const TicketColumns = {
  id: Type.Integer(),
  uuid: Type.String(),
  companyId: Type.Integer(),
  contactId: Type.Integer(),
  whatsappId: Nullable(Type.Integer()),
  userId: Nullable(Type.Integer()),
  queueId: Nullable(Type.Integer()),
  queueOptionId: Nullable(Type.Integer()),
  status: TicketStatus,
  lastMessage: Nullable(Type.String()),
  unreadMessages: Type.Integer(),
  isGroup: Type.Boolean(),
  chatbot: Type.Boolean(),
  amountUsedBotQueues: Type.Integer(),
  useIntegration: Type.Boolean(),
  promptId: Nullable(Type.Integer()),
  integrationId: Nullable(Type.Integer()),
  code: Nullable(Type.String()),
  rating: Nullable(Type.Integer()),
  ratingRequestedAt: Time,
  acceptedAt: Time,
  closedAt: Time,
  lastInboundAt: Time,
  /** SLA (domains/sla): due times (calendar time), the first agent answer, and the breaches the due-time job found. */
  firstResponseDueAt: Type.Optional(Time),
  resolutionDueAt: Type.Optional(Time),
  firstRespondedAt: Type.Optional(Time),
  firstResponseBreached: Type.Optional(Type.Boolean()),
  resolutionBreached: Type.Optional(Type.Boolean()),
  /** The responder holding the conversation ('@handoff' after a bot gave it to people). */
  botOwner: Type.Optional(Nullable(Type.String())),
  createdAt: Type.String(),
  updatedAt: Type.String(),
};

export const TicketView = Type.Object({
  ...TicketColumns,
  /** The stored protocol, else the day of creation followed by the id. */
  protocol: Type.String(),
  contact: Nullable(TicketContact),
  queue: Nullable(TicketQueue),
  whatsapp: Nullable(TicketConnection),
  user: Nullable(TicketUser),
  tags: Type.Array(TicketTag),
}, open);
export type TicketView = Static<typeof TicketView>;

export const TicketListReply = Type.Object({
  tickets: Type.Array(TicketView),
  hasMore: Type.Boolean(),
  count: Type.Optional(Type.Integer()),
  /** Where the next page starts (with hasMore): pass both back for it. */
  nextUpdatedAt: Type.Optional(Type.String()),
  nextTicketId: Type.Optional(Type.Integer()),
});
