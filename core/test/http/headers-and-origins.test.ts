import t from 'tap';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { connect } from 'socket.io-client';
import type { FastifyInstance } from 'fastify';
import { build } from '../helper.js';
import { parseCorsOrigins, parseFrameAncestors, repoRoot } from '../../src/config/index.js';

/** A console build stand-in: the server serves whatever index.html CONSOLE_DIR holds. */
function consoleDir(t: Parameters<typeof build>[0]) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'atrium-console-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>');
  writeFileSync(path.join(dir, 'assets', 'app.js'), 'console.log(1)');
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** The socket.io polling handshake (socket.io answers on the HTTP server, beside Fastify: not reachable by inject). */
async function pollingHandshake(app: FastifyInstance, origin: string) {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  const res = await fetch(`http://127.0.0.1:${port}/socket.io/?EIO=4&transport=polling`, { headers: { origin } });
  await res.arrayBuffer();
  return { status: res.status, allowOrigin: res.headers.get('access-control-allow-origin') };
}

/** Opens a socket with the given Origin header (none: a server-side client); resolves whether it connected. */
async function socketOpens(app: FastifyInstance, token: string, origin?: string): Promise<boolean> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  const socket = connect(`http://127.0.0.1:${port}`, {
    path: '/socket.io', query: { token }, transports: ['websocket'], reconnection: false, extraHeaders: origin ? { origin } : {},
  });
  try {
    return await new Promise<boolean>((resolve) => { socket.on('connect', () => resolve(true)); socket.on('connect_error', () => resolve(false)); });
  } finally {
    socket.close();
  }
}

const csp = (headers: Record<string, unknown>) => Object.fromEntries(String(headers['content-security-policy'] ?? '').split(';').map((d) => d.trim()).filter(Boolean)
  .map((d) => { const [name, ...values] = d.split(/\s+/); return [name, values.join(' ')]; }));

t.test('every answer (API, console page, console asset, remote path, a 404) carries the security headers; no HSTS over http', async (t) => {
  const { request, app, token } = await build(t, { config: { consoleDir: consoleDir(t), publicUrl: 'http://localhost:8080' } });
  for (const url of ['/api/health', '/api/auth/me', '/', '/tickets', '/assets/app.js', '/plugins/nothing/remoteEntry.js', '/api/nowhere']) {
    const res = await request('GET', url, { token });
    const policy = csp(res.headers);
    t.equal(policy['script-src'], "'self'", `${url}: scripts from this origin only (status ${res.status})`);
    t.equal(policy['frame-ancestors'], "'none'", `${url}: no page may frame it`);
    t.equal(policy['object-src'], "'none'");
    t.notOk('upgrade-insecure-requests' in policy, 'no upgrade over http');
    t.equal(res.headers['x-frame-options'], 'DENY');
    t.equal(res.headers['x-content-type-options'], 'nosniff');
    t.equal(res.headers['referrer-policy'], 'no-referrer');
    t.equal(res.headers['strict-transport-security'], undefined, 'no HSTS when PUBLIC_URL is http');
  }
  t.equal((await request('GET', '/api/docs/static/index.html')).headers['x-frame-options'], 'DENY', 'the API docs too');
  t.match(String((await request('GET', '/tickets')).body), /id="root"/, 'the SPA page is the console');
  t.notOk(app.config.corsOrigins.length, 'no CORS origin by default');
});

t.test('PUBLIC_URL on https adds HSTS and the upgrade; FRAME_ANCESTORS names who may frame the console', async (t) => {
  const { request } = await build(t, { config: { publicUrl: 'https://atrium.example.com', frameAncestors: ["'self'", 'https://portal.example.com'] } });
  const res = await request('GET', '/api/health');
  t.match(res.headers['strict-transport-security'], /^max-age=31536000/);
  const policy = csp(res.headers);
  t.ok('upgrade-insecure-requests' in policy);
  t.equal(policy['frame-ancestors'], "'self' https://portal.example.com");
  t.equal(res.headers['x-frame-options'], undefined, 'X-Frame-Options cannot name another origin: left to frame-ancestors');
  t.same(parseFrameAncestors(undefined), ["'none'"]);
  t.same(parseFrameAncestors("'self'"), ["'self'"]);
  for (const bad of ["'none' 'self'", 'javascript:alert(1)', "'unsafe-inline'", 'portal.example.com;script-src']) t.throws(() => parseFrameAncestors(bad), `FRAME_ANCESTORS=${bad} refused`);
  t.same(parseCorsOrigins(' https://app.example.com, http://localhost:5173 '), ['https://app.example.com', 'http://localhost:5173']);
  for (const bad of ['*', 'https://app.example.com/path', 'app.example.com', 'ftp://x.example']) t.throws(() => parseCorsOrigins(bad), `CORS_ORIGINS=${bad} refused`);
});

t.test('the console\'s page has no inline script or style to allow: the CSP needs none', async (t) => {
  const pages = [path.join(repoRoot, 'host-web', 'index.html'), path.join(repoRoot, 'host-web', 'dist', 'index.html')].filter(existsSync);
  for (const page of pages) {
    const html = readFileSync(page, 'utf8');
    t.same([...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>/g)].map((m) => m[0]), [], `${path.relative(repoRoot, page)}: every script has a src`);
    t.notMatch(html, /<style\b|\sstyle=|\son[a-z]+=/i, `${path.relative(repoRoot, page)}: no inline style or handler`);
  }
  t.ok(pages.length >= 1);
});

t.test('by default only PUBLIC_URL\'s origin and the page\'s own host may open a socket; HTTP sends no CORS header', async (t) => {
  const { app, token, request } = await build(t, { config: { publicUrl: 'http://atrium.example.com' } });
  t.equal(await socketOpens(app, token, 'http://evil.example'), false, 'another site\'s page is refused');
  t.equal(await socketOpens(app, token, 'null'), false, 'an opaque origin is refused');
  t.equal(await socketOpens(app, token, 'http://atrium.example.com'), true, 'PUBLIC_URL\'s origin');
  const { port } = app.server.address() as { port: number };
  t.equal(await socketOpens(app, token, `http://127.0.0.1:${port}`), true, 'the page served by this host (same origin)');
  t.equal(await socketOpens(app, token), true, 'a client without Origin (a server, the test harness)');

  // The polling handshake: refused for another origin, and its Origin is not reflected.
  const polling = await pollingHandshake(app, 'http://evil.example');
  t.equal(polling.status, 403);
  t.equal(polling.allowOrigin, null, 'the Origin is not reflected');
  t.equal((await pollingHandshake(app, 'http://atrium.example.com')).status, 200, 'PUBLIC_URL\'s page polls');
  const preflight = await app.inject({ method: 'OPTIONS', url: '/api/auth/me', headers: { origin: 'http://evil.example', 'access-control-request-method': 'GET' } });
  t.equal(preflight.headers['access-control-allow-origin'], undefined, 'no CORS answer to a preflight');
  const get = await request('GET', '/api/auth/me', { token, headers: { origin: 'http://atrium.example.com' } });
  t.equal(get.headers['access-control-allow-origin'], undefined, 'CORS is off unless CORS_ORIGINS is set');
});

t.test('CORS_ORIGINS lets the listed origins call the API with credentials and open a socket, and no other', async (t) => {
  const { app, token, request } = await build(t, { config: { publicUrl: 'https://atrium.example.com', corsOrigins: ['https://app.example.com'] } });
  const preflight = await app.inject({ method: 'OPTIONS', url: '/api/auth/me', headers: { origin: 'https://app.example.com', 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' } });
  t.equal(preflight.statusCode, 204);
  t.equal(preflight.headers['access-control-allow-origin'], 'https://app.example.com');
  t.equal(preflight.headers['access-control-allow-credentials'], 'true');
  const get = await request('GET', '/api/auth/me', { token, headers: { origin: 'https://app.example.com' } });
  t.equal(get.status, 200);
  t.equal(get.headers['access-control-allow-origin'], 'https://app.example.com');
  t.equal((await request('GET', '/api/auth/me', { token, headers: { origin: 'https://atrium.example.com' } })).headers['access-control-allow-origin'], 'https://atrium.example.com', 'PUBLIC_URL\'s origin too');
  const evil = await request('GET', '/api/auth/me', { token, headers: { origin: 'https://evil.example' } });
  t.equal(evil.headers['access-control-allow-origin'], undefined, 'another origin gets no CORS header');
  t.equal(await socketOpens(app, token, 'https://app.example.com'), true, 'a listed origin opens a socket');
  t.equal(await socketOpens(app, token, 'https://evil.example'), false, 'another does not');
  const polling = await pollingHandshake(app, 'https://app.example.com');
  t.same(polling, { status: 200, allowOrigin: 'https://app.example.com' }, 'the socket\'s polling answers the listed origin');
});
