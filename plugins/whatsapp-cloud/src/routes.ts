import { Type, type AtriumSdk, type FastifyPluginAsyncTypebox } from '@atrium/core/sdk';
import { CLOUD_KIND, CLOUD_RECEIVE } from './kind.js';
import type { CloudChangeValue } from './normalize.js';
import { ConnectionParams, type Delivery, SendTemplateBody, settingsSchemas, Template, TemplatesQuery, TicketParams, VerifyQuery, WindowView } from './schemas.js';
import { CLOUD_TABLE, DEFAULT_GRAPH_BASE_URL, DEFAULT_GRAPH_VERSION, type WhatsappCloudRow } from './settings.js';
import { cloudSettingsValues } from './settings-values.js';
import { signatureMatches } from './signature.js';
import type { CloudTemplates } from './templates.js';
import { serviceWindow } from './window.js';

/** The template message as stored (the conversation's own view of it comes with the ticket's messages). */
const SentMessage = Type.Object({ id: Type.Integer(), body: Type.Optional(Type.Union([Type.String(), Type.Null()])), status: Type.String(), ticketId: Type.Integer() }, { additionalProperties: true });

/**
 * The WhatsApp Business Cloud API's routes (issue 29, a plugin since issue 44), under /api/whatsapp-cloud: a cloud
 * connection's settings, Meta's webhook (verification and signed deliveries), the business account's templates and
 * the customer service window of a ticket.
 */
export function cloudRoutes(sdk: AtriumSdk, templates: CloudTemplates): FastifyPluginAsyncTypebox {
  const { SettingsBody, SettingsView } = settingsSchemas(sdk);
  const webhookPath = (whatsappId: number) => `/api/whatsapp-cloud/${whatsappId}/webhook`;
  const settingsOf = (companyId: number) => sdk.db.table(CLOUD_TABLE, companyId);

  /** The caller's connection: another company's is "not found". */
  const connectionOf = async (companyId: number, id: number) => {
    const row = await sdk.services.connections.find(companyId, id);
    if (!row) throw sdk.errors.notFound('ERR_NO_WAPP_FOUND');
    return row;
  };

  /** The settings a webhook call names by connection id (public: it has no company until it proves itself). */
  const webhookSettings = async (connectionId: number) => {
    const row = await sdk.db.unscoped('whatsappCloud').where({ whatsappId: connectionId }).first() as WhatsappCloudRow | undefined;
    if (!row) return undefined;
    const connection = await sdk.services.connections.find(row.companyId, connectionId);
    // A company whose plan lost the Cloud API is refused like an unknown connection (fail closed).
    if (connection?.provider !== CLOUD_KIND || !(await sdk.tenancy.hasFlag(row.companyId, 'useWhatsappCloud'))) return undefined;
    return row;
  };

  /** The ticket the caller may see, with its connection when it is a cloud one. */
  const cloudTicket = async (user: { id: number; companyId: number }, ticketId: number) => {
    await sdk.services.tickets.assertVisible(user, ticketId);
    const ticket = await sdk.services.tickets.view(user.companyId, ticketId);
    if (!ticket) throw sdk.errors.notFound('ERR_NO_TICKET_FOUND');
    const connection = ticket.whatsappId ? await sdk.services.connections.find(user.companyId, ticket.whatsappId) : null;
    return { ticket, connection: connection?.provider === CLOUD_KIND ? connection : null };
  };

  return async (app) => {
    app.get('/:connectionId/settings', {
      preHandler: sdk.requireAdmin,
      schema: { tags: ['whatsapp-cloud'], params: ConnectionParams, response: { 200: SettingsView } },
    }, async (request) => {
      const { id } = await connectionOf(request.user.companyId, request.params.connectionId);
      const row = await settingsOf(request.user.companyId).where({ whatsappId: id }).first() as WhatsappCloudRow | undefined;
      return {
        whatsappId: id, configured: Boolean(row), phoneNumberId: row?.phoneNumberId ?? null, wabaId: row?.wabaId ?? null,
        accessToken: row?.accessToken ?? null, appSecret: row?.appSecret ?? null, verifyToken: row?.verifyToken ?? null,
        graphVersion: row?.graphVersion ?? DEFAULT_GRAPH_VERSION, baseUrl: row?.baseUrl ?? DEFAULT_GRAPH_BASE_URL, webhookPath: webhookPath(id),
      };
    });

    // Kept beside PUT /whatsapp's `settings` (the same door): a cloud connection's session reads them again at once.
    app.put('/:connectionId/settings', {
      preHandler: sdk.requireAdmin,
      schema: { tags: ['whatsapp-cloud'], params: ConnectionParams, body: SettingsBody, response: { 200: SettingsView } },
    }, async (request) => {
      const companyId = request.user.companyId;
      const connection = await connectionOf(companyId, request.params.connectionId);
      const current = await settingsOf(companyId).where({ whatsappId: connection.id }).first() as WhatsappCloudRow | undefined;
      const values = cloudSettingsValues(sdk.secrets, request.body, current);
      const at = new Date().toISOString().replace('T', ' ').replace('Z', '');
      if (current) await settingsOf(companyId).where({ id: current.id }).update({ ...values, updatedAt: at });
      else await settingsOf(companyId).insert({ whatsappId: connection.id, ...values, createdAt: at, updatedAt: at });
      await templates.forget(companyId, connection.id);
      if (connection.provider === CLOUD_KIND) {
        await sdk.providers.run(connection.id, `${CLOUD_KIND}.reload`, [])
          .catch((err: unknown) => request.log.warn({ err, whatsappId: connection.id }, 'cloud session did not start again'));
      }
      return { whatsappId: connection.id, configured: true, ...values, webhookPath: webhookPath(connection.id) };
    });

    // Meta's verification: the challenge back as plain text when the verify token matches.
    app.get('/:connectionId/webhook', {
      config: { public: true },
      schema: { tags: ['whatsapp-cloud'], params: ConnectionParams, querystring: VerifyQuery, response: { 200: Type.String() } },
    }, async (request, reply) => {
      const row = await webhookSettings(request.params.connectionId);
      if (!row) throw new sdk.errors.AppError('ERR_INVALID_WEBHOOK_TOKEN', 403, 'The verify token does not match');
      // The handshake itself is the core's (sdk.publicRoutes.challenge: constant-time compare, the plan flag).
      const challenge = await sdk.publicRoutes.challenge(request, { table: CLOUD_TABLE, idColumn: 'whatsappId', publicId: String(row.whatsappId), secretColumn: 'verifyToken' });
      return reply.type('text/plain').send(challenge);
    });

    // Deliveries: the signature is checked on the raw bytes the core keeps for a plugin's public routes (request.rawBody).
    app.post('/:connectionId/webhook', {
      config: { public: true },
      schema: { tags: ['whatsapp-cloud'], params: ConnectionParams, body: Type.Unknown(), response: { 200: Type.Object({ received: Type.Boolean() }) } },
    }, async (request) => {
      const raw = request.rawBody ?? Buffer.alloc(0);
      const row = await webhookSettings(request.params.connectionId);
      if (!row || !signatureMatches(request.headers['x-hub-signature-256'], raw, sdk.secrets.decrypt(row.appSecret))) {
        throw new sdk.errors.AppError('ERR_INVALID_WEBHOOK_SIGNATURE', 401, 'Missing or wrong X-Hub-Signature-256');
      }
      const delivery = request.body;
      if (!isDelivery(delivery)) throw sdk.errors.badRequest('ERR_VALIDATION', 'Not a WhatsApp Business Account delivery');
      const values = delivery.entry.flatMap((e) => e.changes).filter((c) => c.field === 'messages').map((c) => c.value as CloudChangeValue)
        // Another number of the same business account shares the app's webhook: only this connection's are read.
        .filter((v) => !v.metadata?.phone_number_id || v.metadata.phone_number_id === row.phoneNumberId);
      // Stored where the session is driven; a replay stores nothing twice (messages are unique by connection and wamid).
      if (values.length) await sdk.providers.run(row.whatsappId, CLOUD_RECEIVE, [values]);
      return { received: true };
    });

    app.get('/:connectionId/templates', {
      schema: { tags: ['whatsapp-cloud'], params: ConnectionParams, querystring: TemplatesQuery, response: { 200: Type.Object({ templates: Type.Array(Template) }) } },
    }, async (request) => ({ templates: await templates.list(request.user.companyId, request.params.connectionId, request.query.refresh) }));

    app.get('/tickets/:ticketId/window', {
      schema: { tags: ['whatsapp-cloud'], params: TicketParams, response: { 200: WindowView } },
    }, async (request) => {
      const { ticket, connection } = await cloudTicket(request.user, request.params.ticketId);
      if (!connection) return { cloud: false, open: true, lastInboundAt: null, closesAt: null };
      return { cloud: true, ...(await serviceWindow(sdk, request.user.companyId, connection.id, ticket.contactId)) };
    });

    app.post('/tickets/:ticketId/template', {
      schema: { tags: ['whatsapp-cloud'], params: TicketParams, body: SendTemplateBody, response: { 200: Type.Object({ message: SentMessage }) } },
    }, async (request) => {
      const { companyId, id: userId } = request.user;
      const { ticket, connection } = await cloudTicket(request.user, request.params.ticketId);
      if (!connection) throw sdk.errors.badRequest('ERR_NOT_CLOUD_CONNECTION', 'Templates are sent on WhatsApp Cloud API connections only');
      const prepared = await templates.prepare(companyId, connection.id, request.body);
      const sent = await sdk.services.messages.send({ companyId, ticket: { id: ticket.id }, userId, ...prepared });
      return { message: sent.message };
    });
  };
}

/** A delivery as far as it is read, checked after the signature (an unsigned body is refused before it is looked at). */
function isDelivery(body: unknown): body is Delivery {
  const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  const listOf = (v: unknown, item: (x: unknown) => boolean) => Array.isArray(v) && v.length <= 100 && v.every(item);
  const change = (c: unknown) => isObject(c) && typeof c.field === 'string' && isObject(c.value);
  const entry = (e: unknown) => isObject(e) && (e.id === undefined || typeof e.id === 'string') && listOf(e.changes, change);
  return isObject(body) && typeof body.object === 'string' && listOf(body.entry, entry);
}
