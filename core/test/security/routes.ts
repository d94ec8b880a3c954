import type { FastifyInstance } from 'fastify';
import type { Test } from 'tap';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from '../helper.js';
import { BUILTIN_PLAN_FLAGS, Company, Plan } from '../../src/db/models/index.js';

/**
 * The API's route table as the app itself records it (app.routeTable, filled by an onRoute hook), so the
 * security suites cover every route, including those added later by domains and plugins.
 */
export interface ApiRoute {
  method: string;
  url: string;
  params: string[];
  schema: { body?: Schema; querystring?: Schema; params?: Schema; consumes?: string[] };
  isPublic: boolean;
  /** The plugin that registered the route (config.pluginId), if any. */
  pluginId?: string;
}

export type Schema = {
  type?: string | string[]; properties?: Record<string, Schema>; items?: Schema; anyOf?: Schema[]; oneOf?: Schema[];
  const?: unknown; enum?: unknown[]; format?: string; minLength?: number; maxLength?: number; minimum?: number; maximum?: number;
  minItems?: number; pattern?: string;
};

/**
 * How `sample` fills a schema: `id` for fields named like ids, `text` for strings; `values` by field name
 * (real references, valid phone numbers) win over both; `fitPatterns` picks, for a string with a pattern,
 * the first of a few common forms (a time, a date, a URL, digits) that matches it.
 */
export interface SampleFill { id: number; text: string; values?: Record<string, unknown>; fitPatterns?: boolean }
const PATTERN_FORMS = ['09:00', '2030-01-31', 'https://example.test/hook', '5511999990000', 'probe', 'probe-model'];

/** The test plugins (core/test/fixtures/plugins: hello, relay with its public webhook routes), walked by the suites too. */
export const FIXTURE_PLUGINS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/plugins');
export const FIXTURE_FLAGS = { useHello: true, useRelay: true };

/**
 * Boots the app with plugins loaded from folders and their flags (and every loaded plugin's) granted to company 1's plan: built-in flags are
 * plan columns, a plugin's live in `features`, merged into what the plan already holds (never overwriting it).
 * Tenants get the same flags through createTenant's flags.
 */
export async function buildWithPlugins(t: Test, pluginDirs: string[], fixtureFlags: Record<string, boolean>, options: Omit<Parameters<typeof build>[1] & object, 'extraPluginDirs'> = {}) {
  const env = await build(t, { ...options, extraPluginDirs: pluginDirs });
  // The repo's own plugins with a flag of their own (in `features`, off for company 1 by default) are walked too.
  const flags = { ...loadedPluginFlags(env.app), ...fixtureFlags };
  const { planId } = (await Company.query().findById(1))!;
  const plan = (await Plan.query().findById(planId!))!;
  const builtin = Object.fromEntries(Object.entries(flags).filter(([k]) => (BUILTIN_PLAN_FLAGS as readonly string[]).includes(k)));
  const features = { ...(plan.features ?? {}), ...Object.fromEntries(Object.entries(flags).filter(([k]) => !(BUILTIN_PLAN_FLAGS as readonly string[]).includes(k))) };
  await Plan.query().patch({ ...builtin, features } as Partial<Plan>).where('id', planId!);
  env.app.tenancy.invalidate();
  return env;
}

/** Every loaded plugin's plan flag, on: for a tenant the suites walk (`createTenant(name, { ...loadedPluginFlags(app), ...FIXTURE_FLAGS })`). */
export const loadedPluginFlags = (app: FastifyInstance): Record<string, boolean> => Object.fromEntries(app.plugins.map((p) => [p.manifest.planFlag, true]));

/** Boots the app with the fixture plugins, their flags on for company 1 (tenants get them through createTenant's flags). */
export async function buildWithFixturePlugins(t: Test, options: Omit<Parameters<typeof build>[1] & object, 'extraPluginDirs'> = {}) {
  return buildWithPlugins(t, [FIXTURE_PLUGINS], FIXTURE_FLAGS, options);
}

/**
 * Public routes: the core's own (`config.public`) and the plugins', which must be the ones their manifests
 * declare under backend.publicRoutes. The suites test them for no 5xx and no leak, not for authentication.
 */
export function declaredPluginPublicRoutes(app: FastifyInstance, pluginIds?: ReadonlySet<string | undefined>): string[] {
  return app.plugins.filter((p) => !pluginIds || pluginIds.has(p.manifest.id)).flatMap((p) => (p.manifest.backend?.publicRoutes ?? []).map((d) => {
    const prefix = p.manifest.backend?.prefix ?? `/${p.manifest.id}`;
    return `${d.method} /api${prefix === '/' ? '' : prefix.replace(/\/$/, '')}${d.url}`;
  }));
}

export function apiRoutes(app: FastifyInstance): ApiRoute[] {
  const out: ApiRoute[] = [];
  for (const route of app.routeTable) {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) continue;
    for (const method of [route.method].flat()) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      out.push({
        method,
        url: route.url,
        params: [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]),
        schema: (route.schema ?? {}) as ApiRoute['schema'],
        isPublic: Boolean((route.config as { public?: boolean } | undefined)?.public),
        pluginId: (route.config as { pluginId?: string } | undefined)?.pluginId,
      });
    }
  }
  return out;
}

export const fillUrl = (url: string, value: (param: string) => string) =>
  url.replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(value(name)));

const isIdName = (name: string) => name === 'id' || /Id$/.test(name);
const isIdsName = (name: string) => /Ids$/.test(name);

/**
 * A plausible value for a schema: enough to get past validation where possible, so the handler runs.
 * Fields named like ids (`id`, `…Id`, `…Ids`) get `id`; strings get `text` (fitted to the length limits).
 */
export function sample(schema: Schema | undefined, fill: SampleFill, name = ''): unknown {
  if (!schema) return undefined;
  if (fill.values && name in fill.values && fits(schema, fill.values[name])) return fill.values[name];
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) {
    const first = branches.find((b) => b.type !== 'null') ?? branches[0];
    return sample(first, fill, name);
  }
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, prop] of Object.entries(schema.properties ?? {})) out[key] = sample(prop, fill, key);
      return out;
    }
    case 'array': {
      const item = sample(schema.items, fill, isIdsName(name) ? 'id' : name);
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => item);
    }
    case 'integer':
    case 'number': {
      if (isIdName(name)) return fill.id;
      const min = schema.minimum ?? 1;
      return Math.min(Math.max(1, min), schema.maximum ?? Number.MAX_SAFE_INTEGER);
    }
    case 'boolean': return true;
    case 'null': return null;
    case 'string': {
      if (schema.format === 'email') return `${fill.text.replace(/\W/g, '').toLowerCase() || 'probe'}@probe.test`;
      if (schema.format === 'date-time') return new Date().toISOString();
      if (schema.format === 'date') return new Date().toISOString().slice(0, 10);
      if (schema.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
      const pattern = fill.fitPatterns && schema.pattern ? new RegExp(schema.pattern) : undefined;
      const form = pattern && PATTERN_FORMS.find((f) => pattern.test(f));
      if (form) return form;
      let text = isIdName(name) ? String(fill.id) : fill.text;
      while (text.length < (schema.minLength ?? 0)) text += 'x';
      return schema.maxLength !== undefined ? text.slice(0, schema.maxLength) : text;
    }
    default: return fill.text;
  }
}

/** Whether a value has the schema's type (or one of its branches'): a named value only fills a field it fits. */
function fits(schema: Schema, value: unknown): boolean {
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return branches.some((b) => fits(b, value));
  const kind = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value === 'number' ? (Number.isInteger(value) ? 'integer' : 'number') : typeof value;
  const types = [schema.type ?? kind].flat();
  return types.includes(kind) || (kind === 'integer' && types.includes('number'));
}

/** A value of the wrong type for a schema (a string where a number is expected, and so on). */
export function wrongType(schema: Schema | undefined): unknown {
  const type = Array.isArray(schema?.type) ? schema?.type[0] : schema?.type;
  switch (type) {
    case 'string': return { nested: { deeper: [1, 2, 3] } };
    case 'integer': case 'number': return 'not-a-number';
    case 'boolean': return 'maybe';
    case 'array': return 'not-an-array';
    case 'object': return [1, 'two', null];
    default: return { unexpected: true };
  }
}

/** Routes that take uploads: their schema says they consume multipart/form-data (also what the API docs show). */
export const multipartRoutes = (app: FastifyInstance) =>
  apiRoutes(app).filter((r) => r.schema.consumes?.includes('multipart/form-data'));

const MULTIPART_READERS = ['parts', 'file', 'files', 'saveRequestFiles', 'formData'] as const;

/**
 * Records which routes read a multipart body, by wrapping @fastify/multipart's request decorators on the
 * root Request prototype (child scopes inherit it). The guard uses it to find a route that reads uploads
 * without declaring `consumes` (and so would escape the upload suite). Throws if Fastify's internals moved.
 */
export function spyMultipartReaders(app: FastifyInstance): Set<string> {
  const seen = new Set<string>();
  const symbol = Object.getOwnPropertySymbols(app).find((s) => s.description === 'fastify.Request');
  const proto = symbol && (app as unknown as Record<symbol, { prototype: Record<string, unknown> }>)[symbol]?.prototype;
  if (!proto || typeof proto.parts !== 'function') throw new Error('cannot find the Request prototype with multipart decorators');
  for (const name of MULTIPART_READERS) {
    const original = proto[name];
    if (typeof original !== 'function') continue;
    proto[name] = function (this: { routeOptions: { method: string | string[]; url?: string } }, ...args: unknown[]) {
      seen.add(`${[this.routeOptions.method].flat()[0]} ${this.routeOptions.url}`);
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    };
  }
  return seen;
}
