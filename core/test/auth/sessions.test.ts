import t from 'tap';
import type { FastifyInstance } from 'fastify';
import { build } from '../helper.js';
import { RefreshTokenFamily, User } from '../../src/db/models/index.js';
import { toDbTime } from '../../src/db/time.js';

/**
 * Issue 26, finding 3 (core §4–§5): sessions end when they should. A login ends the previous session, a
 * refresh token works once (a rotated one coming back ends its session), changing one's own password needs
 * the current one and ends every other copy of the session, an expired company's older tokens stop.
 */

interface Session { token: string; cookie: string }

/** Signs in through the API as the console does, keeping the refresh cookie. */
async function signIn(app: FastifyInstance, email: string, password: string): Promise<Session> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login ${res.statusCode} ${res.body}`);
  return { token: res.json().token, cookie: res.cookies.find((c) => c.name === 'jrt')!.value };
}

/** The session and generation a refresh cookie names (the token itself differs by its issue time). */
const generationOf = (cookie: string) => {
  const { sid, gen } = JSON.parse(Buffer.from(cookie.split('.')[1], 'base64url').toString()) as { sid: number; gen: number };
  return { sid, gen };
};

async function refresh(app: FastifyInstance, cookie: string) {
  const res = await app.inject({ method: 'POST', url: '/api/auth/refresh_token', cookies: { jrt: cookie } });
  const next = res.cookies.find((c) => c.name === 'jrt' && c.value)?.value;
  return { status: res.statusCode, body: res.json(), token: res.json().token as string | undefined, cookie: next };
}

t.test('sessions', async (t) => {
  const { app, request, token: superToken, createTenant, createUser } = await build(t);
  const tenant = await createTenant('Sessions');
  const me = (token: string) => request('GET', '/api/auth/me', { token });
  let users = 0;
  const person = async () => {
    users += 1;
    const password = 'Person-pass-1';
    const user = await createUser(tenant.companyId, { email: `person${users}@sessions.test`, password });
    return { ...user, password, session: await signIn(app, user.email, password) };
  };

  await t.test('a second login ends the first session: its access token, its refresh token', async (t) => {
    const ana = await person();
    t.equal((await me(ana.session.token)).status, 200);
    const second = await signIn(app, ana.email, ana.password);
    const old = await me(ana.session.token);
    t.equal(old.status, 403, 'the first access token is refused (the console then tries a refresh)');
    t.equal(old.body.error, 'ERR_SESSION_EXPIRED');
    const oldRefresh = await refresh(app, ana.session.cookie);
    t.equal(oldRefresh.status, 401, 'and its refresh fails: the session is over');
    t.equal(oldRefresh.body.error, 'ERR_SESSION_EXPIRED');
    t.equal((await me(second.token)).status, 200, 'the new session works');
    t.equal((await refresh(app, second.cookie)).status, 200);
  });

  await t.test('a refresh token works once; the one it replaced, coming back, ends the session', async (t) => {
    const bia = await person();
    const first = await refresh(app, bia.session.cookie);
    t.equal(first.status, 200);
    t.ok(first.cookie && first.cookie !== bia.session.cookie, 'a new refresh token replaces the old');
    t.equal((await me(first.token!)).status, 200);

    // Two tabs refreshing with the same cookie at once: the second, just after the rotation, is answered.
    const concurrent = await refresh(app, bia.session.cookie);
    t.equal(concurrent.status, 200, 'within the grace of a concurrent refresh');
    t.same(generationOf(concurrent.cookie!), generationOf(first.cookie!), 'with the current generation, not a new one');

    // Later, the replaced token again: a copy is in someone else's hands.
    await RefreshTokenFamily.scoped(tenant.companyId).where({ userId: bia.id }).patch({ rotatedAt: toDbTime(Date.now() - 60_000) } as Partial<RefreshTokenFamily>);
    const replay = await refresh(app, bia.session.cookie);
    t.equal(replay.status, 401, 'a replay of a rotated refresh token is refused');
    t.equal(replay.body.error, 'ERR_SESSION_EXPIRED');
    t.equal((await refresh(app, first.cookie!)).status, 401, 'and the whole session ended: the newest refresh token too');
    t.equal((await me(first.token!)).status, 403, 'and its access token');
    t.equal((await RefreshTokenFamily.scoped(tenant.companyId).where({ userId: bia.id })).length, 0);
  });

  await t.test('logout ends the session: access token, refresh token', async (t) => {
    const caio = await person();
    t.equal((await request('DELETE', '/api/auth/logout', { token: caio.session.token })).status, 200);
    t.equal((await me(caio.session.token)).status, 403);
    t.equal((await refresh(app, caio.session.cookie)).status, 401);
  });

  await t.test('changing one\'s own password needs the current one and ends every other copy of the session', async (t) => {
    const duda = await person();
    const put = (token: string, body: Record<string, unknown>) => request('PUT', `/api/users/${duda.id}`, { token, body });
    const missing = await put(duda.session.token, { password: 'Fresh-pass-2' });
    t.equal(missing.status, 400);
    t.equal(missing.body.error, 'ERR_INVALID_CURRENT_PASSWORD');
    t.equal(missing.body.field, 'currentPassword', 'the form shows it under the field');
    const wrong = await put(duda.session.token, { password: 'Fresh-pass-2', currentPassword: 'not-it' });
    t.equal(wrong.status, 400);
    t.equal(wrong.body.error, 'ERR_INVALID_CURRENT_PASSWORD');
    t.equal((await User.scoped(tenant.companyId).findById(duda.id))!.failedLogins, 1, 'a wrong guess counts towards the lock');
    t.equal((await me(duda.session.token)).status, 200, 'a refused change ends nothing');

    const stolenCookie = duda.session.cookie; // someone else holds a copy of the session's refresh token
    const changed = await app.inject({
      method: 'PUT', url: `/api/users/${duda.id}`, headers: { authorization: `Bearer ${duda.session.token}` },
      payload: { password: 'Fresh-pass-2', currentPassword: duda.password },
    });
    t.equal(changed.statusCode, 200);
    const newCookie = changed.cookies.find((c) => c.name === 'jrt')?.value;
    t.ok(newCookie, 'the caller gets a new refresh cookie: a new session');
    t.equal((await me(duda.session.token)).status, 403, 'the old access token is refused: the console refreshes once');
    t.equal((await refresh(app, stolenCookie)).status, 401, 'the other copy of the session is over');
    const renewed = await refresh(app, newCookie!);
    t.equal(renewed.status, 200, 'the caller\'s session goes on with the new cookie');
    t.equal((await me(renewed.token!)).status, 200);
    t.equal((await request('POST', '/api/auth/login', { body: { email: duda.email, password: 'Fresh-pass-2' } })).status, 200, 'the new password signs in');
  });

  await t.test('five wrong current passwords lock the account', async (t) => {
    const eva = await person();
    for (let i = 0; i < 5; i++) await request('PUT', `/api/users/${eva.id}`, { token: eva.session.token, body: { password: 'Fresh-pass-2', currentPassword: `guess-${i}` } });
    const locked = await request('PUT', `/api/users/${eva.id}`, { token: eva.session.token, body: { password: 'Fresh-pass-2', currentPassword: eva.password } });
    t.equal(locked.status, 429, 'even the right one waits');
    t.equal(locked.body.error, 'ERR_ACCOUNT_LOCKED');
  });

  await t.test('an admin resetting a user\'s password ends that user\'s session', async (t) => {
    const fabio = await person();
    t.equal((await request('PUT', `/api/users/${fabio.id}`, { token: tenant.admin.token, body: { password: 'Reset-pass-3' } })).status, 200, 'no current password: it is not theirs');
    t.equal((await me(fabio.session.token)).status, 403);
    t.equal((await refresh(app, fabio.session.cookie)).status, 401);
  });

  await t.test('an expired company\'s older tokens stop working: access and refresh', async (t) => {
    const gil = await person();
    t.equal((await request('PUT', `/api/companies/${tenant.companyId}`, { token: superToken, body: { dueDate: '2001-02-03' } })).status, 200);
    const access = await me(gil.session.token);
    t.equal(access.status, 401);
    t.equal(access.body.error, 'ERR_SUBSCRIPTION_EXPIRED');
    const refreshed = await refresh(app, gil.session.cookie);
    t.equal(refreshed.status, 401);
    t.equal(refreshed.body.error, 'ERR_SUBSCRIPTION_EXPIRED');
    t.equal((await request('PUT', `/api/companies/${tenant.companyId}`, { token: superToken, body: { dueDate: '2099-01-01' } })).status, 200);
    t.equal((await me(gil.session.token)).status, 200, 'paid again: the session had not ended');
  });
});
