import { Type, type StringOptions, type TString } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
import type { OutboundHttp } from './client.js';

/**
 * The JSON-schema keyword that marks a body field as a tenant-supplied URL the server will call (a webhook,
 * n8n, Typebot…). Every marked field of a request body is checked by the API before the handler runs
 * (`installTenantUrlCheck`): 400 ERR_URL_NOT_ALLOWED for a URL that may not be called, a warning for a host
 * name that does not resolve now. Calls are checked again by sdk.http (the address the socket connects to).
 */
export const TENANT_URL_KEYWORD = 'x-tenant-url';

/** A string field holding a URL the server will call (`sdk.schemas.TenantUrl()`): http(s), at most 2000 characters. */
export const TenantUrl = (options: StringOptions = {}): TString =>
  Type.String({ maxLength: 2000, pattern: '^[Hh][Tt][Tt][Pp][Ss]?://', ...options, [TENANT_URL_KEYWORD]: true });

type Schema = {
  [TENANT_URL_KEYWORD]?: boolean; type?: string | string[]; properties?: Record<string, Schema>; items?: Schema;
  anyOf?: Schema[]; oneOf?: Schema[]; allOf?: Schema[];
};

/** A path into a body: property names, and '*' for every item of an array. */
export type BodyPath = string[];

/** The paths of every field a schema marks as a tenant URL (through objects, arrays and unions). */
export function tenantUrlPaths(schema: unknown, at: BodyPath = [], seen = new Set<object>()): BodyPath[] {
  if (!schema || typeof schema !== 'object' || seen.has(schema)) return [];
  seen.add(schema);
  const s = schema as Schema;
  if (s[TENANT_URL_KEYWORD] === true) return [at];
  const out: BodyPath[] = [];
  for (const [key, child] of Object.entries(s.properties ?? {})) out.push(...tenantUrlPaths(child, [...at, key], seen));
  if (s.items) out.push(...tenantUrlPaths(s.items, [...at, '*'], seen));
  for (const branch of [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])]) out.push(...tenantUrlPaths(branch, at, seen));
  // One path may come from two union branches.
  return [...new Map(out.map((p) => [p.join('/'), p])).values()];
}

/** The strings a body holds at a path, each with its field name as validation errors name it (`body/hooks/0/url`). */
export function stringsAt(body: unknown, path: BodyPath, field = 'body'): { value: string; field: string }[] {
  if (path.length === 0) return typeof body === 'string' && body !== '' ? [{ value: body, field }] : [];
  if (!body || typeof body !== 'object') return [];
  const [head, ...rest] = path;
  if (head === '*') return Array.isArray(body) ? body.flatMap((item, i) => stringsAt(item, rest, `${field}/${i}`)) : [];
  return stringsAt((body as Record<string, unknown>)[head], rest, `${field}/${head}`);
}

/**
 * Checks every tenant URL of every request body: an onRoute hook of the API scope appends, to each route whose
 * body schema marks a field with TenantUrl(), a preHandler that runs after the route's own (an admin check
 * answers first) and before the handler.
 */
export function installTenantUrlCheck(api: FastifyInstance, http: OutboundHttp) {
  api.addHook('onRoute', (route) => {
    const paths = tenantUrlPaths((route.schema as { body?: unknown } | undefined)?.body);
    if (paths.length === 0) return;
    const check = async (request: FastifyRequest, reply: FastifyReply) => {
      for (const path of paths) {
        for (const { value, field } of stringsAt(request.body, path)) await http.assertUrlAllowed(value, field, reply);
      }
    };
    const existing = route.preHandler;
    route.preHandler = [...(existing === undefined ? [] : [existing].flat()), check as preHandlerHookHandler];
  });
}
