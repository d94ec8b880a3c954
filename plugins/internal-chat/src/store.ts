import { randomUUID } from 'node:crypto';
import type { AtriumSdk } from '@atrium/core/sdk';
import { dbNow, isoOf } from './time.js';

export interface ChatRow { id: number; companyId: number; uuid: string; title: string; ownerId: number | null; lastMessage: string | null; createdAt: string; updatedAt: string }
export interface MemberView { userId: number; unreads: number; user: { id: number; name: string } }
export interface ChatView { id: number; uuid: string; title: string; ownerId: number | null; users: MemberView[]; lastMessage: string | null; createdAt: string; updatedAt: string }

const PAGE_SIZE = 20;

/**
 * The chats and their members. Every read of `chats` starts from `chatsOf(companyId)` (the tenant
 * filter); members are read and written only for a chat found that way.
 */
export function chatStore(sdk: AtriumSdk) {
  const chatsOf = (companyId: number) => sdk.db.table<ChatRow>('chats', companyId);
  /** chatUsers has no companyId: it is read and written only for a chat first found with chatsOf(companyId). */
  const membersTable = (db = sdk.db) => db.unscoped('chatUsers');

  async function membersOf(companyId: number, chatIds: number[]): Promise<Map<number, MemberView[]>> {
    const byChat = new Map<number, MemberView[]>(chatIds.map((id) => [id, []]));
    if (chatIds.length === 0) return byChat;
    const rows: Array<{ chatId: number; userId: number; unreads: number }> = await membersTable().whereIn('chatId', chatIds).select('chatId', 'userId', 'unreads');
    // The core's users, in name order: members are listed in that order.
    const users = await sdk.services.users.list(companyId, rows.map((r) => Number(r.userId)));
    const rowsOf = new Map<number, typeof rows>();
    for (const r of rows) rowsOf.set(Number(r.userId), [...(rowsOf.get(Number(r.userId)) ?? []), r]);
    for (const user of users) {
      for (const r of rowsOf.get(user.id) ?? []) byChat.get(Number(r.chatId))!.push({ userId: user.id, unreads: Number(r.unreads), user });
    }
    return byChat;
  }

  const view = (chat: ChatRow, users: MemberView[]): ChatView => ({
    id: Number(chat.id), uuid: chat.uuid, title: chat.title, ownerId: chat.ownerId === null ? null : Number(chat.ownerId),
    users, lastMessage: chat.lastMessage, createdAt: isoOf(chat.createdAt), updatedAt: isoOf(chat.updatedAt),
  });

  async function views(companyId: number, chats: ChatRow[]): Promise<ChatView[]> {
    const members = await membersOf(companyId, chats.map((c) => Number(c.id)));
    return chats.map((c) => view(c, members.get(Number(c.id)) ?? []));
  }

  return {
    chatsOf,

    /** The chat as the API shows it (members with their unread counters), read fresh. */
    async viewOf(companyId: number, chatId: number): Promise<ChatView | undefined> {
      const chat = await chatsOf(companyId).where('chats.id', chatId).first();
      return chat ? (await views(companyId, [chat]))[0] : undefined;
    },

    /** A chat of the company, by id or uuid, only if `userId` is a member (else undefined: the caller never learns it exists). */
    async findForMember(companyId: number, userId: number, ref: number | string): Promise<ChatRow | undefined> {
      const q = chatsOf(companyId).join('chatUsers', 'chatUsers.chatId', 'chats.id').where('chatUsers.userId', userId).select('chats.*');
      if (typeof ref === 'number' || /^\d+$/.test(ref)) q.where('chats.id', Number(ref));
      else q.where('chats.uuid', ref);
      return q.first();
    },

    /** The caller's chats, most recent activity first; `searchParam` matches the title. */
    async listFor(companyId: number, userId: number, searchParam: string | undefined, pageNumber: number) {
      const q = chatsOf(companyId).join('chatUsers', 'chatUsers.chatId', 'chats.id').where('chatUsers.userId', userId)
        .select('chats.*').orderBy('chats.updatedAt', 'desc').orderBy('chats.id', 'desc')
        .limit(PAGE_SIZE + 1).offset((pageNumber - 1) * PAGE_SIZE);
      const term = searchParam?.trim().toLowerCase();
      if (term) q.whereRaw('LOWER(chats.title) LIKE ? ESCAPE ?', [`%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`, '\\']);
      const rows = await q;
      return { records: await views(companyId, rows.slice(0, PAGE_SIZE)), hasMore: rows.length > PAGE_SIZE };
    },

    async create(companyId: number, ownerId: number, title: string, memberIds: number[]): Promise<number> {
      const at = dbNow();
      return sdk.db.transaction(async (tx) => {
        const [id] = await tx.table('chats', companyId).insert({ uuid: randomUUID(), title, ownerId, lastMessage: null, createdAt: at, updatedAt: at });
        await membersTable(tx).insert(memberIds.map((userId) => ({ chatId: id, userId, unreads: 0, createdAt: at, updatedAt: at })));
        return Number(id);
      });
    },

    /**
     * New title and members. Members who stay keep their row (and so their unread counter, which a
     * message may be incrementing at this very moment); dropped ones are removed, new ones start at 0.
     * Returns who was dropped, so they can be told the chat is gone for them.
     */
    async update(chat: ChatRow, title: string, memberIds: number[]): Promise<number[]> {
      const at = dbNow();
      return sdk.db.transaction(async (tx) => {
        await tx.table('chats', chat.companyId).where({ id: chat.id }).update({ title, updatedAt: at });
        const current = (await membersTable(tx).where('chatId', chat.id).pluck('userId')).map(Number);
        const dropped = current.filter((id: number) => !memberIds.includes(id));
        const added = memberIds.filter((id) => !current.includes(id));
        if (dropped.length) await membersTable(tx).where('chatId', chat.id).whereIn('userId', dropped).delete();
        if (added.length) await membersTable(tx).insert(added.map((userId) => ({ chatId: chat.id, userId, unreads: 0, createdAt: at, updatedAt: at })));
        return dropped;
      });
    },

    /** The chat, its members and its messages (cascade). */
    async remove(chat: ChatRow) {
      await chatsOf(chat.companyId).where('chats.id', chat.id).delete();
    },

    async memberIds(chatId: number): Promise<number[]> {
      return (await membersTable().where('chatId', chatId).pluck('userId')).map(Number);
    },

    /** Resets only this member's counter. */
    async markRead(chatId: number, userId: number) {
      await membersTable().where({ chatId, userId }).update({ unreads: 0, updatedAt: dbNow() });
    },

    /** The caller's unread messages over all their chats (the side-menu dot), and how many chats hold them. */
    async unreadTotal(companyId: number, userId: number) {
      const row = await chatsOf(companyId).join('chatUsers', 'chatUsers.chatId', 'chats.id')
        .where('chatUsers.userId', userId).where('chatUsers.unreads', '>', 0)
        .sum({ unreads: 'chatUsers.unreads' }).count({ chats: '*' }).first();
      return { unreads: Number(row?.unreads ?? 0), chats: Number(row?.chats ?? 0) };
    },
  };
}

export type ChatStore = ReturnType<typeof chatStore>;
