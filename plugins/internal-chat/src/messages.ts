import type { AtriumSdk } from '@atrium/core/sdk';
import type { ChatRow } from './store.js';
import { dbNow, isoOf } from './time.js';

export interface ChatFile { url: string; name: string; mimetype: string }
export interface MessageView { id: number; chatId: number; senderId: number | null; sender: { id: number; name: string } | null; message: string; media: ChatFile | null; createdAt: string }
/** A file as stored by sdk.storage, to go with a message. */
export interface StoredChatFile { key: string; name: string; mimetype: string }

const PAGE_SIZE = 20;

export function chatMessages(sdk: AtriumSdk) {
  const messagesOf = (chat: ChatRow) => sdk.db.table('chatMessages', chat.companyId).where({ 'chatMessages.chatId': chat.id });
  const COLUMNS = ['chatMessages.id', 'chatMessages.chatId', 'chatMessages.senderId', 'chatMessages.message', 'chatMessages.createdAt',
    'chatMessages.mediaKey', 'chatMessages.mediaName', 'chatMessages.mediaType'];
  /** The senders' names, from the core's users (a deleted sender reads as none). */
  const withSenders = async (chat: ChatRow, rows: Array<Record<string, any>>) => {
    const names = new Map((await sdk.services.users.list(chat.companyId, rows.flatMap((r) => (r.senderId === null ? [] : [Number(r.senderId)]))))
      .map((u) => [u.id, u.name]));
    return rows.map((r) => ({ ...r, senderName: r.senderId === null ? null : names.get(Number(r.senderId)) ?? null }));
  };
  const view = (r: Record<string, any>): MessageView => ({
    id: Number(r.id), chatId: Number(r.chatId), senderId: r.senderId === null ? null : Number(r.senderId),
    sender: r.senderId === null || r.senderName === null ? null : { id: Number(r.senderId), name: r.senderName },
    message: r.message, createdAt: isoOf(r.createdAt),
    media: r.mediaKey ? { url: sdk.storage.url(r.mediaKey), name: r.mediaName ?? 'file', mimetype: r.mediaType ?? 'application/octet-stream' } : null,
  });

  return {
    /** Page n of the chat's messages counted from the newest, answered oldest-first within the page (as the pane shows them). */
    async page(chat: ChatRow, pageNumber: number) {
      const rows = await messagesOf(chat).select(COLUMNS).orderBy('chatMessages.id', 'desc')
        .limit(PAGE_SIZE + 1).offset((pageNumber - 1) * PAGE_SIZE);
      return { records: (await withSenders(chat, rows.slice(0, PAGE_SIZE).reverse())).map(view), hasMore: rows.length > PAGE_SIZE };
    },

    /**
     * Stores a message in one transaction: the chat row is updated first (lastMessage, updatedAt), which
     * locks it, so concurrent posts to one chat queue up instead of deadlocking on the message's foreign
     * key; then every other member's counter moves by an atomic `unreads = unreads + 1` (never a
     * read-modify-write, which loses increments under concurrency). The sender's own counter is untouched.
     */
    async post(chat: ChatRow, sender: { id: number; name: string }, text: string, file?: StoredChatFile): Promise<MessageView> {
      const at = dbNow();
      const media = file ? { mediaKey: file.key, mediaName: file.name, mediaType: file.mimetype } : {};
      const id = await sdk.db.transaction(async (tx) => {
        await tx.table('chats', chat.companyId).where({ id: chat.id }).update({ lastMessage: `${sender.name}: ${text || `📎 ${file?.name ?? ''}`}`, updatedAt: at });
        const [inserted] = await tx.table('chatMessages', chat.companyId).insert({ chatId: chat.id, senderId: sender.id, message: text, ...media, createdAt: at, updatedAt: at });
        // chatUsers (no companyId): the members of the chat found above with its company.
        await tx.unscoped('chatUsers').where('chatId', chat.id).whereNot('userId', sender.id)
          .update({ updatedAt: at }).increment('unreads', 1);
        return Number(inserted);
      });
      const [row] = await withSenders(chat, [await messagesOf(chat).where('chatMessages.id', id).first(COLUMNS)]);
      return view(row);
    },
  };
}

/** The storage keys of a chat's files (removed with the chat). */
export async function chatFileKeys(sdk: AtriumSdk, chat: ChatRow): Promise<string[]> {
  return (await sdk.db.table('chatMessages', chat.companyId).where({ chatId: chat.id }).whereNotNull('mediaKey').pluck('mediaKey')).map(String);
}

export type ChatMessages = ReturnType<typeof chatMessages>;
