/**
 * The public SDK: the only thing a plugin may import from the core (and, at run time, only
 * `import type`: the running core hands the SDK object to the plugin's factory, so a plugin built
 * outside this repository needs no copy of the core).
 *
 *   import type { AtriumPlugin } from '@atrium/core/sdk';
 *   const kanbanPlugin: AtriumPlugin = (sdk) => async (app) => { app.get('/ticket/kanban', …) };
 *   export default kanbanPlugin;
 */
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { Knex } from 'knex';
import type { Type } from '@sinclair/typebox';
import type * as models from '../db/models/index.js';
import type { Bus } from '../bus/index.js';
import type { JobQueue } from '../jobs/index.js';
import type { Storage } from '../storage/index.js';
import type { Tenancy } from '../tenancy/index.js';
import type { HookRegistry } from './hooks.js';
import type * as errors from '../http/errors.js';
import type * as schemas from '../http/schemas.js';
import type { Migration } from '../db/migrate.js';
import type { CoreServices } from './services.js';

export type { HookEvents, HookHandler, HookResult } from './hooks.js';
export type { Bus } from '../bus/index.js';
export type { JobQueue, JobOptions } from '../jobs/index.js';
export type { Storage, StoredFile } from '../storage/index.js';
export type { Tenancy } from '../tenancy/index.js';
export type { Migration } from '../db/migrate.js';
export type { AuthUser } from '../auth/index.js';
export type { CoreServices } from './services.js';
export type * from '../db/models/index.js';
/** For route typing in plugins: `const api = app.withTypeProvider<TypeBoxTypeProvider>()` (types only). */
export type { TypeBoxTypeProvider, FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
export type { Static, TSchema } from '@sinclair/typebox';

export interface AtriumSdk {
  coreVersion: string;
  /** Objection models; tenant models must be queried with `Model.scoped(companyId)`. */
  models: typeof models;
  knex: Knex;
  bus: Bus;
  jobs: JobQueue;
  hooks: HookRegistry;
  storage: Storage;
  tenancy: Tenancy;
  errors: typeof errors;
  schemas: typeof schemas;
  Type: typeof Type;
  log: FastifyBaseLogger;
  /** Domain services the core publishes (tickets, messages …). */
  services: CoreServices;
}

/** A plugin's backend entry: the default export of the module named by plugin.json's backend.entry. */
export type AtriumPlugin = (sdk: AtriumSdk) => FastifyPluginAsync;

/** A plugin's migrations module exports `migrations`. Names are prefixed with the plugin id. */
export type PluginMigrations = Migration[];
