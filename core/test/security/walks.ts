import type { FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import type { Test } from 'tap';
import { MAX_JSON_DEPTH } from '../../src/http/json-depth.js';
import { SESSION_OVER_CODES } from '../../src/http/errors.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type TestApp } from '../helper.js';
import { declaredPluginPublicRoutes, fillUrl, sample, wrongType, type ApiRoute } from './routes.js';

/**
 * The generated security walks, one implementation shared by core's suites (every route, the fixture plugins
 * loaded) and the plugin kit (tooling/plugin-kit: only a plugin's own routes, with its own flags).
 */

// ---- Authentication: a private route refuses a caller without a session; public ones are the declared ones.

export interface AuthenticationFindings { open: string[]; undeclaredPluginPublic: string[]; publicRoutes: string[]; declared: string[]; checked: number }

export async function authenticationWalk(app: FastifyInstance, routes: ApiRoute[]): Promise<AuthenticationFindings> {
  // The declared public routes of the plugins walked (a plugin kit's walk covers its own plugin's routes only).
  const declared = declaredPluginPublicRoutes(app, new Set(routes.map((route) => route.pluginId)));
  const found: AuthenticationFindings = { open: [], undeclaredPluginPublic: [], publicRoutes: [], declared, checked: 0 };
  for (const route of routes) {
    const name = `${route.method} ${route.url}`;
    if (route.isPublic) {
      found.publicRoutes.push(name);
      if (route.pluginId && !declared.includes(name)) found.undeclaredPluginPublic.push(name);
      continue;
    }
    found.checked += 1;
    const res = await app.inject({ method: route.method as 'GET', url: fillUrl(route.url, () => '1') });
    if (res.statusCode !== 401) found.open.push(`${name} → ${res.statusCode}`);
  }
  return found;
}

// ---- Robustness: malformed input (junk params, bodies, unknown fields, depth) never gets a 5xx or a non-JSON answer.

const SQL = "' OR 1=1; DROP TABLE users; --";
const SCRIPT = '<script>alert(document.cookie)</script>';
const BIG = 'A'.repeat(100 * 1024);
const JUNK_PARAMS = ['-1', '0', 'abc', '../../etc/passwd', '99999999999', '1.5', SQL, SCRIPT, '%00', ' '];
const RAW_BODIES = ['null', '[]', '"just a string"', '[{"a":1},2]', '123', 'true', '{"unterminated":', '{"__proto__":{"polluted":true}}'];
/** Bodies nested past the limit (MAX_JSON_DEPTH, 64): just past it, and deep enough to overflow any recursion. */
const nested = (levels: number) => `{"a":${'['.repeat(levels - 1)}1${']'.repeat(levels - 1)}}`;
const TOO_DEEP = [MAX_JSON_DEPTH + 1, 200_000];
const JUNK_QUERY = `pageNumber=abc&pageNumber=-5&searchParam=${encodeURIComponent(SQL)}&x[]=1&__proto__[polluted]=1&limit=99999999999&${encodeURIComponent(SCRIPT)}=1`;

/** An /api answer the browser treats as data: JSON, or a download (exports). Never a page that could run script. */
const isPlainData = (headers: Record<string, unknown>) =>
  /^application\/json/.test(String(headers['content-type'] ?? '')) || /^attachment/.test(String(headers['content-disposition'] ?? ''));

/** `refused`: the case must be refused as a validation error (400 ERR_VALIDATION), not merely answered without a 5xx. */
interface Case { label: string; url: string; payload?: string; contentType?: string; refused?: boolean }

function casesFor(route: ApiRoute): Case[] {
  const cases: Case[] = [];
  const withOnes = fillUrl(route.url, () => '1');
  for (const param of route.params) {
    for (const junk of JUNK_PARAMS) {
      cases.push({ label: `param ${param}=${JSON.stringify(junk).slice(0, 40)}`, url: fillUrl(route.url, (p) => (p === param ? junk : '1')) });
    }
  }
  cases.push({ label: 'junk query string', url: `${withOnes}?${JUNK_QUERY}` });
  for (const [key, prop] of Object.entries(route.schema.querystring?.properties ?? {})) {
    cases.push({ label: `query ${key} wrong type`, url: `${withOnes}?${key}=${encodeURIComponent(JSON.stringify(wrongType(prop)))}` });
    cases.push({ label: `query ${key} 100 kB`, url: `${withOnes}?${key}=${BIG.slice(0, 8000)}` });
  }
  if (['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method)) {
    for (const raw of RAW_BODIES) cases.push({ label: `raw body ${raw.slice(0, 20)}`, url: withOnes, payload: raw, contentType: 'application/json' });
    cases.push({ label: 'text/plain body', url: withOnes, payload: 'hello', contentType: 'text/plain' });
    for (const levels of TOO_DEEP) cases.push({ label: `body nested ${levels} levels`, url: withOnes, payload: nested(levels), contentType: 'application/json', refused: true });
    const body = route.schema.body;
    const base = (text: string) => sample(body, { id: 1, text }) as Record<string, unknown> | undefined;
    for (const text of [SQL, SCRIPT, BIG]) {
      const valid = base(text);
      if (valid !== undefined) cases.push({ label: `sample body with ${text.slice(0, 12)}… strings`, url: withOnes, payload: JSON.stringify(valid), contentType: 'application/json' });
    }
    if (body?.type === 'object') {
      // A field the schema does not name: dropped or refused, never stored or a crash.
      const payload = { ...(base('probe') ?? {}), unknownField: SCRIPT };
      cases.push({ label: 'body with an unknown field', url: withOnes, payload: JSON.stringify(payload), contentType: 'application/json' });
    }
    for (const [key, prop] of Object.entries(body?.properties ?? {})) {
      for (const [what, value] of [['wrong type', wrongType(prop)], ['100 kB', BIG], ['SQL', SQL], ['script', SCRIPT], ['null', null], ['huge number', 1e308], ['deep array', Array(1000).fill([1])]] as const) {
        const payload = { ...(base('probe') ?? {}), [key]: value };
        cases.push({ label: `body ${key} ${what}`, url: withOnes, payload: JSON.stringify(payload), contentType: 'application/json' });
      }
      // The field nested so that the body is one level past the limit.
      const payload = `{${JSON.stringify(key)}:${nested(MAX_JSON_DEPTH)}}`;
      cases.push({ label: `body ${key} nested past the limit`, url: withOnes, payload, contentType: 'application/json', refused: true });
    }
  }
  return cases;
}

export interface RobustnessFindings { failures: string[]; sent: number }

/**
 * Sends every malformed case to every route as the seeded super user (public routes a second time without a
 * session, as strangers call them), then reads every list back. Some routes end the caller's session by design
 * (logout, a password change on oneself): after any accepted write the walk signs in again.
 */
export async function robustnessWalk(env: TestApp, routes: ApiRoute[]): Promise<RobustnessFindings> {
  const { app, request } = env;
  let token = env.token;
  const keepSession = async () => {
    if ((await request('GET', '/api/auth/me', { token })).status !== 200) token = await env.login(ADMIN_EMAIL, ADMIN_PASSWORD);
  };
  const failures: string[] = [];
  let sent = 0;
  for (const route of routes) {
    for (const c of casesFor(route)) {
      for (const bearer of route.isPublic ? [token, undefined] : [token]) {
        sent += 1;
        const who = bearer ? '' : ' (no session)';
        try {
          const res = await app.inject({
            method: route.method as 'GET',
            url: c.url,
            payload: c.payload,
            headers: { ...(bearer ? { authorization: `Bearer ${bearer}` } : {}), ...(c.contentType ? { 'content-type': c.contentType } : {}) },
          });
          if (res.statusCode < 300 && route.method !== 'GET') await keepSession();
          // 401 on a route that needs a session means the session is over (the console signs out): never a wrong input.
          if (res.statusCode === 401 && bearer && !route.isPublic && !SESSION_OVER_CODES.includes(res.json().error)) {
            failures.push(`${route.method} ${route.url} [${c.label}] → 401 ${res.body.slice(0, 200)}: a wrong input is a 400/403`);
          }
          else if (res.statusCode >= 500) failures.push(`${route.method} ${route.url} [${c.label}]${who} → ${res.statusCode} ${res.body.slice(0, 200)}`);
          // A route's own rate limit (429) may answer first; anything else must be the validation error.
          else if (c.refused && res.statusCode !== 429 && !(res.statusCode === 400 && res.json().error === 'ERR_VALIDATION')) {
            failures.push(`${route.method} ${route.url} [${c.label}]${who} → ${res.statusCode} ${res.body.slice(0, 200)}, not 400 ERR_VALIDATION`);
          }
          else if (!isPlainData(res.headers)) failures.push(`${route.method} ${route.url} [${c.label}]${who} → ${res.headers['content-type']}, not JSON`);
        } catch (err) {
          failures.push(`${route.method} ${route.url} [${c.label}]${who} threw ${(err as Error).message}`);
        }
      }
    }
  }
  // Read the stored <script> strings back: every list answers them as JSON data, never as a page.
  for (const route of routes.filter((r) => r.method === 'GET' && r.params.length === 0)) {
    const res = await app.inject({ method: 'GET', url: route.url, headers: { authorization: `Bearer ${token}` } });
    if (!isPlainData(res.headers)) failures.push(`GET ${route.url} (read back) → ${res.headers['content-type']}, not JSON`);
  }
  return { failures, sent };
}

// ---- Isolation: another company's caller, given the first company's ids, sees and changes nothing of it.

/** Every table with an integer id and a companyId column: a plugin's own tables are tenant tables too. */
export async function tablesWithCompanyId(knex: Knex): Promise<string[]> {
  const names: string[] = knex.client.config.client === 'sqlite3' || knex.client.config.client === 'better-sqlite3'
    ? (await knex('sqlite_master').where({ type: 'table' }).pluck('name'))
    : (await knex('information_schema.tables').whereRaw('table_schema = database()').pluck('TABLE_NAME'));
  const out: string[] = [];
  for (const name of names) {
    const info = await knex(name).columnInfo();
    if (info.companyId && info.id) out.push(name);
  }
  return out;
}

/** Ids a company owns right now in every tenant table (the caller's own rows may be found by id). */
export async function idsOwnedBy(knex: Knex, companyId: number, tables: string[]): Promise<Set<number>> {
  const ids = new Set<number>();
  for (const table of tables) for (const { id } of await knex(table).where('companyId', companyId).select('id')) ids.add(Number(id));
  return ids;
}

export interface ForeignWalk {
  app: FastifyInstance;
  routes: ApiRoute[];
  /** The other company's session. */
  token: string;
  /** The first company's ids to try, recomputed before each route (minus whatever the caller owns by then). */
  probeIds: () => Promise<number[]>;
  /** Non-numeric ids (uuids) tried on routes whose params are not integers. */
  otherValues?: string[];
  /** Text only the first company's rows carry: no answer may show it. */
  marker: string;
}

export interface IsolationFindings { leaks: string[]; foreignSuccess: string[]; sent: number }

/**
 * Calls every route as the other company with the first company's ids: in params (GET/PUT/PATCH/DELETE on a
 * foreign id must not succeed) and in bodies (list and create routes). Collects leaks of the marker.
 */
export async function foreignCompanyWalk(walk: ForeignWalk): Promise<IsolationFindings> {
  const { app, routes, token, marker } = walk;
  const found: IsolationFindings = { leaks: [], foreignSuccess: [], sent: 0 };
  const call = async (method: string, url: string, body: unknown) => {
    found.sent += 1;
    const res = await app.inject({
      method: method as 'GET', url, payload: body === undefined ? undefined : JSON.stringify(body),
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    });
    if (res.body.includes(marker)) found.leaks.push(`${method} ${url} → ${res.statusCode}`);
    return res.statusCode;
  };
  for (const route of routes) {
    if (route.url.startsWith('/api/auth/')) continue; // the caller's own session; login is covered by auth tests
    const hasBody = ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method) && route.schema.body !== undefined;
    const probeIds = await walk.probeIds();
    if (route.params.length === 0) {
      // List and create routes: lists must not leak; creates may not reach the first company's rows through ids in the body.
      for (const id of hasBody ? probeIds : [probeIds[0] ?? 1]) {
        await call(route.method, `${route.url}${route.method === 'GET' ? '?pageNumber=1' : ''}`, hasBody ? sample(route.schema.body, { id, text: 'probe' }) : undefined);
      }
      continue;
    }
    const paramTypes = route.schema.params?.properties ?? {};
    const values: string[] = probeIds.map(String);
    if (route.params.some((p) => paramTypes[p]?.type !== 'integer')) values.push(...(walk.otherValues ?? []));
    for (const value of values) {
      const url = fillUrl(route.url, () => value);
      const status = await call(route.method, url, hasBody ? sample(route.schema.body, { id: Number(value) || 1, text: 'probe' }) : undefined);
      if (status >= 200 && status < 300 && ['GET', 'PUT', 'PATCH', 'DELETE'].includes(route.method) && !route.isPublic) {
        found.foreignSuccess.push(`${route.method} ${url} → ${status}`);
      }
    }
  }
  return found;
}

/** The three walks' verdicts as tap assertions, worded the same wherever they run. */
export function assertWalks(t: Test, found: { auth?: AuthenticationFindings; robustness?: RobustnessFindings; isolation?: IsolationFindings }) {
  if (found.auth) {
    t.same(found.auth.open, [], 'no private route answers without a session');
    t.same(found.auth.undeclaredPluginPublic, [], 'every public plugin route is declared in its manifest');
    for (const name of found.auth.declared) t.ok(found.auth.publicRoutes.includes(name), `${name} (declared) is public`);
  }
  if (found.robustness) t.same(found.robustness.failures, [], 'no 5xx answers; every answer is JSON data');
  if (found.isolation) {
    t.same(found.isolation.leaks, [], 'no response shows the other company\'s marker');
    t.same(found.isolation.foreignSuccess, [], 'no GET/PUT/DELETE on the other company\'s ids succeeds');
  }
}
