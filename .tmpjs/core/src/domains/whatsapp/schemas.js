import { Type } from "@sinclair/typebox";
const Nullable = (schema) => Type.Union([schema, Type.Null()]);
const Text = Nullable(Type.String());
const open = { additionalProperties: true };
const ConnectionStatus = Type.Union(["qrcode", "PAIRING", "OPENING", "CONNECTED", "TIMEOUT", "DISCONNECTED"].map((s) => Type.Literal(s)));
const ConnectionQueue = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  color: Type.String(),
  orderQueue: Nullable(Type.Integer()),
  greetingMessage: Text
});
const ConnectionView = Type.Object({
  id: Type.Integer(),
  companyId: Type.Integer(),
  name: Type.String(),
  provider: Type.String(),
  status: ConnectionStatus,
  qrcode: Text,
  retries: Type.Integer(),
  /** The error code a provider gave for being DISCONNECTED (ERR_CLOUD_TOKEN_INVALID), null otherwise. */
  statusReason: Type.Optional(Text),
  /** The values the reason's catalogue text names (its placeholders), null when it names none. */
  statusReasonParams: Type.Optional(Type.Union([Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()])), Type.Null()])),
  number: Text,
  isDefault: Type.Boolean(),
  greetingMessage: Text,
  complationMessage: Text,
  outOfHoursMessage: Text,
  ratingMessage: Text,
  expiresInactiveMessage: Text,
  token: Type.Optional(Text),
  expiresTicket: Type.Integer(),
  timeUseBotQueues: Type.Integer(),
  maxUseBotQueues: Type.Integer(),
  timeToTransfer: Nullable(Type.Integer()),
  transferQueueId: Nullable(Type.Integer()),
  promptId: Nullable(Type.Integer()),
  integrationId: Nullable(Type.Integer()),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  /** Present when loaded with its queues (every answer of /whatsapp and every create/update event). */
  queues: Type.Optional(Type.Array(ConnectionQueue))
}, open);
export {
  ConnectionQueue,
  ConnectionStatus,
  ConnectionView
};
