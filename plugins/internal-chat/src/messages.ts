import type { AtriumSdk } from '@atrium/core/sdk';
import type { ChatRow } from './store.js';
import { dbNow, isoOf } from './time.js';

export interface MessageView { id: number; chatId: number; senderId: number | null; sender: { id: number; name: string } | null; message: string; createdAt: string }

const PAGE_SIZE = 20;

export function chatMessages(sdk: AtriumSdk) {
  const { knex } = sdk;
  const messagesOf = (chat: ChatRow) => knex('chatMessages').where({ 'chatMessages.companyId': chat.companyId, 'chatMessages.chatId': chat.id });
  const withSender = (q: ReturnType<typeof messagesOf>) => q.leftJoin('users', 'users.id', 'chatMessages.senderId')
    .select('chatMessages.id', 'chatMessages.chatId', 'chatMessages.senderId', 'chatMessages.message', 'chatMessages.createdAt', 'users.name as senderName');
  const view = (r: Record<string, any>): MessageView => ({
    id: Number(r.id), chatId: Number(r.chatId), senderId: r.senderId === null ? null : Number(r.senderId),
    sender: r.senderId === null || r.senderName === null ? null : { id: Number(r.senderId), name: r.senderName },
    message: r.message, createdAt: isoOf(r.createdAt),
  });

  return {
    /** Page n of the chat's messages counted from the newest, answered oldest-first within the page (as the pane shows them). */
    async page(chat: ChatRow, pageNumber: number) {
      const rows = await withSender(messagesOf(chat)).orderBy('chatMessages.id', 'desc')
        .limit(PAGE_SIZE + 1).offset((pageNumber - 1) * PAGE_SIZE);
      return { records: rows.slice(0, PAGE_SIZE).reverse().map(view), hasMore: rows.length > PAGE_SIZE };
    },

    /**
     * Stores a message in one transaction: the chat row is updated first (lastMessage, updatedAt), which
     * locks it, so concurrent posts to one chat queue up instead of deadlocking on the message's foreign
     * key; then every other member's counter moves by an atomic `unreads = unreads + 1` (never a
     * read-modify-write, which loses increments under concurrency). The sender's own counter is untouched.
     */
    async post(chat: ChatRow, sender: { id: number; name: string }, text: string): Promise<MessageView> {
      const at = dbNow();
      const id = await knex.transaction(async (trx) => {
        await trx('chats').where({ id: chat.id, companyId: chat.companyId }).update({ lastMessage: `${sender.name}: ${text}`, updatedAt: at });
        const [inserted] = await trx('chatMessages').insert({ companyId: chat.companyId, chatId: chat.id, senderId: sender.id, message: text, createdAt: at, updatedAt: at });
        await trx('chatUsers').where('chatId', chat.id).whereNot('userId', sender.id)
          .update({ unreads: trx.raw('?? + 1', ['unreads']), updatedAt: at });
        return Number(inserted);
      });
      return view((await withSender(messagesOf(chat)).where('chatMessages.id', id).first())!);
    },
  };
}

export type ChatMessages = ReturnType<typeof chatMessages>;
