/**
 * The public SDK: the only thing a plugin may import from the core. Types, and one value: `Type` (TypeBox's
 * builder), so a plugin declares its schemas as module constants typed once (`Static<typeof Reply>`). Everything
 * else the running core hands to the plugin's factory (the SDK object), so a plugin built outside this repository
 * needs no copy of the core; this module has no other run-time import (the plugin build bundles it, ~nothing).
 *
 *   import { Type as T, type AtriumPlugin } from '@atrium/core/sdk';
 *   const Reply = T.Object({ lanes: T.Array(T.String()) });
 *   const kanbanPlugin: AtriumPlugin = (sdk) => async (app) => { app.get('/ticket/kanban', { schema: { response: { 200: Reply } } }, …) };
 *   export default kanbanPlugin;
 */
import type { FastifyBaseLogger, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Knex } from 'knex';
import { Type } from '@sinclair/typebox';
import type { Bus } from '../bus/index.js';
import type { JobQueue, PluginJobQueue } from '../jobs/index.js';
import type { Storage } from '../storage/index.js';
import type { Tenancy } from '../tenancy/index.js';
import type { HookRegistry } from './hooks.js';
import type * as errors from '../http/errors.js';
import type * as schemas from '../http/schemas.js';
import type { Migration } from '../db/migrate.js';
import type { CoreServices, PluginServices } from './services.js';
import type { PluginDb } from './db.js';
import type { ResponderApi } from '../messaging/responders/types.js';
import type { Clock } from '../clock/index.js';
import type { References } from '../tenancy/references.js';
import type { CacheApi } from '../cache/shared-cache.js';

import type { OutboundHttp } from '../outbound-http/index.js';
import type { Secrets } from '../secrets/index.js';
import type { PublicRouteHelper } from '../plugins/public-route-helper.js';
import type { Sheets } from '../sheets/index.js';
import type { AuditApi } from '../audit/record.js';
import type { BotClients } from '../bots/index.js';
import type { PrivacyApi } from '../privacy/types.js';
import type { ProvidersApi } from '../messaging/providers/registry.js';

export type { HookEvents, HookHandler, HookResult, TicketOrigin } from './hooks.js';
export type { Bus } from '../bus/index.js';
export type { JobQueue, JobOptions, PluginJobQueue, CompanyJobData } from '../jobs/index.js';
export type { SaveMeta, Storage, StoredFile } from '../storage/index.js';
export type { Tenancy } from '../tenancy/index.js';
export type { Migration } from '../db/migrate.js';
export type { AuthUser } from '../auth/index.js';
export type { CoreServices, PluginServices, TicketChangeNotice, TicketsService, TicketViewQuery, TicketTagsService, TagsService, TagView, ConnectionsService, ContactsService, AudienceContact, LinksService, UsersService, FileListsService, QueuesService, HistoryService, NotesService, NoteView, QuickMessagesService, QuickMessageView, ResponderFailuresService } from './services.js';
export type { FailureSource, LastFailure } from '../messaging/responders/failures.js';
export type { BotFailure, BotFailureKind } from '../bots/failure.js';
export type { PluginDb } from './db.js';
export type { Responder, ResponderApi, ResponderContext, ResponderPlace, ResponderProbe } from '../messaging/responders/types.js';
export type { Clock } from '../clock/index.js';
export type { PrivacyApi, PrivacyHandler, PrivacySubject } from '../privacy/types.js';
export type { References, ReferenceKind, RefCheck, RefIds } from '../tenancy/references.js';
export type { CacheApi, CacheKey, CacheOptions, CompanyCache } from '../cache/shared-cache.js';

export type { Secrets } from '../secrets/index.js';
export type { PublicRouteHelper, AuthenticateOptions, ChallengeOptions, WebhookCheck } from '../plugins/public-route-helper.js';
export type {
  ProvidersApi, ProviderRegistration, ProviderOperationRun, SendCheck, ChannelCapabilities, ConnectionSettingsDoor, ChannelTemplates, TemplateView, TemplateChoice, PreparedTemplate,
} from '../messaging/providers/registry.js';
export type {
  MessagingProvider, MessageTarget, ProviderContext, ProviderEvents, InboundMessage, InboundKind, InboundMedia, OutboundMessage, SentMessage, AckUpdate, PresenceUpdate, ContactPresence, SessionStatus,
} from '../messaging/provider.js';
export type { Sheets, ReadSheetOptions, TempUpload } from '../sheets/index.js';
export type { AuditApi, AuditEntry } from '../audit/record.js';
export type { BotClients, ChatChunk, ChatRequest, ChatStreamRequest, ChatTurn, ChatUsage, OpenAiChat, TypebotAnswer, TypebotChat, TypebotMessage } from '../bots/index.js';
/** `sdk.services.messages`: send, sendToContact, sendToNumber, checkNumber and the message actions. */
export type { MessagesService } from '../messaging/pipeline-plugin.js';
export type { SendToNumberInput, SendToNumberResult } from '../messaging/send-to-number.js';
/** What a send through `sdk.services.messages` came to: `status` 'sent', 'sending' (the core delivers it) or 'failed' (give back your claim, retry). */
export type { SendResult } from '../messaging/send-result.js';
export type { SendToContactInput } from '../messaging/outbound.js';
/** `sdk.services.templates`: a connection's channel templates, checked before a send. */
export type { TemplatesService } from '../messaging/providers/templates-service.js';
export type { OutboundHttp, OutboundRequest, OutboundResponse, OutboundHttpError, OutboundFailure } from '../outbound-http/index.js';
/** The model classes as types only (what ctx.ticket, hooks and sendToContact hand a plugin); the core's rows are read through sdk.services. */
export type * from '../db/models/index.js';
/** The ticket as the core's API and ticket events show it (sdk.services.tickets.view / views). */
export type { TicketView } from '../domains/tickets/view.js';
/** For route typing in plugins: `const api = app.withTypeProvider<TypeBoxTypeProvider>()` (types only). */
export type { TypeBoxTypeProvider, FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
/** For a plugin's migrations (`up(knex: Knex)`), so a plugin outside the repo needs no knex of its own. */
export type { Knex } from 'knex';
export type { Static, TSchema } from '@sinclair/typebox';
/** TypeBox's builder as a value: the same one as `sdk.Type` (kept for plugins that build schemas in their factory). */
export { Type };

export interface AtriumSdk {
  coreVersion: string;
  /**
   * The plugin's own tables (plugin.json `backend.tables`), always with a company:
   * `sdk.db.table('campaigns', companyId)`, `sdk.db.transaction(async (tx) => …)`. The core's tables are
   * reached only through `sdk.services`; a plugin gets no raw knex and no models (docs/plugins.md "Data").
   */
  db: PluginDb;
  bus: Bus;
  /**
   * Durable jobs. A plugin's jobs carry `companyId` in their data; one whose company's plan lacks the plugin's flag
   * does not run: it is parked and runs when the flag is back (jobs/plugin-jobs.ts).
   */
  jobs: PluginJobQueue;
  hooks: HookRegistry;
  /** The responder chain: one bot answers each inbound message (docs/plugins.md "Answering messages"). */
  responders: ResponderApi;
  /** now(), and scale(ms) for durations the spec fixes in minutes or days (ATRIUM_TIME_SCALE). */
  clock: Clock;
  /**
   * Per-company caches forgotten in every API process: `const c = sdk.cache.define('campaigns', { load })`,
   * `await c.get(companyId[, key])`, `await c.forget(companyId[, key])` after a change (docs/plugins.md "Caches").
   */
  cache: CacheApi;
  storage: Storage;
  tenancy: Tenancy;
  errors: typeof errors;
  /**
   * The core's own guards, as a route's preHandler: `app.put('/x', { preHandler: sdk.requireAdmin, schema }, …)`
   * answers 403 ERR_NO_PERMISSION unless the signed-in user is an admin (or the super user); `requireSuper` lets only
   * the super user through. The same functions the core's routes use, checked against the user as stored now.
   */
  requireAdmin: (request: FastifyRequest) => Promise<void>;
  requireSuper: (request: FastifyRequest) => Promise<void>;
  schemas: typeof schemas;
  Type: typeof Type;
  log: FastifyBaseLogger;
  /** Domain services the core publishes (tickets, messages, channel templates …), all set before a plugin registers. */
  services: PluginServices;
  /**
   * Rows pointing at rows: `assertOwned(companyId, { queue: body.queueId, flow: { ids: body.flowId, field: 'body/flowId' } })`
   * answers 404 (the kind's ERR_NO_*_FOUND) unless each id is a row of that company; `define(kind, { table, code })`
   * names a kind for one of the plugin's own tables, so the core and other plugins can check pointers at it.
   */
  references: References;
  /** The client for tenant-supplied URLs: timeouts, size cap, same-host redirects, private addresses refused. */
  http: OutboundHttp;
  /** Encrypt at rest, mask in answers: `encrypt`, `decrypt`, `mask`, `keepSecretIfMasked`, `redact`, `SecretString()`. */
  secrets: Secrets;
  /**
   * The audit log: a plugin's writes through sdk.db in a staff request are logged on their own (in their transaction);
   * `audit.record([{ companyId, action, entity, entityId, changes }])` adds what they do not show.
   */
  audit: AuditApi;
  /** Spreadsheet imports: `receiveUpload(request)` (multipart file to a temp folder), `readSheet(file, { headers, onBatch })` (streamed .xlsx rows). */
  sheets: Sheets;
  /** Bot clients plugins share: `openai` (chat completions at the operator's OPENAI_BASE_URL), `typebot` (startChat/continueChat via sdk.http). */
  bots: BotClients;
  /**
   * A contact's data export and erasure (LGPD): `privacy.register({ export, erase })` for the rows the plugin keeps
   * about a contact (its number, its tickets' bot state). The core runs every plugin's handler, whatever the plan.
   */
  privacy: PrivacyApi;
  /**
   * Connection providers: `providers.register(kind, { create(ctx), capabilities, settings?, templates?, beforeSend?, operations? })` adds a connection
   * kind behind the core's provider interface; `providers.run(whatsappId, op, args)` runs one of its operations where
   * the connection's session is driven (docs/plugins.md "A connection provider").
   */
  providers: ProvidersApi;
  /**
   * A webhook's authentication (docs/plugins.md "Public routes"): `authenticate(request, { table, publicId, secretColumn,
   * check })` finds the company from a public id and checks an HMAC of the raw body (or a shared secret) in constant time
   * against the secret kept through sdk.secrets, then the plan flag; `challenge(request, { table, publicId, secretColumn })`
   * answers a subscription handshake's `hub.challenge` when its `hub.verify_token` is the row's (403 otherwise);
   * `publicUrl(path)` is the URL the remote shows.
   */
  publicRoutes: PublicRouteHelper;
}

/** What the core holds (app.atrium): the plugins' SDK without a plugin's sdk.db, plus raw knex, which stays inside the core. */
export interface CoreSdk extends Omit<AtriumSdk, 'db' | 'privacy' | 'jobs' | 'publicRoutes' | 'services'> {
  knex: Knex;
  /** Filled as the core's domains register (the pipeline's last); plugins get them all (PluginServices). */
  services: CoreServices;
  /** The core's jobs, which no plan parks (each plugin gets its own view: JobParking.forPlugin). */
  jobs: JobQueue;
}

/** A plugin's backend entry: the default export of the module named by plugin.json's backend.entry. */
export type AtriumPlugin = (sdk: AtriumSdk) => FastifyPluginAsync;

/** A plugin's migrations module exports `migrations`. Names are prefixed with the plugin id. */
export type PluginMigrations = Migration[];
