import { Message, MessageReaction } from '../db/models/index.js';
import type { MessageView } from '../domains/messages/schemas.js';

/** Spec media types (core §3) from a MIME type. */
export function mediaTypeOf(mimetype: string): string {
  const top = mimetype.split('/')[0];
  return ['image', 'audio', 'video'].includes(top) ? top : 'application';
}

/** A message as the console reads it: the model's JSON plus its quoted message, when loaded. */
export function messageJson(message: Message): MessageView {
  const json = message.toJSON() as unknown as MessageView;
  const data = json.data;
  // The storage key is internal: the URL is what clients use.
  if (data && 'mediaKey' in data) {
    const { mediaKey: _k, ...rest } = data;
    void _k;
    json.data = Object.keys(rest).length ? rest : null;
  }
  return json;
}

/** Loads messages with their quoted message (one extra query for the page). */
export async function withQuoted(companyId: number, messages: Message[]): Promise<Message[]> {
  const ids = [...new Set(messages.map((m) => m.quotedMsgId).filter((id): id is number => !!id))];
  if (ids.length === 0) return messages;
  const quoted = new Map((await Message.scoped(companyId).whereIn('id', ids)).map((m) => [m.id, m] as const));
  for (const m of messages) if (m.quotedMsgId) m.quotedMsg = quoted.get(m.quotedMsgId) ?? null;
  return messages;
}

/** Loads the agents' reactions of messages, with the agents' names (one query for the page). */
export async function withReactions(companyId: number, messages: Message[]): Promise<Message[]> {
  if (messages.length === 0) return messages;
  const rows = await MessageReaction.scoped(companyId)
    .whereIn('messageReactions.messageId', messages.map((m) => m.id))
    .leftJoin('users', 'users.id', 'messageReactions.userId')
    .select('messageReactions.messageId', 'messageReactions.userId', 'messageReactions.emoji', 'users.name as userName')
    .orderBy('messageReactions.id') as unknown as Array<{ messageId: number | string; userId: number; emoji: string; userName: string | null }>;
  const byMessage = new Map<number, Message['reactions']>();
  for (const r of rows) {
    const list = byMessage.get(Number(r.messageId)) ?? [];
    list!.push({ userId: r.userId, userName: r.userName ?? null, emoji: r.emoji });
    byMessage.set(Number(r.messageId), list);
  }
  for (const m of messages) m.reactions = byMessage.get(m.id) ?? [];
  return messages;
}
