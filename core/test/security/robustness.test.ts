import t from 'tap';
import { MAX_JSON_DEPTH } from '../../src/http/json-depth.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../helper.js';
import { apiRoutes, buildWithFixturePlugins, fillUrl, sample, wrongType, type ApiRoute } from './routes.js';

/**
 * Every /api route, whoever wrote it, answers malformed input with a 4xx (or a 2xx when the input happens
 * to be acceptable), never a 5xx and never a crash. The route table comes from the app itself, with the test
 * plugins loaded; public routes (webhooks) get every case a second time without a session, as strangers call them.
 */
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

t.test('no /api route answers malformed input with a 5xx or crashes', async (t) => {
  const env = await buildWithFixturePlugins(t);
  const { app, request } = env;
  let token = env.token;
  // Some routes end the caller's session by design (logout, a password change on oneself): the walk signs in
  // again after any write that was accepted, so every later case still reaches its route's validation.
  const keepSession = async () => {
    if ((await request('GET', '/api/auth/me', { token })).status !== 200) token = await env.login(ADMIN_EMAIL, ADMIN_PASSWORD);
  };
  const routes = apiRoutes(app);
  // Guard: the table is really the app's (the core's own routes are in it).
  t.ok(routes.some((r) => r.method === 'GET' && r.url === '/api/users/:id'), 'route table lists the core routes');
  t.ok(routes.length > 30, `${routes.length} routes under test`);
  t.ok(routes.some((r) => r.url === '/api/relay/hooks/:token' && r.isPublic), 'a plugin\'s declared public route is in the walk, marked public');
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
          if (res.statusCode >= 500) failures.push(`${route.method} ${route.url} [${c.label}]${who} → ${res.statusCode} ${res.body.slice(0, 200)}`);
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
  t.ok(sent > routes.length * 3, `${sent} malformed requests sent`);
  t.same(failures, [], 'no 5xx answers; every answer is JSON data');
  t.equal((await request('GET', '/api/health')).status, 200, 'the server still answers');
});
