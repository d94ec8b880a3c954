import type { FastifyBaseLogger } from 'fastify';
import type { Knex } from 'knex';
import type { Bus } from '../bus/index.js';
import type { Clock } from '../clock/index.js';
import type { JobQueue } from '../jobs/index.js';
import type { HookRegistry } from '../sdk/hooks.js';
import type { Storage } from '../storage/index.js';
import type { SettingsService } from '../tenancy/settings.js';
import type { ConnectionCache } from './connection-cache.js';
import type { MessagingProvider } from './provider.js';
import type { ProviderRegistry } from './providers/registry.js';

/** The contract with the session manager: its own types, one definition. */
import type { InboundHandler } from './sessions.js';
export type { ConnectionRef, InboundHandler, CallEvent as InboundCall } from './sessions.js';
export interface SessionsLike {
  setInboundHandler(handler: InboundHandler): void;
  provider(whatsappId: number): MessagingProvider;
}

/** What the pipeline needs from the app: passed in, so tests can build it around a fake provider. */
export interface PipelineDeps {
  knex: Knex;
  bus: Bus;
  hooks: HookRegistry;
  storage: Storage;
  jobs: JobQueue;
  settings: SettingsService;
  connections: ConnectionCache;
  /** The connected provider of a connection; throws ERR_WAPP_NOT_INITIALIZED when it is not connected. */
  provider(whatsappId: number): MessagingProvider;
  /** The registered (non built-in) provider kinds: their pre-send rules run on every send of their connections. */
  providers?: ProviderRegistry;
  log: FastifyBaseLogger;
  /** The operator's clock (ATRIUM_TIME_SCALE): every rule with a duration (edit window, SLA, inactivity) reads it. */
  clock: Clock;
}
