import type { AtriumSdk, AuthUser, TypeBoxTypeProvider } from '@atrium/core/sdk';
import type { FastifyInstance } from 'fastify';
import type { ChatAudience } from '../audience.js';
import { resolveMembers } from '../members.js';
import { chatFileKeys } from '../messages.js';
import type { ChatSchemas } from '../schemas.js';
import type { ChatRow, ChatStore } from '../store.js';

/**
 * The chats themselves (extended spec §7 "Internal chat"): the caller's list, one chat, create, and
 * edit / delete by the owner only (ext §6). A chat the caller is not a member of is "not found".
 */
export function chatRoutes(sdk: AtriumSdk, s: ChatSchemas, store: ChatStore, audience: ChatAudience) {
  const notFound = () => sdk.errors.notFound('ERR_NO_CHAT_FOUND', 'Chat not found');

  async function memberChat(user: AuthUser, ref: number | string): Promise<ChatRow> {
    const chat = await store.findForMember(user.companyId, user.id, ref);
    if (!chat) throw notFound();
    return chat;
  }

  /** The owner edits and deletes; a chat whose owner was deleted may be managed by a member who is an admin. */
  function assertOwner(user: AuthUser, chat: ChatRow) {
    const isOwner = chat.ownerId !== null && Number(chat.ownerId) === user.id;
    const adminOfOrphan = chat.ownerId === null && (user.profile === 'admin' || user.super);
    if (!isOwner && !adminOfOrphan) throw sdk.errors.forbidden('ERR_NO_PERMISSION', 'Only the chat\'s owner may change or delete it');
  }

  return async (scope: FastifyInstance) => {
    const app = scope.withTypeProvider<TypeBoxTypeProvider>();
    const tags = ['internal-chat'];

    app.get('/chats', {
      schema: { tags, summary: 'The caller\'s chats, most recent activity first', querystring: s.ListQuery, response: { 200: s.ChatsPage } },
    }, async (request) => {
      const { companyId, id } = request.user;
      return store.listFor(companyId, id, request.query.searchParam, request.query.pageNumber ?? 1);
    });

    app.get('/chats/unreads', {
      schema: { tags, summary: 'The caller\'s unread messages over all chats (the side-menu dot)', response: { 200: s.UnreadReply } },
    }, async (request) => store.unreadTotal(request.user.companyId, request.user.id));

    app.get('/chats/:id', {
      schema: { tags, summary: 'One chat, by id or uuid (members only)', params: s.ChatRefParams, response: { 200: s.ChatReply, 404: s.ErrorReply } },
    }, async (request) => {
      const chat = await memberChat(request.user, request.params.id);
      return (await store.viewOf(request.user.companyId, chat.id))!;
    });

    app.post('/chats', {
      schema: { tags, summary: 'Creates a chat owned by the caller', body: s.ChatBody, response: { 200: s.ChatReply, 400: s.ErrorReply, 404: s.ErrorReply } },
    }, async (request) => {
      const { companyId, id: ownerId } = request.user;
      const members = await resolveMembers(sdk, companyId, ownerId, request.body.users);
      const chatId = await store.create(companyId, ownerId, request.body.title.trim(), members);
      const chat = (await store.viewOf(companyId, chatId))!;
      audience.tell(companyId, members, { action: 'create', chat });
      return chat;
    });

    app.put('/chats/:id', {
      schema: { tags, summary: 'New title and members (owner only); members who stay keep their unread counts', params: s.IdParams, body: s.ChatBody, response: { 200: s.ChatReply, 400: s.ErrorReply, 403: s.ErrorReply, 404: s.ErrorReply } },
    }, async (request) => {
      const { companyId } = request.user;
      const row = await memberChat(request.user, request.params.id);
      assertOwner(request.user, row);
      const members = await resolveMembers(sdk, companyId, row.ownerId === null ? null : Number(row.ownerId), request.body.users);
      const dropped = await store.update(row, request.body.title.trim(), members);
      const chat = (await store.viewOf(companyId, row.id))!;
      audience.tell(companyId, members, { action: 'update', chat });
      audience.tell(companyId, dropped, { action: 'delete', id: row.id });
      return chat;
    });

    app.delete('/chats/:id', {
      schema: { tags, summary: 'Deletes the chat with its messages (owner only)', params: s.IdParams, response: { 200: s.DeletedReply, 403: s.ErrorReply, 404: s.ErrorReply } },
    }, async (request) => {
      const { companyId } = request.user;
      const row = await memberChat(request.user, request.params.id);
      assertOwner(request.user, row);
      const members = await store.memberIds(row.id);
      const files = await chatFileKeys(sdk, row);
      await store.remove(row);
      // The messages' files go with them (after the rows: a failed delete leaves no message without its file).
      await Promise.all(files.map((key) => sdk.storage.remove(key)));
      audience.tell(companyId, members, { action: 'delete', id: row.id });
      return { message: 'Chat deleted' };
    });
  };
}
