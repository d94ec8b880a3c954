import t from 'tap';
import type { FastifyInstance } from 'fastify';
import { build, ADMIN_EMAIL, ADMIN_PASSWORD } from '../helper.js';
import { closedByServer, openSocket, socketRevocations } from './revocation-scenarios.js';

/**
 * Issue 26, finding 2: a socket is checked not only when it connects. Logout, deletion, a new password and
 * another login close a user's sockets; a change of profile or queues moves them; a socket does not outlive
 * the access token it authenticated with unless it is renewed in place. The same scenarios run with the
 * sockets on another API process in core/test/hardening/revocation-processes.test.ts.
 */

async function listen(app: FastifyInstance) {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
}

t.test('sockets follow their user\'s session and access', async (t) => {
  const ctx = await build(t);
  await socketRevocations(t, ctx, await listen(ctx.app));
});

t.test('a socket lives no longer than its access token, unless renewed in place with a newer one', async (t) => {
  // Short-lived access tokens (JWT_ACCESS_TTL): the socket's bound is the token's own expiry.
  const ctx = await build(t, {
    env: { ...process.env, ADMIN_EMAIL, ADMIN_PASSWORD, REDIS_URL: process.env.TEST_REDIS_URL ?? '', PLUGINS_DIR: '', JWT_ACCESS_TTL: '4s' },
  });
  const url = await listen(ctx.app);
  const expiresAt = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).exp * 1000;

  await t.test('not renewed: closed when the token expires', async (t) => {
    const user = await ctx.createUser(1);
    const open = await openSocket(t, url, user.token);
    t.equal(await closedByServer(open, 15_000), 'io server disconnect');
    t.ok(Date.now() >= expiresAt(user.token), 'at the token\'s expiry, not before');
  });

  await t.test('renewed with a refreshed token: still open past the first token\'s expiry', async (t) => {
    const login = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
    const first = login.json().token as string;
    const open = await openSocket(t, url, first);
    // A token signed two seconds later expires two seconds later (expiry has a resolution of one second).
    while (Math.floor(Date.now() / 1000) * 1000 < expiresAt(first) - 2000) await new Promise((r) => setTimeout(r, 50));
    const cookie = login.cookies.find((c) => c.name === 'jrt')!.value;
    const refreshed = await ctx.app.inject({ method: 'POST', url: '/api/auth/refresh_token', cookies: { jrt: cookie } });
    const second = refreshed.json().token as string;
    t.ok(expiresAt(second) > expiresAt(first), 'the refreshed token lives longer');
    const renewed = await new Promise<{ ok: boolean }>((resolve) => open.socket.emit('renewToken', second, resolve));
    t.same(renewed, { ok: true });
    const forged = await new Promise<{ ok: boolean }>((resolve) => open.socket.emit('renewToken', `${second}x`, resolve));
    t.same(forged, { ok: false }, 'a token that does not verify renews nothing');
    await new Promise((r) => setTimeout(r, Math.max(0, expiresAt(first) - Date.now() + 300)));
    t.ok(open.socket.connected, 'open past the first token\'s expiry');
    t.equal(await closedByServer(open, 15_000), 'io server disconnect', 'and closed at the renewed token\'s expiry');
    t.ok(Date.now() >= expiresAt(second));
  });

  await t.test('another user\'s token renews nothing', async (t) => {
    const a = await ctx.createUser(1);
    const b = await ctx.createUser(1);
    const open = await openSocket(t, url, a.token);
    const reply = await new Promise<{ ok: boolean }>((resolve) => open.socket.emit('renewToken', b.token, resolve));
    t.same(reply, { ok: false });
  });
});
