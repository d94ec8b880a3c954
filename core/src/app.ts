import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { healthRoutes } from './http/health.js';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import staticFiles from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { Type } from '@sinclair/typebox';
import { Model } from 'objection';
import type { Knex } from 'knex';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fastifyTrustProxy, loadConfig, redisPrefix, repoRoot, type Config } from './config/index.js';
import { createKnex, ensureMysqlDatabase, limitStatementTime } from './db/connection.js';
import { coreMigrations, runMigrations } from './db/migrate.js';
import { lazySchemaCompilers, sharedSchemaCompilers } from './http/schema-compilers.js';
import { installErrorHandler } from './http/errors-install.js';
import { installJsonDepthLimit } from './http/json-depth.js';
import { installSecurityHeaders } from './http/security-headers.js';
import { installCors, originPolicy } from './http/origins.js';
import * as errors from './http/errors.js';
import * as schemas from './http/schemas.js';
import { authPlugin } from './auth/index.js';
import { tenancyPlugin } from './tenancy/index.js';
import { busPlugin } from './bus/index.js';
import { createJobParking, jobsPlugin, type JobParking } from './jobs/index.js';
import { MEDIA_LIMITS, setMediaHeaders, storagePlugin } from './storage/index.js';
import { mailPlugin } from './mail/index.js';
import { HookRegistry } from './sdk/hooks.js';
import { ResponderRegistry } from './messaging/responders/registry.js';
import { SharedCaches } from './cache/shared-cache.js';
import { PrivacyRegistry } from './privacy/registry.js';
import { defineRetentionJobs } from './privacy/retention.js';
import { sheets } from './sheets/index.js';
import { createClock, type Clock } from './clock/index.js';
import { createReferences, type References } from './tenancy/references.js';

import { createOutboundHttp, type OutboundHttp, type Resolver } from './outbound-http/index.js';
import { installTenantUrlCheck, TENANT_URL_KEYWORD } from './outbound-http/schema.js';
import { installAudit } from './audit/install.js';
import { installImpersonationLimits } from './domains/auth/impersonation-routes.js';
import { createAuditApi } from './audit/record.js';
import { defineAuditRetentionJob } from './audit/retention.js';
import { createBotClients } from './bots/index.js';
import { createSecrets, SECRET_KEYWORD } from './secrets/index.js';
import { secretsPlugin } from './secrets/plugin.js';
import { withLogRedaction } from './secrets/logging.js';
import type { CoreSdk } from './sdk/index.js';
import { connectionsService, contactsService, fileListsService, historyService, linksService, notesService, queuesService, quickMessagesService, tagsService, ticketTagsService, usersService } from './sdk/data-services.js';
import type { CoreServices } from './sdk/services.js';
import { coreVersion, discoverPlugins, type DiscoveredPlugin } from './plugins/manifest.js';
import { pluginMigrations, pluginsRoute, registerPluginBackends, serveRemotes } from './plugins/loader.js';
import { builtAssetOptions } from './http/static-assets.js';
import { registerDomains } from './domains/index.js';
import { messagingPlugin } from './messaging/index.js';
import { createProvidersApi, ProviderRegistry } from './messaging/providers/registry.js';
import { createTemplatesService } from './messaging/providers/templates-service.js';
import { seedFirstStart } from './seed.js';
import { BUILTIN_PLAN_FLAGS } from './db/models/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    knex: Knex;
    hooks: HookRegistry;
    /** The responder chain's registry (messaging/responders): plugins register through sdk.responders. */
    responders: ResponderRegistry;
    /** The shared per-company caches (cache/shared-cache.ts): plugins define theirs through sdk.cache. */
    caches: SharedCaches;
    /** The plugins' export/erase handlers for a contact's data (privacy/): plugins register through sdk.privacy. */
    privacy: PrivacyRegistry;
    clock: Clock;
    services: CoreServices;
    /** Checks that the rows a write points at are the caller's company's (tenancy/references.ts). */
    references: References;
    /** Plugin jobs of companies whose plan lacks the plugin's flag wait here (jobs/plugin-jobs.ts). */
    jobParking: JobParking;
    atrium: CoreSdk;
    /** The connection kinds plugins registered through sdk.providers (messaging/providers/registry.ts). */
    providerRegistry: ProviderRegistry;
    plugins: DiscoveredPlugin[];
    firstStart?: { generatedPassword?: string };
    /** Every route registered after the core plugins (the API, plugins): read by the generated security tests. */
    routeTable: RouteTableEntry[];
  }
}

export interface RouteTableEntry { method: string | string[]; url: string; schema?: unknown; config?: unknown }

export interface BuildOptions {
  config?: Partial<Config>;
  env?: NodeJS.ProcessEnv;
  logger?: FastifyServerOptions['logger'];
  /** Extra plugin folders to scan (tests); PLUGINS_DIR is always scanned. */
  extraPluginDirs?: string[];
  /** How sdk.http resolves host names (tests: names that answer private or no addresses without a DNS server). */
  outboundResolver?: Resolver;
  /** The outbound HTTP client itself (browser tests: one fake on 127.0.0.1 reachable while the guard stays on for the rest). */
  outboundHttp?: OutboundHttp;
  /** Route schemas compiled on their first call instead of at start (test apps, which call few of their routes). */
  lazySchemas?: boolean;
  /** How the data folder's free space is read (tests: a small disk, without filling a real one). */
  readDiskFree?: (dir: string) => Promise<number | undefined>;
}

/**
 * Builds the whole server: external plugins, then the app's own (auth, tenancy, bus, jobs,
 * storage, mail), then the API routes, feature plugins, media and the console.
 * Objection is bound to this app's knex globally: one app per process.
 */
export async function buildApp(options: BuildOptions = {}): Promise<FastifyInstance> {
  const config = loadConfig(options.env ?? process.env, options.config ?? {});
  const app = Fastify({
    logger: withLogRedaction(options.logger ?? { level: config.logLevel }),
    // Off unless the operator names the proxies (TRUST_PROXY): else any client picks its address with X-Forwarded-For.
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // The spec's client writes list routes with a trailing slash (GET /users/): same route as without it.
    routerOptions: { ignoreTrailingSlash: true },
    bodyLimit: 2 * 1024 * 1024,
    // The API scope registers every domain and plugin (hundreds of routes, their schemas compiled): on a loaded
    // 2-core machine that passed avvio's 10 s default once; a stuck plugin still fails the start, a minute later.
    pluginTimeout: 60_000,
    // x-secret: the annotation SecretString() puts on a secret field (secrets/schema.ts); x-tenant-url: TenantUrl()'s
    // on a URL the server will call (outbound-http/schema.ts).
    ajv: { customOptions: { removeAdditional: true, coerceTypes: 'array', useDefaults: true, allErrors: false, keywords: [SECRET_KEYWORD, TENANT_URL_KEYWORD] } },
    schemaController: { compilersFactory: options.lazySchemas ? lazySchemaCompilers : sharedSchemaCompilers },
  }).withTypeProvider<TypeBoxTypeProvider>() as unknown as FastifyInstance;

  app.decorate('config', config);
  installErrorHandler(app);
  installJsonDepthLimit(app);

  // Plugins first: a bad manifest stops start-up before anything is opened. Their migrations then
  // run in the same history as the core's.
  const plugins = discoverPlugins([
    { dir: path.join(repoRoot, 'plugins'), source: 'repo' },
    ...(options.extraPluginDirs ?? []).map((dir) => ({ dir, source: 'external' as const })),
    ...(config.pluginsDir ? [{ dir: path.resolve(config.pluginsDir), source: 'external' as const }] : []),
  ]);
  app.decorate('plugins', plugins);

  if (config.database.kind === 'mysql') await ensureMysqlDatabase(config.database.url);
  const knex = createKnex(config.database, { acquireTimeoutMs: config.dbAcquireTimeoutMs });
  Model.knex(knex);
  app.decorate('knex', knex);
  app.addHook('onClose', async () => knex.destroy());
  await runMigrations(knex, [...coreMigrations, ...(await pluginMigrations(plugins))]);
  limitStatementTime(knex, config.dbStatementTimeoutMs);

  // Security headers on every answer; the web origins that may call the API and open the socket.
  await installSecurityHeaders(app, config);
  const origins = originPolicy(config.publicUrl, config.corsOrigins);
  await installCors(app, origins, config.corsOrigins);
  await app.register(rateLimit, { global: false });
  await app.register(multipart, { limits: { fileSize: MEDIA_LIMITS.maxBytes, files: 10, fields: 50, fieldSize: 1024 * 1024 } });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Atrium API', version: coreVersion, description: 'Every route, generated from its TypeBox schema.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await app.register(authPlugin, {
    secret: config.jwt.secret, accessTtl: config.jwt.accessTtl,
    sessions: { jwt: config.jwt, secureCookies: config.publicUrl.startsWith('https://') },
  });
  await app.register(tenancyPlugin);
  // Per-company caches plugins and the core share (sdk.cache), forgotten in every process through the bus.
  const caches = new SharedCaches();
  app.decorate('caches', caches);
  await app.register(busPlugin, { redisUrl: config.redisUrl, prefix: redisPrefix(config), origins, caches });
  // One clock for every rule with a duration (ATRIUM_TIME_SCALE): the jobs' retry backoff reads it too.
  const clock = createClock(config.timeScale);
  await app.register(jobsPlugin, { redisUrl: config.redisUrl, leaseMs: config.jobLeaseMs, prefix: redisPrefix(config), clock });
  await app.register(storagePlugin, { root: path.join(config.dataDir, 'media'), publicUrl: config.publicUrl, dataDir: config.dataDir, minFreeBytes: config.diskMinFreeBytes, readFree: options.readDiskFree });
  await app.register(mailPlugin, { smtp: config.smtp, outboxDir: path.join(config.dataDir, 'outbox') });

  const hooks = new HookRegistry();
  const responders = new ResponderRegistry();
  // The data services plugins reach the core's tables through (sdk/data-services.ts); the domains add theirs as they register.
  const services: CoreServices = {
    users: usersService(), queues: queuesService(), history: historyService(), notes: notesService(() => app.bus), quickMessages: quickMessagesService(), fileLists: fileListsService(), tags: tagsService(), connections: connectionsService((kind) => app.providerRegistry.capabilities(kind)), contacts: contactsService(), links: linksService(knex),
    ticketTags: ticketTagsService(knex, (companyId, ticketId, change) => services.tickets!.emitChange(companyId, ticketId, change)),
  };
  app.decorate('hooks', hooks);
  app.decorate('responders', responders);
  app.decorate('privacy', new PrivacyRegistry());
  app.decorate('clock', clock);
  app.decorate('services', services);
  const http = options.outboundHttp ?? createOutboundHttp({ allowPrivate: config.allowPrivateUrls, resolver: options.outboundResolver });
  const secrets = createSecrets(config.secretsKey);
  await app.register(secretsPlugin, { secrets });
  app.addHook('onClose', async () => http.close());
  const jobParking = createJobParking(app.jobs, app.tenancy, knex, app.log, app.reconciler);
  app.decorate('jobParking', jobParking);
  // Jobs parked while their company's plan lacked the plugin's flag, whose flag came back while this server was down.
  app.addHook('onReady', async () => { jobParking.resume().catch((err: unknown) => app.log.error({ err }, 'resuming parked plugin jobs failed')); });
  const references = createReferences(knex);
  app.decorate('references', references);
  // Connection providers plugins add (sdk.providers); the session manager builds them by the connection's kind.
  const providerRegistry = new ProviderRegistry();
  app.decorate('providerRegistry', providerRegistry);
  const sdk: CoreSdk = {
    providers: createProvidersApi(providerRegistry, () => app.sessions),
    coreVersion, knex, hooks, services, errors, schemas, Type, responders, clock, references, cache: caches.forPlugin('core'),
    bus: app.bus, jobs: app.jobs, storage: app.storage, tenancy: app.tenancy, log: app.log,
    http, secrets, sheets, bots: createBotClients(http), audit: createAuditApi(knex),
    requireAdmin: app.requireAdmin, requireSuper: app.requireSuper,
  };
  app.decorate('atrium', sdk);
  services.templates = createTemplatesService(providerRegistry);
  await app.register(messagingPlugin);
  defineRetentionJobs(app);
  defineAuditRetentionJob(app);

  const pluginFlags = plugins.map((p) => p.manifest.planFlag).filter((flag): flag is string => Boolean(flag) && !(BUILTIN_PLAN_FLAGS as readonly string[]).includes(flag!));
  if (config.seed) app.decorate('firstStart', await seedFirstStart(config, app.tenancy.settings, app.log, pluginFlags));

  // Recorded before the API scope so routes added later (core domains, plugins) are all listed.
  app.decorate('routeTable', [] as RouteTableEntry[]);
  app.addHook('onRoute', (route) => {
    // config read when asked: a later onRoute hook (a plugin's declared public route) may still set it.
    app.routeTable.push({ method: route.method, url: route.url, schema: route.schema, get config() { return route.config; } });
  });

  // The API: every route authenticated unless its config says `public: true`.
  const apiScope = app.register(async (api) => {
    api.addHook('onRequest', async (request) => {
      if (request.routeOptions.config?.public) return;
      await app.authenticate(request);
    });
    installTenantUrlCheck(api, http);
    installAudit(api);
    installImpersonationLimits(api);
    await api.register(healthRoutes(coreVersion));
    await registerDomains(api, config);
    await api.register(pluginsRoute(plugins));
    await registerPluginBackends(api, plugins, sdk);
  }, { prefix: '/api' });
  // A plugin that fails to register stops the start: close what is open (database, jobs, bus) so the process can exit.
  await Promise.resolve(apiScope).catch(async (err: unknown) => { await app.close().catch(() => {}); throw err; });

  // Media: capability URLs (random names), served so that no stored file runs as script (see storage/index.ts).
  await app.register(staticFiles, {
    root: path.join(config.dataDir, 'media'), prefix: '/media/', decorateReply: false, index: false, dotfiles: 'deny', setHeaders: setMediaHeaders,
  });
  await serveRemotes(app, plugins);
  await serveConsole(app, config.consoleDir);
  return app;
}

/**
 * The built console at /, with the SPA's index.html for any other GET outside /api; everything else
 * that matches no route is a JSON 404. (Fastify allows one not-found handler per scope: it is set here.)
 */
async function serveConsole(app: FastifyInstance, dir: string) {
  const hasConsole = existsSync(path.join(dir, 'index.html'));
  if (hasConsole) await app.register(staticFiles, { ...builtAssetOptions(dir), prefix: '/', wildcard: false });
  else app.log.warn({ dir }, 'console not built: run `npm run build` (the API works without it)');
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0];
    const isPage = request.method === 'GET' && !url.startsWith('/api/') && !url.startsWith('/socket.io') && !url.startsWith('/plugins/') && !url.startsWith('/media/') && !path.extname(url);
    if (hasConsole && isPage) return reply.type('text/html').sendFile('index.html');
    return reply.status(404).send({ error: 'ERR_NOT_FOUND', message: `Route ${request.method} ${url} not found` });
  });
}
