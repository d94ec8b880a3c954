import t from 'tap';
import type { FastifyInstance } from 'fastify';
import { build } from '../helper.js';
import { closedByServer, openSocket } from '../bus/revocation-scenarios.js';

/**
 * Issue 34, sessions: a login still ends the user's other session unless their company allows several; a user
 * lists their sessions (device, address, last use, the current one marked) and ends any of them; an admin does the
 * same for a user of their own company, never another's; ending one cuts that session's socket and refresh token
 * at once and leaves the others working.
 */

const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
const DESK = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

interface Session { token: string; cookie: string }

async function signIn(app: FastifyInstance, email: string, password: string, userAgent: string): Promise<Session> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, headers: { 'user-agent': userAgent } });
  if (res.statusCode !== 200) throw new Error(`login ${res.statusCode} ${res.body}`);
  return { token: res.json().token, cookie: res.cookies.find((c) => c.name === 'jrt')!.value };
}

const refresh = async (app: FastifyInstance, cookie: string) =>
  (await app.inject({ method: 'POST', url: '/api/auth/refresh_token', cookies: { jrt: cookie } })).statusCode;

async function listen(app: FastifyInstance) {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
}

t.test('sessions: one by default, several when the company allows it, each seen and ended on its own', async (t) => {
  const { app, request, token: superToken, createTenant, createUser } = await build(t);
  const url = await listen(app);
  const tenant = await createTenant('Sessoes Multiplas');
  const other = await createTenant('Outra Empresa Sessoes');
  const me = (token: string) => request('GET', '/api/auth/me', { token });
  const password = 'Person-pass-1';
  let people = 0;
  const person = async () => {
    people += 1;
    const user = await createUser(tenant.companyId, { email: `person${people}@multi-sessions.test`, password });
    // The helper signed them in: that session ends, so each person starts with their phone's alone.
    await request('DELETE', '/api/auth/logout', { token: user.token });
    return { ...user, phone: await signIn(app, user.email, password, PHONE) };
  };
  const setMultiple = async (value: 'enabled' | 'disabled') => {
    const res = await request('PUT', '/api/settings/allowMultipleSessions', { token: tenant.admin.token, body: { value } });
    t.equal(res.status, 200, `the admin sets allowMultipleSessions ${value}`);
  };

  await t.test('by default a second login ends the first session', async (t) => {
    const ana = await person();
    const desk = await signIn(app, ana.email, password, DESK);
    t.equal((await me(ana.phone.token)).status, 403, 'the phone\'s access token is refused');
    t.equal(await refresh(app, ana.phone.cookie), 401, 'and its refresh token');
    const list = (await request('GET', '/api/auth/sessions', { token: desk.token })).body;
    t.equal(list.length, 1, 'one session listed');
    t.match(list[0], { browser: 'Firefox', os: 'Windows', current: true });
  });

  await setMultiple('enabled');

  await t.test('allowed: a second login keeps the first; both listed, the current one marked', async (t) => {
    const bia = await person();
    const desk = await signIn(app, bia.email, password, DESK);
    t.equal((await me(bia.phone.token)).status, 200, 'the phone still works');
    t.equal(await refresh(app, bia.phone.cookie), 200, 'and refreshes');
    t.equal((await me(desk.token)).status, 200, 'the desk works');
    const list = (await request('GET', '/api/auth/sessions', { token: desk.token })).body as Array<Record<string, unknown>>;
    t.equal(list.length, 2);
    const byOs = Object.fromEntries(list.map((s) => [s.os, s]));
    t.match(byOs.Android, { browser: 'Chrome', userAgent: PHONE, current: false, ip: '127.0.0.1' });
    t.match(byOs.Windows, { browser: 'Firefox', current: true });
    t.ok(byOs.Android.lastUsedAt && byOs.Windows.lastUsedAt, 'each with its last use');
    // Logging out of one leaves the other signed in.
    t.equal((await request('DELETE', '/api/auth/logout', { token: desk.token })).status, 200);
    t.equal((await me(bia.phone.token)).status, 200, 'logging out of the desk leaves the phone');
    t.equal((await request('GET', '/api/auth/sessions', { token: bia.phone.token })).body.length, 1);
    const deskId = byOs.Windows.id as number;
    t.match(await app.knex('auditLogs').where({ action: 'logout', entity: 'sessions', entityId: String(deskId) }).first(), { userId: bia.id }, 'the logout is audited');
  });

  await t.test('a user ends another of their sessions: its socket closes and its refresh token stops; theirs go on', async (t) => {
    const caio = await person();
    const desk = await signIn(app, caio.email, password, DESK);
    const phoneSocket = await openSocket(t, url, caio.phone.token);
    const deskSocket = await openSocket(t, url, desk.token);
    const list = (await request('GET', '/api/auth/sessions', { token: desk.token })).body as Array<{ id: number; current: boolean }>;
    const phoneId = list.find((s) => !s.current)!.id;
    const ended = await request('DELETE', `/api/auth/sessions/${phoneId}`, { token: desk.token });
    t.equal(ended.status, 200);
    t.equal(await closedByServer(phoneSocket), 'io server disconnect', 'the phone\'s socket is closed by the server');
    t.equal((await me(caio.phone.token)).status, 403, 'its access token is refused');
    t.equal(await refresh(app, caio.phone.cookie), 401, 'its refresh token no longer works');
    t.ok(deskSocket.socket.connected, 'the desk\'s socket stays open');
    t.equal((await me(desk.token)).status, 200, 'and its access token works');
    t.equal(await refresh(app, desk.cookie), 200);
    t.equal((await request('DELETE', `/api/auth/sessions/${phoneId}`, { token: desk.token })).body.error, 'ERR_SESSION_NOT_FOUND', 'an ended session is gone');
    const entry = await app.knex('auditLogs').where({ action: 'session_end', entity: 'sessions', entityId: String(phoneId) }).first();
    t.match(entry, { companyId: tenant.companyId, userId: caio.id }, 'audited with who ended it');
  });

  await t.test('an admin sees and ends a user\'s sessions; another company\'s admin cannot; the super user can', async (t) => {
    const duda = await person();
    const desk = await signIn(app, duda.email, password, DESK);
    const phoneSocket = await openSocket(t, url, duda.phone.token);
    const path = `/api/users/${duda.id}/sessions`;
    const seen = await request('GET', path, { token: tenant.admin.token });
    t.equal(seen.status, 200);
    t.equal(seen.body.length, 2, 'the admin sees both sessions');
    t.notOk(seen.body.some((s: { current: boolean }) => s.current), 'none is the admin\'s current one');

    // Another company's admin: the user does not exist for them, nor do the sessions.
    const foreignList = await request('GET', path, { token: other.admin.token });
    t.equal(foreignList.status, 404);
    t.equal(foreignList.body.error, 'ERR_NO_USER_FOUND');
    const phoneId = seen.body.find((s: { os: string }) => s.os === 'Android').id as number;
    const foreignEnd = await request('DELETE', `${path}/${phoneId}`, { token: other.admin.token });
    t.equal(foreignEnd.status, 404);
    t.equal((await me(duda.phone.token)).status, 200, 'the other company\'s admin ended nothing');
    // Another company's user id with this admin's session id names nothing either.
    const otherUser = await createUser(other.companyId, { email: 'someone@other-sessions.test', password });
    t.equal((await request('DELETE', `/api/users/${otherUser.id}/sessions/${phoneId}`, { token: tenant.admin.token })).status, 404);
    // A plain user may not look at a colleague's sessions.
    t.equal((await request('GET', path, { token: desk.token })).status, 403);

    t.equal((await request('DELETE', `${path}/${phoneId}`, { token: tenant.admin.token })).status, 200, 'the admin ends the phone\'s session');
    t.equal(await closedByServer(phoneSocket), 'io server disconnect');
    t.equal(await refresh(app, duda.phone.cookie), 401);
    t.equal((await me(desk.token)).status, 200, 'the desk goes on');

    // The super user, of another company, sees and ends it too.
    const bySuper = await request('GET', path, { token: superToken });
    t.equal(bySuper.status, 200);
    t.equal(bySuper.body.length, 1);
    t.equal((await request('DELETE', `${path}/${bySuper.body[0].id}`, { token: superToken })).status, 200);
    t.equal((await me(desk.token)).status, 403, 'the desk\'s session ended by the super user');
    const entry = await app.knex('auditLogs').where({ action: 'session_end', entityId: String(bySuper.body[0].id) }).first();
    t.match(entry, { companyId: tenant.companyId, userId: 1 }, 'logged in the user\'s company, by the super user');
  });

  await setMultiple('disabled');

  await t.test('turned off again: the next login ends the others', async (t) => {
    const eva = await person();
    const desk = await signIn(app, eva.email, password, DESK);
    t.equal((await me(eva.phone.token)).status, 403);
    t.equal((await request('GET', '/api/auth/sessions', { token: desk.token })).body.length, 1);
  });
});
