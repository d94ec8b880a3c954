import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import type { FastifyRequest } from 'fastify';
import { Whatsapp } from '../../db/models/index.js';
import { AppError, badRequest, notFound } from '../../http/errors.js';
import { OkReply, PAGE_SIZE, offsetOf, pageOf, pageResult } from '../../http/schemas.js';
import { MEDIA_LIMITS } from '../../storage/index.js';
import { SandboxProvider, type SimulatedInbound } from '../../messaging/providers/sandbox.js';
import type { ContactPresence } from '../../messaging/provider.js';
import { SandboxOutbox } from '../../messaging/providers/sandbox-outbox.js';

const Params = Type.Object({ connectionId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });
const InboundBody = Type.Object({
  number: Type.String({ pattern: '^\\+?[0-9][0-9 ()-]{6,30}$' }),
  body: Type.String({ maxLength: 65_536 }),
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  quotedProviderId: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
  // A provider id chosen by the caller simulates the network delivering the same event again
  // (a replay after a reconnect): the pipeline must store it once.
  providerId: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_.-]{1,100}$' })),
  // The contact edits (body: the new text), reacts to (body: the emoji, '' removes) or deletes one of its messages.
  action: Type.Optional(Type.Union([Type.Literal('edit'), Type.Literal('reaction'), Type.Literal('delete')])),
  targetProviderId: Type.Optional(Type.String({ minLength: 1, maxLength: 191 })),
});
type InboundBody = Static<typeof InboundBody>;
const PresenceBody = Type.Object({
  number: InboundBody.properties.number,
  presence: Type.Union([Type.Literal('composing'), Type.Literal('recording'), Type.Literal('paused')]),
});
const NullableString = Type.Union([Type.String(), Type.Null()]);
/** What the simulated phone network received from a sandbox connection (typed to the edge: issue 27). */
const OutboxRecord = Type.Object({
  id: Type.Integer(),
  whatsappId: Type.Integer(),
  providerId: Type.String(),
  to: Type.String(),
  body: NullableString,
  mediaUrl: NullableString,
  ack: Type.Integer(),
  deletedAt: NullableString,
  /** A message, or a reaction (body: the emoji, '' removed it) to `targetProviderId` (issue 28). */
  kind: Type.Union([Type.Literal('message'), Type.Literal('reaction')]),
  targetProviderId: NullableString,
  /** A reply: the message it quotes. */
  quotedProviderId: NullableString,
  forwarded: Type.Boolean(),
  /** When the agent last edited it (the body is the new text). */
  editedAt: NullableString,
  createdAt: Type.String(),
  updatedAt: Type.String(),
});

/** A multipart inbound: the text fields plus one file held in memory (it goes straight to the pipeline). */
async function readMultipart(request: FastifyRequest): Promise<SimulatedInbound> {
  const fields: Record<string, string> = {};
  let media: SimulatedInbound['media'];
  for await (const part of request.parts()) {
    if (part.type === 'field') { fields[part.fieldname] = String(part.value); continue; }
    if (media) { part.file.resume(); continue; }
    const data = await part.toBuffer();
    if (!MEDIA_LIMITS.allowed.test(part.mimetype)) throw badRequest('ERR_MEDIA_TYPE_NOT_ALLOWED', `Files of type ${part.mimetype} are not accepted`);
    media = { data, mimetype: part.mimetype, filename: part.filename || 'file' };
  }
  const body = { ...fields, body: fields.body ?? '' };
  if (fields.name === '') delete (body as Record<string, string>).name;
  const error = Value.Errors(InboundBody, body).First();
  if (error) throw new AppError('ERR_VALIDATION', 400, error.message, { field: `body/${error.path.replace(/^\//, '')}` });
  return { ...(body as InboundBody), media };
}

/**
 * The sandbox phone network's controls (admin only; sandbox connections only): make a simulated
 * contact write, read what the connection sent, scan the QR now.
 */
const sandboxRoutes: FastifyPluginAsyncTypebox = async (app) => {
  /** The caller's sandbox connection: another company's is "not found", another provider is ERR_NOT_SANDBOX. */
  const sandboxOf = async (request: FastifyRequest, connectionId: number) => {
    const row = await Whatsapp.scoped(request.user.companyId).findById(connectionId).select('id', 'companyId', 'provider');
    if (!row) throw notFound('ERR_NO_WAPP_FOUND');
    if (row.provider !== 'sandbox') throw badRequest('ERR_NOT_SANDBOX', 'This is not a sandbox connection');
    return row;
  };
  const asSandbox = (provider: unknown) => {
    if (!(provider instanceof SandboxProvider)) throw new AppError('ERR_WAPP_NOT_INITIALIZED', 400, 'The sandbox session is not running');
    return provider;
  };
  // Run by the process that drives the session (with several processes, maybe not this one): the
  // arguments travel as JSON, so a file's bytes go as base64.
  app.sessions.defineOperation('sandbox.inbound', async (provider, [input]) => {
    const { media, ...rest } = input as Omit<SimulatedInbound, 'media'> & { media?: { data: string; mimetype: string; filename: string } };
    return asSandbox(provider).simulateInbound({ ...rest, media: media && { ...media, data: Buffer.from(media.data, 'base64') } });
  });
  app.sessions.defineOperation('sandbox.presence', async (provider, [number, presence]) => {
    asSandbox(provider).simulatePresence(number as string, presence as ContactPresence);
  });
  app.sessions.defineOperation('sandbox.scan', async (provider) => {
    const sandbox = asSandbox(provider);
    return { scanned: await sandbox.scan(), connected: sandbox.connected };
  }, { connected: false });
  const onSandbox = async <T>(connectionId: number, op: string, args: unknown[] = []) => {
    try {
      return await app.sessions.onHolder(connectionId, op, args) as T;
    } catch (err) {
      if (err instanceof AppError && err.code === 'ERR_WAPP_NOT_INITIALIZED') throw new AppError('ERR_WAPP_NOT_INITIALIZED', 400, 'The sandbox session is not running');
      throw err;
    }
  };

  app.post('/sandbox/:connectionId/inbound', {
    preHandler: app.requireAdmin,
    schema: {
      tags: ['sandbox'],
      params: Params,
      // JSON is validated by the schema; multipart (fields + one file) is validated against the same schema in the handler.
      body: { content: { 'application/json': { schema: InboundBody } } },
      consumes: ['application/json', 'multipart/form-data'],
      response: { 200: Type.Object({ providerId: Type.String() }) },
    },
  }, async (request) => {
    await sandboxOf(request, request.params.connectionId);
    const input: SimulatedInbound = request.isMultipart() ? await readMultipart(request) : (request.body as InboundBody);
    if (input.action && !input.targetProviderId) throw badRequest('ERR_VALIDATION', 'An action names the message it changes', { field: 'body/targetProviderId' });
    const media = input.media && { ...input.media, data: input.media.data.toString('base64') };
    return { providerId: await onSandbox<string>(request.params.connectionId, 'sandbox.inbound', [{ ...input, media }]) };
  });

  // The contact types (or records) in its chat: those who may see its live ticket are told (contactPresence).
  app.post('/sandbox/:connectionId/presence', {
    preHandler: app.requireAdmin,
    schema: { tags: ['sandbox'], params: Params, body: PresenceBody, response: { 200: OkReply } },
  }, async (request) => {
    await sandboxOf(request, request.params.connectionId);
    await onSandbox(request.params.connectionId, 'sandbox.presence', [request.body.number, request.body.presence]);
    return { message: 'Presence sent' };
  });

  app.get('/sandbox/:connectionId/outbox', {
    preHandler: app.requireAdmin,
    schema: {
      tags: ['sandbox'],
      params: Params,
      querystring: Type.Object({ pageNumber: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })) }),
      response: { 200: pageOf('records', OutboxRecord) },
    },
  }, async (request) => {
    const row = await sandboxOf(request, request.params.connectionId);
    const { offset } = offsetOf(request.query.pageNumber);
    const rows = await SandboxOutbox.scoped(request.user.companyId).where('whatsappId', row.id)
      .orderBy('id', 'desc').limit(PAGE_SIZE + 1).offset(offset);
    const { items, hasMore } = pageResult(rows);
    return { records: items.map((r) => r.toJSON()), hasMore };
  });

  app.post('/sandbox/:connectionId/scan', {
    preHandler: app.requireAdmin,
    schema: { tags: ['sandbox'], params: Params, response: { 200: OkReply } },
  }, async (request) => {
    await sandboxOf(request, request.params.connectionId);
    const { scanned, connected } = await onSandbox<{ scanned: boolean; connected: boolean }>(request.params.connectionId, 'sandbox.scan');
    return { message: scanned ? 'QR scanned' : connected ? 'Already connected' : 'No QR to scan' };
  });
};

export default sandboxRoutes;
