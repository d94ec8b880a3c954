import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type Static } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { Message, Ticket } from '../../db/models/index.js';
import { AppError, badRequest, notFound } from '../../http/errors.js';
import type { StoredFile } from '../../storage/index.js';
import { isValidNumber, normalizeNumber } from '../../util/phone.js';
import { findOrCreateContact } from '../contacts/find-or-create.js';
import { connectionOf, externalRouteConfig } from './token.js';

const SendBody = Type.Object({
  number: Type.String({ minLength: 1, maxLength: 50 }),
  body: Type.Optional(Type.String({ maxLength: 10_000 })),
  /** A message of this contact's conversation on this connection to answer as a quoted reply (issue 28). */
  quotedMsgId: Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }), Type.Null()])),
});
type SendBody = Static<typeof SendBody>;
const SendReply = Type.Object({ message: Type.String(), ticketId: Type.Integer(), messageId: Type.Integer() });

interface MessagesLike {
  sendToContact(input: { companyId: number; contactId: number; whatsappId?: number; body?: string; media?: StoredFile; quotedMsgId?: number | null }): Promise<{ ticket: { id: number }; message: { id: number; status: string; error?: string | null } }>;
}

/**
 * The external message API: a system outside Atrium sends through a connection with that
 * connection's token (whatsapps.token) instead of a user session. Rate-limited per token.
 */
const externalApiRoutes: FastifyPluginAsyncTypebox = async (app) => {
  /** Multipart: fields number and body, files under `medias`, streamed into storage. */
  async function readMultipart(request: FastifyRequest, companyId: number): Promise<{ fields: SendBody; medias: StoredFile[] }> {
    const fields: Record<string, string> = {};
    const medias: StoredFile[] = [];
    try {
      for await (const part of request.parts()) {
        if (part.type === 'field') fields[part.fieldname] = String(part.value);
        else medias.push(await app.storage.save(companyId, part.file, { filename: part.filename, mimetype: part.mimetype }));
      }
    } catch (err) {
      await Promise.all(medias.map((m) => app.storage.remove(m.key)));
      throw err;
    }
    if (!fields.number) throw badRequest('ERR_VALIDATION', 'number is required', { field: 'body/number' });
    const quoted = fields.quotedMsgId ? Number(fields.quotedMsgId) : undefined;
    if (quoted !== undefined && !(Number.isSafeInteger(quoted) && quoted > 0)) throw badRequest('ERR_VALIDATION', 'quotedMsgId must be a message id', { field: 'body/quotedMsgId' });
    return { fields: { number: fields.number, body: fields.body, quotedMsgId: quoted }, medias };
  }

  /** The quoted message must be of this contact's conversation on this connection. */
  async function quotedOf(companyId: number, whatsappId: number, contactId: number, messageId: number) {
    const conversation = Ticket.scoped(companyId).where({ contactId, whatsappId }).select('id');
    const quoted = await Message.scoped(companyId).where('id', messageId).whereIn('ticketId', conversation).select('id').first();
    if (!quoted) throw notFound('ERR_NO_MESSAGE_FOUND', 'The quoted message is not in this contact\'s conversation');
    return quoted.id;
  }

  app.post('/messages/send', {
    config: externalRouteConfig,
    schema: {
      tags: ['external-api'],
      security: [{ bearer: [] }],
      body: { content: { 'application/json': { schema: SendBody } } },
      consumes: ['application/json', 'multipart/form-data'],
      response: { 200: SendReply },
    },
  }, async (request) => {
    const whatsapp = await connectionOf(app, request);
    const companyId = whatsapp.companyId;
    const { fields, medias } = request.isMultipart() ? await readMultipart(request, companyId) : { fields: request.body as SendBody, medias: [] as StoredFile[] };
    const number = normalizeNumber(fields.number);
    if (!isValidNumber(number)) throw badRequest('ERR_WAPP_INVALID_CONTACT', 'Not a valid number');
    if (!fields.body?.trim() && medias.length === 0) throw badRequest('ERR_VALIDATION', 'Send a body or a media file', { field: 'body/body' });
    const messages = app.services.messages as MessagesLike | undefined;
    if (!messages?.sendToContact) throw new AppError('ERR_WAPP_NOT_INITIALIZED', 503, 'Messaging is not available');

    const { contact } = await findOrCreateContact(app.bus, companyId, number);
    const quotedMsgId = fields.quotedMsgId ? await quotedOf(companyId, whatsapp.id, contact.id, fields.quotedMsgId) : undefined;
    // One message per media (the body as the first one's caption), or one text message.
    const outgoing = medias.length ? medias.map((media, i) => ({ media, body: i === 0 ? fields.body : undefined })) : [{ media: undefined, body: fields.body }];
    let last: Awaited<ReturnType<MessagesLike['sendToContact']>> | undefined;
    for (const item of outgoing) {
      last = await messages.sendToContact({ companyId, contactId: contact.id, whatsappId: whatsapp.id, body: item.body, media: item.media, quotedMsgId: last ? undefined : quotedMsgId });
      if (last.message.status === 'failed') {
        throw new AppError('ERR_SENDING_WAPP_MSG', 502, last.message.error ?? 'Sending failed', { ticketId: last.ticket.id, messageId: Number(last.message.id) });
      }
    }
    return { message: 'sent', ticketId: last!.ticket.id, messageId: Number(last!.message.id) };
  });
};

export default externalApiRoutes;
