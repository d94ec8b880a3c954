import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { TicketView } from '../tickets/schemas.js';

/**
 * A message as the API answers it and as `company-{id}-appMessage` events carry it
 * (messaging/message-view.ts builds it). Every column the console and the plugins read is declared:
 * Fastify's serialiser drops undeclared properties. Open objects, so a plugin's extra field passes.
 */
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const open = { additionalProperties: true } as const;

export const MessageStatus = Type.Union([Type.Literal('received'), Type.Literal('sending'), Type.Literal('sent'), Type.Literal('failed')]);

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
  updatedAt: Type.String(),
};

/** A quoted message: the same columns, without a quote of its own. */
export const QuotedMessage = Type.Object(MessageColumns, open);

/** An agent's reaction under a message (the contact's is `reaction`). */
export const MessageReactionView = Type.Object({ userId: Type.Integer(), userName: Nullable(Type.String()), emoji: Type.String() });

export const MessageView = Type.Object({
  ...MessageColumns,
  quotedMsg: Type.Optional(Nullable(QuotedMessage)),
  /** With the message list and the events of a reaction or an edit; absent from other events (keep what you have). */
  reactions: Type.Optional(Type.Array(MessageReactionView)),
}, open);
export type MessageView = Static<typeof MessageView>;

/** GET /messages/:ticketId: a page of messages (oldest to newest) and the ticket. */
export const MessagePageReply = Type.Object({
  messages: Type.Array(MessageView),
  ticket: TicketView,
  count: Type.Integer(),
  hasMore: Type.Boolean(),
  /** With hasMore: pass it back as `nextId` for the older page. */
  nextId: Type.Optional(Type.Integer()),
});

export const SentMessagesReply = Type.Object({ messages: Type.Array(MessageView) });

/** GET /messages/:messageId/history: the bodies a message had, oldest first, the current one last. */
export const MessageHistoryReply = Type.Object({
  messageId: Type.Integer(),
  history: Type.Array(Type.Object({
    body: Nullable(Type.String()),
    /** When the message got this body: sent, or edited. */
    createdAt: Type.String(),
    /** Written by our side (an agent, the bot or the phone) or by the contact. */
    fromMe: Type.Boolean(),
    userId: Nullable(Type.Integer()),
    userName: Nullable(Type.String()),
  })),
});
