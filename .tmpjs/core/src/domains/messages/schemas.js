import { Type } from "@sinclair/typebox";
import { TicketView } from "../tickets/schemas.js";
const Nullable = (schema) => Type.Union([schema, Type.Null()]);
const open = { additionalProperties: true };
const MessageStatus = Type.Union([Type.Literal("received"), Type.Literal("sending"), Type.Literal("sent"), Type.Literal("failed")]);
const MessageColumns = {
  id: Type.Integer(),
  companyId: Type.Integer(),
  ticketId: Type.Integer(),
  contactId: Nullable(Type.Integer()),
  whatsappId: Nullable(Type.Integer()),
  providerId: Nullable(Type.String()),
  body: Nullable(Type.String()),
  fromMe: Type.Boolean(),
  mediaType: Nullable(Type.String()),
  mediaUrl: Nullable(Type.String()),
  mediaName: Nullable(Type.String()),
  /** 0 pending, 1 sent (server), 2 delivered, 3 read, 4 played; -1 failed. */
  ack: Type.Integer(),
  read: Type.Boolean(),
  isDeleted: Type.Boolean(),
  isEdited: Type.Boolean(),
  isForwarded: Type.Boolean(),
  status: MessageStatus,
  error: Nullable(Type.String()),
  quotedMsgId: Nullable(Type.Integer()),
  userId: Nullable(Type.Integer()),
  participant: Nullable(Type.String()),
  reaction: Nullable(Type.String()),
  /** Provider details (location, vcard, call …); never the storage key. */
  data: Nullable(Type.Object({}, open)),
  createdAt: Type.String(),
  updatedAt: Type.String()
};
const QuotedMessage = Type.Object(MessageColumns, open);
const MessageReactionView = Type.Object({ userId: Type.Integer(), userName: Nullable(Type.String()), emoji: Type.String() });
const MessageView = Type.Object({
  ...MessageColumns,
  quotedMsg: Type.Optional(Nullable(QuotedMessage)),
  /** With the message list and the events of a reaction or an edit; absent from other events (keep what you have). */
  reactions: Type.Optional(Type.Array(MessageReactionView))
}, open);
const MessagePageReply = Type.Object({
  messages: Type.Array(MessageView),
  ticket: TicketView,
  count: Type.Integer(),
  hasMore: Type.Boolean(),
  /** With hasMore: pass it back as `nextId` for the older page. */
  nextId: Type.Optional(Type.Integer())
});
const SentMessagesReply = Type.Object({ messages: Type.Array(MessageView) });
const MessageHistoryReply = Type.Object({
  messageId: Type.Integer(),
  history: Type.Array(Type.Object({
    body: Nullable(Type.String()),
    /** When the message got this body: sent, or edited. */
    createdAt: Type.String(),
    /** Written by our side (an agent, the bot or the phone) or by the contact. */
    fromMe: Type.Boolean(),
    userId: Nullable(Type.Integer()),
    userName: Nullable(Type.String())
  }))
});
export {
  MessageHistoryReply,
  MessagePageReply,
  MessageReactionView,
  MessageStatus,
  MessageView,
  QuotedMessage,
  SentMessagesReply
};
