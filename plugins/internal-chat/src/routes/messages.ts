import type { AtriumSdk, TypeBoxTypeProvider } from '@atrium/core/sdk';
import type { FastifyInstance } from 'fastify';
import type { ChatAudience } from '../audience.js';
import type { ChatMessages } from '../messages.js';
import { readChatUpload } from '../chat-upload.js';
import type { ChatSchemas } from '../schemas.js';
import type { ChatStore } from '../store.js';

/** A chat's messages and the caller's read mark; members only (anyone else: ERR_NO_CHAT_FOUND). */
export function messageRoutes(sdk: AtriumSdk, s: ChatSchemas, store: ChatStore, messages: ChatMessages, audience: ChatAudience) {
  async function memberChat(companyId: number, userId: number, chatId: number) {
    const chat = await store.findForMember(companyId, userId, chatId);
    if (!chat) throw sdk.errors.notFound('ERR_NO_CHAT_FOUND', 'Chat not found');
    return chat;
  }

  return async (scope: FastifyInstance) => {
    const app = scope.withTypeProvider<TypeBoxTypeProvider>();
    const tags = ['internal-chat'];

    app.get('/chats/:id/messages', {
      schema: { tags, summary: 'Page n counted from the newest message, oldest-first within the page', params: s.IdParams, querystring: s.PageQuery, response: { 200: s.MessagesPage, 404: s.ErrorReply } },
    }, async (request) => {
      const chat = await memberChat(request.user.companyId, request.user.id, request.params.id);
      return messages.page(chat, request.query.pageNumber ?? 1);
    });

    app.post('/chats/:id/messages', {
      schema: {
        tags, summary: 'Sends a message (JSON, or multipart with one file in "medias"); every other member\'s unread count grows by one',
        params: s.IdParams,
        // JSON is validated by the schema; multipart (text and one file) is checked as it is read (chat-upload.ts).
        body: { content: { 'application/json': { schema: s.MessageBody } } },
        consumes: ['application/json', 'multipart/form-data'],
        response: { 200: s.ChatMessage, 400: s.ErrorReply, 404: s.ErrorReply },
      },
    }, async (request) => {
      const { companyId, id: userId } = request.user;
      const chat = await memberChat(companyId, userId, request.params.id);
      const { text, file } = request.isMultipart()
        ? await readChatUpload(sdk, request, companyId)
        : { text: (request.body as { message: string }).message.trim(), file: undefined };
      const [sender] = await sdk.services.users.list(companyId, [userId]);
      const newMessage = await messages.post(chat, { id: sender.id, name: sender.name }, text, file).catch(async (err) => {
        if (file) await sdk.storage.remove(file.key);
        throw err;
      });
      const view = (await store.viewOf(companyId, chat.id))!;
      audience.tell(companyId, view.users.map((m) => m.userId), { action: 'new-message', chat: view, newMessage });
      return newMessage;
    });

    app.post('/chats/:id/read', {
      schema: { tags, summary: 'Marks the chat read for the caller (only the caller\'s own counter)', params: s.IdParams, body: s.ReadBody, response: { 200: s.ChatReply, 403: s.ErrorReply, 404: s.ErrorReply } },
    }, async (request) => {
      const { companyId, id: userId } = request.user;
      const chat = await memberChat(companyId, userId, request.params.id);
      // Another company's user is not found (as anywhere); another user of the company may not be marked read.
      await sdk.references.assertOwned(companyId, { user: { ids: request.body.userId, field: 'body/userId' } });
      if (request.body.userId !== undefined && request.body.userId !== userId) {
        throw sdk.errors.forbidden('ERR_NO_PERMISSION', 'A user marks only their own messages as read');
      }
      await store.markRead(chat.id, userId);
      const view = (await store.viewOf(companyId, chat.id))!;
      audience.tell(companyId, view.users.map((m) => m.userId), { action: 'update', chat: view });
      return view;
    });
  };
}
