import t from 'tap';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { build, ADMIN_EMAIL, ADMIN_PASSWORD } from '../helper.js';
import { loadConfig, parseTrustProxy } from '../../src/config/index.js';
import { PasswordReset, User } from '../../src/db/models/index.js';

/**
 * Password spraying: one address trying passwords (or reset codes) across many accounts is stopped by a
 * per-address budget of failures (AUTH_FAILURES_MAX, 20 per AUTH_FAILURES_WINDOW_MS, 10 minutes), apart
 * from the per-account lockout. TRUST_PROXY decides whether X-Forwarded-For may name that address.
 */

type Inject = { status: number; body: any; headers: Record<string, unknown> };

/** A request as it arrives from `from` (the socket's address), optionally claiming another address. */
async function send(app: FastifyInstance, method: 'POST', url: string, opts: { from: string; forwardedFor?: string; body?: object }): Promise<Inject> {
  const res = await app.inject({
    method, url, payload: opts.body, remoteAddress: opts.from,
    headers: opts.forwardedFor ? { 'x-forwarded-for': opts.forwardedFor } : {},
  });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

const login = (app: FastifyInstance, email: string, password: string, from: string, forwardedFor?: string) =>
  send(app, 'POST', '/api/auth/login', { from, forwardedFor, body: { email, password } });

t.test('twenty failed logins over twenty accounts from one address: the next is 429 ERR_TOO_MANY_ATTEMPTS with Retry-After, whatever the account', async (t) => {
  const { app } = await build(t);
  const statuses: number[] = [];
  for (let i = 0; i < 20; i++) statuses.push((await login(app, `victim${i}@atrium.test`, 'Summer2026!', '198.51.100.1')).status);
  t.same(statuses, Array(20).fill(401), 'the first twenty are ordinary failures');
  const blocked = await login(app, 'victim20@atrium.test', 'Summer2026!', '198.51.100.1');
  t.equal(blocked.status, 429);
  t.equal(blocked.body.error, 'ERR_TOO_MANY_ATTEMPTS');
  const retryAfter = Number(blocked.headers['retry-after']);
  t.ok(retryAfter > 0 && retryAfter <= 600, `Retry-After within the 10-minute window (${retryAfter})`);
  t.equal(blocked.body.retryAfter, retryAfter);
  t.equal((await login(app, ADMIN_EMAIL, ADMIN_PASSWORD, '198.51.100.1')).status, 429, 'even the right password, from that address, waits');
  t.equal((await login(app, ADMIN_EMAIL, ADMIN_PASSWORD, '198.51.100.2')).status, 200, 'another address signs in');
  const admin = await User.unscoped('test').findOne({ email: ADMIN_EMAIL });
  t.equal(admin!.lockedUntil ?? null, null, 'the refused attempts did not touch the account');
});

t.test('successful logins do not use the budget', async (t) => {
  const { app } = await build(t, { config: { authFailureLimit: { max: 2, windowMs: 60_000 } } });
  for (let i = 0; i < 4; i++) t.equal((await login(app, ADMIN_EMAIL, ADMIN_PASSWORD, '198.51.100.3')).status, 200);
});

t.test('the per-account lockout still holds on its own: five failures lock the account from any address', async (t) => {
  const { app } = await build(t);
  for (let i = 0; i < 5; i++) await login(app, ADMIN_EMAIL, 'wrong', `198.51.100.${10 + i}`, `203.0.113.${i}`);
  const res = await login(app, ADMIN_EMAIL, ADMIN_PASSWORD, '198.51.100.20', '203.0.113.99');
  t.equal(res.status, 429);
  t.equal(res.body.error, 'ERR_ACCOUNT_LOCKED');
});

t.test('reset-code requests and wrong reset codes spend the same budget as failed logins', async (t) => {
  const { app } = await build(t, { config: { authFailureLimit: { max: 3, windowMs: 60_000 } } });
  const forgot = (email: string, from: string) => send(app, 'POST', `/api/forgetpassword/${encodeURIComponent(email)}`, { from });
  const reset = (email: string, code: string, from: string) => send(app, 'POST', `/api/resetpasswords/${encodeURIComponent(email)}/${code}/New-pass-123`, { from });

  for (const email of ['a@atrium.test', 'b@atrium.test', ADMIN_EMAIL]) await forgot(email, '198.51.100.30');
  const fourth = await forgot('c@atrium.test', '198.51.100.30');
  t.equal(fourth.status, 429, 'a fourth code request from the address is refused');
  t.equal(fourth.body.error, 'ERR_TOO_MANY_ATTEMPTS');
  t.ok(Number(fourth.headers['retry-after']) > 0);
  t.equal((await login(app, ADMIN_EMAIL, ADMIN_PASSWORD, '198.51.100.30')).body.error, 'ERR_TOO_MANY_ATTEMPTS', 'and so is a login from it');

  t.equal((await forgot(ADMIN_EMAIL, '198.51.100.31')).status, 200, 'another address asks for a code');
  for (const code of ['000001', '000002', '000003']) t.equal((await reset(ADMIN_EMAIL, code, '198.51.100.32')).status, 400, 'wrong code');
  const guessing = await reset(ADMIN_EMAIL, '000004', '198.51.100.32');
  t.equal(guessing.status, 429, 'a fourth wrong code from one address is refused before it is checked');
  t.equal(guessing.body.error, 'ERR_TOO_MANY_ATTEMPTS');
  const row = await PasswordReset.query().whereNull('usedAt').orderBy('id', 'desc').first();
  t.equal(row!.attempts, 3, 'the refused guess was not even tried against the code');
});

t.test('TRUST_PROXY off (the default): a forged X-Forwarded-For does not change the address the limits see', async (t) => {
  const { app } = await build(t, { config: { authFailureLimit: { max: 3, windowMs: 60_000 } } });
  t.equal(app.config.trustProxy, false);
  for (let i = 0; i < 3; i++) await login(app, `victim${i}@atrium.test`, 'x', '198.51.100.40', `203.0.113.${i}`);
  const res = await login(app, 'victim9@atrium.test', 'x', '198.51.100.40', '203.0.113.200');
  t.equal(res.status, 429, 'a new X-Forwarded-For for each try changes nothing');
  t.equal(res.body.error, 'ERR_TOO_MANY_ATTEMPTS');
});

t.test('TRUST_PROXY with the proxy\'s address: the client address comes from X-Forwarded-For only through that proxy', async (t) => {
  const { app } = await build(t, { config: { authFailureLimit: { max: 3, windowMs: 60_000 }, trustProxy: ['10.0.0.1'] } });
  const PROXY = '10.0.0.1';
  for (let i = 0; i < 3; i++) await login(app, `victim${i}@atrium.test`, 'x', PROXY, '203.0.113.7');
  t.equal((await login(app, 'victim9@atrium.test', 'x', PROXY, '203.0.113.7')).status, 429, 'the client behind the proxy is limited');
  t.equal((await login(app, 'victim9@atrium.test', 'x', PROXY, '203.0.113.8')).status, 401, 'another client behind the same proxy is not');

  // A client reaching the server directly cannot claim an address.
  for (let i = 0; i < 3; i++) await login(app, `victim${i}@atrium.test`, 'x', '198.51.100.50', `203.0.113.${50 + i}`);
  t.equal((await login(app, 'victim9@atrium.test', 'x', '198.51.100.50', '203.0.113.99')).status, 429);
});

t.test('TRUST_PROXY as a hop count takes the address that many hops back', async (t) => {
  const { app } = await build(t, { config: { authFailureLimit: { max: 2, windowMs: 60_000 }, trustProxy: 1 } });
  for (let i = 0; i < 2; i++) await login(app, `victim${i}@atrium.test`, 'x', `10.1.0.${i}`, '203.0.113.20');
  t.equal((await login(app, 'victim9@atrium.test', 'x', '10.1.0.9', '203.0.113.20')).status, 429, 'the same client through different proxy replicas');
  t.equal((await login(app, 'victim9@atrium.test', 'x', '10.1.0.9', '203.0.113.21')).status, 401);
});

t.test('TRUST_PROXY is read from the environment: off, a hop count, or proxy addresses / CIDRs; anything else stops start-up', async (t) => {
  t.equal(parseTrustProxy(undefined), false);
  t.equal(parseTrustProxy(''), false);
  t.equal(parseTrustProxy('false'), false);
  t.equal(parseTrustProxy('0'), false);
  t.equal(parseTrustProxy('2'), 2);
  t.same(parseTrustProxy('10.0.0.1, 172.16.0.0/12,::1'), ['10.0.0.1', '172.16.0.0/12', '::1']);
  t.throws(() => parseTrustProxy('true'), /TRUST_PROXY/, 'trusting every client is not an option');
  t.throws(() => parseTrustProxy('proxy.local'), /TRUST_PROXY/);
  // A folder of its own rather than t.testdir(): that one is named after the file, shared by the SQLite and MariaDB legs running side by side.
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'atrium-trust-'));
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));
  t.same(loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: '127.0.0.1' }).trustProxy, ['127.0.0.1']);
  t.same(loadConfig({ DATA_DIR: dataDir }).authFailureLimit, { max: 20, windowMs: 600_000 }, 'documented defaults');
});
