import type { AtriumSdk } from '@atrium/core/sdk';

const MAX_ID = 2_147_483_647;

/**
 * The chat routes' TypeBox schemas, built from the SDK's `Type` (a plugin imports no run-time code from
 * the core). Shapes follow the extended spec §3: Chat `id, uuid, title, ownerId, users (userId, unreads,
 * user), lastMessage, updatedAt`; Chat message `senderId, sender.name, message, createdAt, chatId`.
 */
export function chatSchemas(T: AtriumSdk['Type']) {
  const Id = T.Integer({ minimum: 1, maximum: MAX_ID });
  /** Not blank: at least one non-space character (the spec's "fill title", "empty messages are not sent"). */
  const NotBlank = (maxLength: number) => T.String({ minLength: 1, maxLength, pattern: '\\S' });

  const Member = T.Object({
    userId: T.Integer(),
    unreads: T.Integer(),
    user: T.Object({ id: T.Integer(), name: T.String() }),
  });
  const Chat = T.Object({
    id: T.Integer(),
    uuid: T.String(),
    title: T.String(),
    ownerId: T.Union([T.Integer(), T.Null()]),
    users: T.Array(Member),
    lastMessage: T.Union([T.String(), T.Null()]),
    createdAt: T.String(),
    updatedAt: T.String(),
  });
  const ChatMessage = T.Object({
    id: T.Integer(),
    chatId: T.Integer(),
    senderId: T.Union([T.Integer(), T.Null()]),
    sender: T.Union([T.Object({ id: T.Integer(), name: T.String() }), T.Null()]),
    message: T.String(),
    /** A file sent with the message (its text may then be empty). */
    media: T.Union([T.Object({ url: T.String(), name: T.String(), mimetype: T.String() }), T.Null()]),
    createdAt: T.String(),
  });
  const ErrorReply = T.Object({ error: T.String(), message: T.Optional(T.String()), field: T.Optional(T.String()) }, { additionalProperties: true });

  return {
    Chat,
    ChatMessage,
    ErrorReply,
    IdParams: T.Object({ id: Id }),
    /** `/chats/{uuid}` is the console's address of a chat; the numeric id works too. */
    ChatRefParams: T.Object({ id: T.String({ maxLength: 36, pattern: '^([0-9]{1,10}|[0-9a-fA-F-]{36})$' }) }),
    ListQuery: T.Object({
      searchParam: T.Optional(T.String({ maxLength: 200 })),
      pageNumber: T.Optional(T.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
    }),
    PageQuery: T.Object({ pageNumber: T.Optional(T.Integer({ minimum: 1, maximum: 100_000, default: 1 })) }),
    ChatBody: T.Object({
      title: NotBlank(255),
      // `{id}` as the spec writes a member, or a member as the chat answers it (`{userId, …}`): a client saves what it read.
      users: T.Array(T.Union([T.Object({ id: Id }), T.Object({ userId: Id })]), { minItems: 1, maxItems: 500 }),
    }),
    MessageBody: T.Object({ message: NotBlank(10_000) }),
    /** The spec's body names a userId; only the caller's own id is accepted (never someone else's counter). */
    ReadBody: T.Object({ userId: T.Optional(Id) }),
    ChatReply: Chat,
    ChatsPage: T.Object({ records: T.Array(Chat), hasMore: T.Boolean() }),
    MessagesPage: T.Object({ records: T.Array(ChatMessage), hasMore: T.Boolean() }),
    UnreadReply: T.Object({ unreads: T.Integer(), chats: T.Integer() }),
    DeletedReply: T.Object({ message: T.String() }),
  };
}

export type ChatSchemas = ReturnType<typeof chatSchemas>;
