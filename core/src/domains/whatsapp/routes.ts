import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Whatsapp } from '../../db/models/index.js';
import { AppError, badRequest, conflict, notFound } from '../../http/errors.js';
import { IdParams, Name, OkReply } from '../../http/schemas.js';
import { BUILT_IN_KINDS, PROVIDER_KIND_PATTERN } from '../../messaging/providers/registry.js';
import { ConnectionView as Connection } from './schemas.js';
import { connectionJson, loadConnection } from './serialize.js';
import {
  assertGreeting, assertNameFree, columnsOf, connectionRefs, makeOnlyDefault, newToken, setQueues, type ConnectionInput,
} from './service.js';

const Text = Type.Union([Type.String({ maxLength: 10_000 }), Type.Null()]);
const OptionalId = Type.Union([Type.Integer({ minimum: 1, maximum: 2_147_483_647 }), Type.Null()]);
const Minutes = Type.Integer({ minimum: 0, maximum: 1_000_000 });

const fields = {
  greetingMessage: Type.Optional(Text),
  complationMessage: Type.Optional(Text),
  outOfHoursMessage: Type.Optional(Text),
  ratingMessage: Type.Optional(Text),
  expiresInactiveMessage: Type.Optional(Text),
  expiresTicket: Type.Optional(Minutes),
  timeUseBotQueues: Type.Optional(Minutes),
  maxUseBotQueues: Type.Optional(Minutes),
  timeToTransfer: Type.Optional(Type.Union([Minutes, Type.Null()])),
  transferQueueId: Type.Optional(OptionalId),
  promptId: Type.Optional(OptionalId),
  integrationId: Type.Optional(OptionalId),
  // The built-in kinds, or one a plugin registered (sdk.providers), checked against the registry in the handler.
  provider: Type.Optional(Type.Union([...BUILT_IN_KINDS.map((k) => Type.Literal(k)), Type.String({ pattern: PROVIDER_KIND_PATTERN })])),
  isDefault: Type.Optional(Type.Boolean()),
  queueIds: Type.Optional(Type.Array(Type.Integer({ minimum: 1, maximum: 2_147_483_647 }), { maxItems: 200 })),
  /** The channel's own settings (a bot token, a page id): checked against the schema its provider registered. */
  settings: Type.Optional(Type.Record(Type.String({ maxLength: 64 }), Type.Unknown(), { maxProperties: 50 })),
};
const CreateBody = Type.Object({ name: Name, ...fields });
const UpdateBody = Type.Object({
  name: Type.Optional(Name), ...fields,
  /**
   * The external API's token (core §3's connection field): an admin replaces a leaked one. Empty: a new random token;
   * otherwise at least 16 characters, used by no other connection. The old token stops at once.
   */
  token: Type.Optional(Type.String({ maxLength: 200 })),
});

const isAdmin = (request: FastifyRequest) => request.user.profile === 'admin' || Boolean(request.user.super);

/** The token a PUT asks for, when it differs from the stored one: a fresh random one for an empty value. */
async function replacedToken(current: Whatsapp, asked: string | undefined): Promise<string | undefined> {
  if (asked === undefined || asked.trim() === (current.token ?? '')) return undefined;
  const token = asked.trim() || newToken();
  if (token.length < 16) throw badRequest('ERR_VALIDATION', 'The API token needs at least 16 characters (leave it empty for a new random one)', { field: 'body/token' });
  // Tokens name their connection across companies (the external API looks them up before any company is known).
  if (await Whatsapp.unscoped('an external API token is unique across companies').where({ token }).whereNot('id', current.id).first()) {
    throw conflict('ERR_API_TOKEN_IN_USE', 'Another connection uses this token: choose another or leave it empty');
  }
  return token;
}

/**
 * The `settings` of a connection body, checked against its provider's schema (docs/plugins.md "A connection
 * provider"). A kind without a settings door takes none; `isNew`: a kind whose settings are required must bring them.
 */
function checkedSettings(app: FastifyInstance, kind: string, values: Record<string, unknown> | undefined, isNew: boolean) {
  const door = app.providerRegistry.get(kind)?.settings;
  if (!door) {
    // An empty object is "no settings" (a form that sends every field it has).
    if (values !== undefined && Object.keys(values).length > 0) throw badRequest('ERR_VALIDATION', `A "${kind}" connection takes no settings`, { field: 'body/settings' });
    return undefined;
  }
  if (values === undefined) {
    if (isNew && door.required) throw badRequest('ERR_PROVIDER_SETTINGS_REQUIRED', `A "${kind}" connection needs its settings`, { field: 'body/settings' });
    return undefined;
  }
  const error = Value.Errors(door.schema, values).First();
  if (error) throw badRequest('ERR_VALIDATION', `settings${error.path.replaceAll('/', '.')} ${error.message}`, { field: `body/settings${error.path}` });
  return { door, values };
}

/** A channel template as a picker shows it (ChannelTemplates.list). */
const TemplateView = Type.Object({
  name: Type.String(), language: Type.String(), status: Type.String(), category: Type.Union([Type.String(), Type.Null()]),
  /** The body's text with its {{1}} … placeholders, and how many variables it takes. */
  body: Type.String(), variables: Type.Integer(),
});

/** One connection kind as GET /providers lists it for the console (composer, message menu, channel icons, connection form). */
const ProviderKindView = Type.Object({
  kind: Type.String(),
  capabilities: Type.Record(Type.String(), Type.Unknown()),
  /** Whether its connections pair a phone by QR code (the built-in kinds). */
  qr: Type.Boolean(),
  /** Whether it takes `settings` on POST/PUT /whatsapp (its plugin's fields in the connection form). */
  settings: Type.Boolean(),
  /** Its icon (a PrimeIcons class or an image URL) and name as its plugin gave them; null: the console's WhatsApp ones. */
  icon: Type.Union([Type.String(), Type.Null()]),
  label: Type.Union([Type.Record(Type.String(), Type.String()), Type.Null()]),
  /** Whether the caller's company may create connections of this kind (its plugin's plan flag). */
  available: Type.Boolean(),
});

/**
 * A kind this install drives and the company's plan allows: a plugin's kind needs its plan flag (403
 * ERR_PLAN_FEATURE_DISABLED), as its routes do; connections already of that kind keep working.
 */
async function assertProviderAllowed(app: FastifyInstance, companyId: number, kind: string) {
  app.providerRegistry.assertKnown(kind);
  const flag = app.providerRegistry.get(kind)?.planFlag;
  if (flag && !(await app.tenancy.hasFlag(companyId, flag))) {
    throw new AppError('ERR_PLAN_FEATURE_DISABLED', 403, `The company's plan does not include the "${kind}" channel`, { field: 'body/provider' });
  }
}

/** Emits the connection's create/update to the company (without its token). */
async function emitConnection(app: FastifyInstance, companyId: number, whatsappId: number, action: 'create' | 'update') {
  const row = await loadConnection(companyId, whatsappId);
  if (row) app.bus.emit(companyId, 'whatsapp', { action, whatsapp: connectionJson(row) });
  return row;
}

/**
 * Connections (core §3 Connection, §7 /whatsapp and /whatsappsession). Rules: the name is unique per
 * company; exactly one default connection while any exist; queues and transfer queue must be the
 * company's own; more than one queue needs a greeting; the plan caps how many connections exist.
 */
const whatsappRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/whatsapp', {
    schema: {
      tags: ['whatsapp'],
      querystring: Type.Object({
        // The spec's list call sends session=0 to skip the heavy session data: ours lives in providerAuthKeys and is never listed.
        session: Type.Optional(Type.Union([Type.Literal('0'), Type.Literal('1'), Type.Integer({ minimum: 0, maximum: 1 })])),
        companyId: Type.Optional(Type.Integer({ minimum: 1 })),
      }),
      response: { 200: Type.Array(Connection) },
    },
  }, async (request) => {
    const rows = await Whatsapp.scoped(request.user.companyId).withGraphFetched('queues').orderBy('id');
    return Promise.all(rows.map(async (row) => ({ ...connectionJson(row, { withToken: isAdmin(request) }), status: await app.sessions.shownStatus(row) })));
  });

  // The channel kinds this install drives and what each can do (the console's composer and connection form read it).
  app.get('/providers', {
    schema: {
      tags: ['whatsapp'],
      response: { 200: Type.Array(ProviderKindView) },
    },
  }, async (request) => Promise.all(app.providerRegistry.kinds().map(async (kind) => {
    const registered = app.providerRegistry.get(kind);
    return {
      kind, capabilities: { ...app.providerRegistry.capabilities(kind) },
      // Built-in kinds pair a phone by QR code; a plugin's connects with its settings.
      qr: !registered, settings: Boolean(registered?.settings), icon: registered?.icon ?? null, label: registered?.label ?? null,
      available: !registered?.planFlag || await app.tenancy.hasFlag(request.user.companyId, registered.planFlag),
    };
  })));

  // A connection's channel templates, whatever the channel (sdk.services.templates): the campaign form lists them.
  app.get('/whatsapp/:id/templates', {
    schema: {
      tags: ['whatsapp'], params: IdParams, querystring: Type.Object({ refresh: Type.Optional(Type.Boolean()) }),
      response: { 200: Type.Object({ templates: Type.Array(TemplateView) }) },
    },
  }, async (request) => {
    return { templates: await app.atrium.services.templates!.list(request.user.companyId, request.params.id, request.query.refresh) };
  });

  app.get('/whatsapp/:id', {
    schema: { tags: ['whatsapp'], params: IdParams, response: { 200: Connection } },
  }, async (request) => {
    const row = await loadConnection(request.user.companyId, request.params.id);
    if (!row) throw notFound('ERR_NO_WAPP_FOUND');
    return { ...connectionJson(row, { withToken: isAdmin(request) }), status: await app.sessions.shownStatus(row) };
  });

  app.post('/whatsapp', {
    preHandler: app.requireAdmin,
    schema: { tags: ['whatsapp'], body: CreateBody, response: { 200: Connection } },
  }, async (request) => {
    const companyId = request.user.companyId;
    const body = request.body as ConnectionInput & { name: string };
    if (body.provider) await assertProviderAllowed(app, companyId, body.provider);
    const settings = checkedSettings(app, body.provider ?? 'beta', body.settings, true);
    const columns = columnsOf(body);
    await app.references.assertOwned(companyId, connectionRefs(body));
    const queueIds = [...new Set(body.queueIds ?? [])];
    assertGreeting(queueIds.length, columns.greetingMessage);
    await assertNameFree(companyId, columns.name!);
    const count = await Whatsapp.scoped(companyId).resultSize();
    await app.tenancy.assertWithinLimit(companyId, 'connections', count);

    const { id, unset } = await app.knex.transaction(async (trx) => {
      const isDefault = count === 0 || Boolean(body.isDefault);
      const row = await Whatsapp.scoped(companyId).transacting(trx).insertAndFetch({
        ...columns, provider: columns.provider ?? 'beta', isDefault, status: 'DISCONNECTED', token: newToken(),
      } as Partial<Whatsapp>);
      const unset = isDefault ? await makeOnlyDefault(companyId, row.id, trx) : [];
      await setQueues(companyId, row.id, queueIds, trx);
      if (settings) await settings.door.save({ companyId, whatsappId: row.id, values: settings.values, trx, isNew: true });
      return { id: row.id, unset };
    });
    for (const other of unset) await emitConnection(app, companyId, other, 'update');
    await emitConnection(app, companyId, id, 'create');
    // The session starts at once (the sandbox shows its QR; Baileys opens its socket).
    await app.sessions.start(companyId, id).catch((err) => request.log.warn({ err, whatsappId: id }, 'session did not start'));
    const row = await loadConnection(companyId, id);
    return connectionJson(row!, { withToken: true });
  });

  app.put('/whatsapp/:id', {
    preHandler: app.requireAdmin,
    schema: { tags: ['whatsapp'], params: IdParams, body: UpdateBody, response: { 200: Connection } },
  }, async (request) => {
    const companyId = request.user.companyId;
    const current = await loadConnection(companyId, request.params.id);
    if (!current) throw notFound('ERR_NO_WAPP_FOUND');
    const body = request.body as ConnectionInput;
    if (body.provider && body.provider !== current.provider) await assertProviderAllowed(app, companyId, body.provider);
    const columns = columnsOf(body);
    await app.references.assertOwned(companyId, connectionRefs(body));
    const queueIds = body.queueIds ? [...new Set(body.queueIds)] : (current.queues ?? []).map((q) => q.id);
    assertGreeting(queueIds.length, columns.greetingMessage !== undefined ? columns.greetingMessage : current.greetingMessage);
    if (columns.name && columns.name !== current.name) await assertNameFree(companyId, columns.name, current.id);
    // Exactly one default: the default cannot be unset here, only moved by making another one the default.
    if (body.isDefault === false && current.isDefault) throw badRequest('ERR_NO_OTHER_WHATSAPP', 'At least one default connection is required');
    const token = await replacedToken(current, (request.body as { token?: string }).token);
    const settings = checkedSettings(app, columns.provider ?? current.provider, body.settings, columns.provider !== undefined && columns.provider !== current.provider);

    const unset = await app.knex.transaction(async (trx) => {
      const patch: Partial<Whatsapp> = { ...columns };
      if (body.isDefault) patch.isDefault = true;
      if (token) patch.token = token;
      await Whatsapp.scoped(companyId).transacting(trx).findById(current.id).patch(patch);
      const unset = body.isDefault ? await makeOnlyDefault(companyId, current.id, trx) : [];
      if (body.queueIds) await setQueues(companyId, current.id, queueIds, trx);
      if (settings) await settings.door.save({ companyId, whatsappId: current.id, values: settings.values, trx, isNew: false });
      return unset;
    });
    for (const other of unset) await emitConnection(app, companyId, other, 'update');
    const row = await emitConnection(app, companyId, current.id, 'update');
    // A new provider means a new session: forget the old pairing and start again.
    if (columns.provider && columns.provider !== current.provider) {
      await app.sessions.stop(current.id, { logout: true });
      await app.sessions.start(companyId, current.id).catch((err) => request.log.warn({ err, whatsappId: current.id }, 'session did not start'));
    } else if (settings) {
      // New channel settings (a token, an id) take effect at once: the session starts again with them, keeping its pairing.
      await app.sessions.stop(current.id);
      await app.sessions.start(companyId, current.id).catch((err) => request.log.warn({ err, whatsappId: current.id }, 'session did not start'));
    }
    return connectionJson(row!, { withToken: true });
  });

  app.delete('/whatsapp/:id', {
    preHandler: app.requireAdmin,
    schema: { tags: ['whatsapp'], params: IdParams, response: { 200: OkReply } },
  }, async (request) => {
    const companyId = request.user.companyId;
    const current = await Whatsapp.scoped(companyId).findById(request.params.id);
    if (!current) throw notFound('ERR_NO_WAPP_FOUND');
    await app.sessions.stop(current.id, { logout: true });
    const promoted = await app.knex.transaction(async (trx) => {
      await Whatsapp.scoped(companyId).transacting(trx).findById(current.id).delete();
      if (!current.isDefault) return undefined;
      // The default went away: the oldest remaining connection takes over.
      const next = await Whatsapp.scoped(companyId).transacting(trx).orderBy('id').first();
      if (next) await Whatsapp.scoped(companyId).transacting(trx).findById(next.id).patch({ isDefault: true } as Partial<Whatsapp>);
      return next?.id;
    });
    app.bus.emit(companyId, 'whatsapp', { action: 'delete', whatsappId: current.id });
    if (promoted) await emitConnection(app, companyId, promoted, 'update');
    return { message: 'Connection deleted' };
  });

  // Sessions: start or retry, new QR, disconnect (logout).
  const sessionRoute = { preHandler: app.requireAdmin, schema: { tags: ['whatsapp'], params: IdParams, response: { 200: OkReply } } };
  const owned = async (companyId: number, id: number) => {
    if (!(await Whatsapp.scoped(companyId).findById(id).select('id'))) throw notFound('ERR_NO_WAPP_FOUND');
  };

  app.post('/whatsappsession/:id', sessionRoute, async (request) => {
    await owned(request.user.companyId, request.params.id);
    await app.sessions.start(request.user.companyId, request.params.id);
    return { message: 'Starting session' };
  });

  app.put('/whatsappsession/:id', sessionRoute, async (request) => {
    await owned(request.user.companyId, request.params.id);
    await app.sessions.requestNewQr(request.user.companyId, request.params.id);
    return { message: 'New QR requested' };
  });

  app.delete('/whatsappsession/:id', sessionRoute, async (request) => {
    await owned(request.user.companyId, request.params.id);
    await app.sessions.stop(request.params.id, { logout: true });
    return { message: 'Session disconnected' };
  });
};

export default whatsappRoutes;
