import { Type } from "@sinclair/typebox";
const Nullable = (schema) => Type.Union([schema, Type.Null()]);
const Time = Nullable(Type.String());
const open = { additionalProperties: true };
const TicketStatus = Type.Union([Type.Literal("open"), Type.Literal("pending"), Type.Literal("closed")]);
const TicketContact = Type.Object({
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
  updatedAt: Type.Optional(Time)
}, open);
const TicketQueue = Type.Object({ id: Type.Integer(), name: Type.String(), color: Type.String() });
const TicketConnection = Type.Object({ id: Type.Integer(), name: Type.String() });
const TicketUser = Type.Object({ id: Type.Integer(), name: Type.String() });
const TicketTag = Type.Object({ id: Type.Integer(), name: Type.String(), color: Type.String() });
const TicketColumns = {
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
  updatedAt: Type.String()
};
const TicketView = Type.Object({
  ...TicketColumns,
  /** The stored protocol, else the day of creation followed by the id. */
  protocol: Type.String(),
  contact: Nullable(TicketContact),
  queue: Nullable(TicketQueue),
  whatsapp: Nullable(TicketConnection),
  user: Nullable(TicketUser),
  tags: Type.Array(TicketTag)
}, open);
const TicketListReply = Type.Object({
  tickets: Type.Array(TicketView),
  hasMore: Type.Boolean(),
  count: Type.Optional(Type.Integer()),
  /** Where the next page starts (with hasMore): pass both back for it. */
  nextUpdatedAt: Type.Optional(Type.String()),
  nextTicketId: Type.Optional(Type.Integer())
});
export {
  TicketColumns,
  TicketConnection,
  TicketContact,
  TicketListReply,
  TicketQueue,
  TicketStatus,
  TicketTag,
  TicketUser,
  TicketView
};
