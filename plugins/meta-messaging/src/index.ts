import { randomBytes } from 'node:crypto';
import { Type as T, type AtriumPlugin, type AtriumSdk, type ChannelCapabilities, type TypeBoxTypeProvider } from '@atrium/core/sdk';
import { INSTAGRAM_KIND, MESSENGER_KIND, META_KINDS, PLAN_FLAG, receiveOperation, WEBHOOK_OBJECT, type MetaKind } from './kinds.js';
import type { MetaEvent } from './normalize.js';
import { MetaProvider } from './provider.js';
import { ConnectionParams, Delivery, settingsSchemas, VerifyQuery, WebhookParams, type Settings } from './schemas.js';
import { DEFAULT_GRAPH_VERSION, PAGES_TABLE, type MetaPageRow } from './settings.js';
import { assertMaySend } from './window.js';

/**
 * What the Send API offers a Page (developers.facebook.com/docs/messenger-platform): text, files up to 25 MB (images
 * 8 MB), replies to a message; no edits, deletions, templates or typing here; the 24-hour window with the HUMAN_AGENT
 * tag up to 7 days; a Page writes only to people who wrote to it. Instagram's the same, with its own file limits.
 */
const CAPABILITIES: Record<MetaKind, ChannelCapabilities> = {
  [MESSENGER_KIND]: {
    addressing: 'opaque', text: true,
    media: { image: { maxBytes: 8 << 20 }, audio: { maxBytes: 25 << 20 }, video: { maxBytes: 25 << 20 }, document: { maxBytes: 25 << 20 } },
    reply: true, reactions: false, edit: false, delete: false, templates: false, serviceWindow: { hours: 24, rule: 'human-agent-tag' },
    typing: false, readReceipts: true, startConversation: false, groups: false,
  },
  [INSTAGRAM_KIND]: {
    addressing: 'opaque', text: true,
    media: { image: { maxBytes: 8 << 20 }, audio: { maxBytes: 25 << 20 }, video: { maxBytes: 25 << 20 } },
    reply: true, reactions: false, edit: false, delete: false, templates: false, serviceWindow: { hours: 24, rule: 'human-agent-tag' },
    typing: false, readReceipts: true, startConversation: false, groups: false,
  },
};
const ICONS: Record<MetaKind, string> = { [MESSENGER_KIND]: 'pi pi-facebook', [INSTAGRAM_KIND]: 'pi pi-instagram' };
const LABELS: Record<MetaKind, Record<'pt' | 'en' | 'es', string>> = {
  [MESSENGER_KIND]: { pt: 'Messenger (Página do Facebook)', en: 'Messenger (Facebook Page)', es: 'Messenger (Página de Facebook)' },
  [INSTAGRAM_KIND]: { pt: 'Direct do Instagram', en: 'Instagram Direct', es: 'Direct de Instagram' },
};


/** One kind's registration: the provider, its capabilities, its settings door, the window rule, the webhook's `receive`. */
function registerKind(sdk: AtriumSdk, kind: MetaKind) {
  const { Settings } = settingsSchemas(sdk);
  sdk.providers.register(kind, {
    create: (ctx) => new MetaProvider(kind, ctx, sdk),
    capabilities: CAPABILITIES[kind],
    icon: ICONS[kind],
    label: LABELS[kind],
    settings: {
      schema: Settings,
      required: true,
      // In the connection's transaction (the door's db): secrets sealed, a mask sent back keeps the stored one.
      async save({ companyId, whatsappId, values, db }) {
        if (!(await sdk.tenancy.hasFlag(companyId, PLAN_FLAG))) {
          throw new sdk.errors.AppError('ERR_PLAN_FEATURE_DISABLED', 403, 'The company\'s plan does not include Messenger and Instagram');
        }
        const body = values as Partial<Settings>;
        const table = () => db!.table(PAGES_TABLE, companyId);
        const current = await table().where({ whatsappId }).first() as MetaPageRow | undefined;
        const pageId = body.pageId ?? current?.pageId;
        const instagramId = body.instagramId ?? current?.instagramId ?? null;
        if (!pageId) throw new sdk.errors.AppError('ERR_VALIDATION', 400, 'The Page id is required', { field: 'body/settings/pageId' });
        if (kind === INSTAGRAM_KIND && !instagramId) {
          throw new sdk.errors.AppError('ERR_VALIDATION', 400, 'The Instagram account id is required', { field: 'body/settings/instagramId' });
        }
        const secret = (name: 'pageAccessToken' | 'appSecret' | 'verifyToken') => {
          const sealed = sdk.secrets.keepSecretIfMasked(body[name], current?.[name]);
          if (!sealed) throw new sdk.errors.AppError('ERR_VALIDATION', 400, `${name} is required`, { field: `body/settings/${name}` });
          return sealed;
        };
        const row = {
          kind, pageId, instagramId: kind === INSTAGRAM_KIND ? instagramId : null,
          pageAccessToken: secret('pageAccessToken'), appSecret: secret('appSecret'), verifyToken: secret('verifyToken'),
          graphVersion: body.graphVersion ?? current?.graphVersion ?? DEFAULT_GRAPH_VERSION,
        };
        if (current) await table().where({ id: current.id }).update(row);
        else await table().insert({ whatsappId, publicId: randomBytes(16).toString('hex'), ...row });
      },
    },
    beforeSend: (check) => assertMaySend(sdk, check),
    operations: {
      receive: async (provider, [events]) => {
        if (!(provider instanceof MetaProvider)) throw new Error('not a Meta messaging connection');
        await provider.receive(events as MetaEvent[]);
        return true;
      },
    },
  });
}

/**
 * Messenger and Instagram (plan flag useMetaMessaging): two connection kinds, `messenger` and `instagram`, whose
 * settings are a Page (and its Instagram account), its access token and the app's secret (sealed); one webhook per
 * connection, verified by its verify token and signed with the app secret (docs/channels.md, "Messenger and Instagram").
 */
const metaMessagingPlugin: AtriumPlugin = (sdk) => {
  for (const kind of META_KINDS) registerKind(sdk, kind);
  const { SettingsView } = settingsSchemas(sdk);
  const webhookUrl = (publicId: string) => sdk.publicRoutes.publicUrl(`/webhook/${publicId}`);

  return async (scope) => {
    const app = scope.withTypeProvider<TypeBoxTypeProvider>();

    // The connection form's read (admins): the secrets masked, the webhook URL to give Meta. Another company's is not found.
    app.get('/connections/:whatsappId', { preHandler: sdk.requireAdmin, schema: { params: ConnectionParams, response: { 200: SettingsView } } }, async (request) => {
      const pages = sdk.db.table(PAGES_TABLE, request.user.companyId);
      const connection = await sdk.services.connections.find(request.user.companyId, request.params.whatsappId);
      if (!connection) throw sdk.errors.notFound('ERR_NO_WAPP_FOUND');
      const row = await pages.where({ whatsappId: connection.id }).first() as MetaPageRow | undefined;
      return {
        whatsappId: connection.id, configured: Boolean(row), kind: row?.kind ?? null, pageId: row?.pageId ?? null, instagramId: row?.instagramId ?? null,
        pageAccessToken: row?.pageAccessToken ?? null, appSecret: row?.appSecret ?? null, verifyToken: row?.verifyToken ?? null,
        graphVersion: row?.graphVersion ?? null, webhookUrl: row ? webhookUrl(row.publicId) : null,
      };
    });

    // Meta's subscription handshake: the challenge back as plain text when the verify token matches (the core's check).
    app.get('/webhook/:publicId', {
      config: { public: true },
      schema: { params: WebhookParams, querystring: VerifyQuery, response: { 200: T.String() } },
    }, async (request, reply) => {
      const challenge = await sdk.publicRoutes.challenge(request, { table: PAGES_TABLE, publicId: request.params.publicId, secretColumn: 'verifyToken' });
      return reply.type('text/plain').send(challenge);
    });

    // Deliveries: X-Hub-Signature-256 over the raw bytes with the app secret (the core's check, then the plan flag),
    // then the events of this connection's Page or account, handed to the provider where the session runs.
    app.post('/webhook/:publicId', {
      config: { public: true },
      schema: { params: WebhookParams, body: Delivery, response: { 200: T.Object({ received: T.Boolean() }) } },
    }, async (request) => {
      const row = await sdk.publicRoutes.authenticate<MetaPageRow>(request, {
        table: PAGES_TABLE, publicId: request.params.publicId, secretColumn: 'appSecret', check: { signatureHeader: 'x-hub-signature-256' },
      });
      const companyId = Number(row.companyId);
      const connection = await sdk.services.connections.find(companyId, Number(row.whatsappId));
      // A connection switched to another kind since: its old webhook takes nothing (fail closed).
      if (connection?.provider !== row.kind) throw new sdk.errors.AppError('ERR_INVALID_WEBHOOK_TOKEN', 401, 'Unknown webhook or wrong signature');
      const ownId = row.kind === INSTAGRAM_KIND ? row.instagramId : row.pageId;
      if (request.body.object !== WEBHOOK_OBJECT[row.kind]) return { received: true };
      // An app's webhook may carry several Pages' events: only this connection's are read.
      const events = request.body.entry.filter((e) => !e.id || e.id === ownId).flatMap((e) => (e.messaging ?? []) as MetaEvent[]);
      // Stored where the session is driven; a redelivery stores nothing twice (messages are unique by connection and mid).
      if (events.length) await sdk.providers.run(Number(row.whatsappId), receiveOperation(row.kind), [events]);
      return { received: true };
    });
  };
};

export default metaMessagingPlugin;
