import t from 'tap';
import { build } from '../helper.js';
import { AuditLog } from '../../src/db/models/index.js';

const claims = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as Record<string, number>;

t.test('the super user views a company as its admin for 30 minutes, audited with both identities, and comes back', async (t) => {
  const { request, token, createTenant } = await build(t);
  const acme = await createTenant('Acme');
  const started = await request('POST', `/api/auth/impersonate/${acme.companyId}`, { token });
  t.equal(started.status, 200);
  const { token: viewing, user, impersonation } = started.body;
  t.equal(user.id, acme.admin.id, 'the company\'s admin');
  t.equal(user.companyId, acme.companyId);
  t.equal(impersonation.by, 1, 'names the super user behind it');
  t.equal(impersonation.companyName, 'Acme');
  t.equal(claims(viewing).exp - claims(viewing).iat, 30 * 60, 'the view lasts 30 minutes');

  const tag = await request('POST', '/api/tags', { token: viewing, body: { name: 'Seen by support', color: '#123456' } });
  t.equal(tag.status, 200, 'the admin\'s console works');
  const [entry] = await AuditLog.scoped(acme.companyId).where({ entity: 'tags', entityId: String(tag.body.id) });
  t.equal(entry.userId, acme.admin.id, 'the change is the admin\'s…');
  t.equal(entry.impersonatorId, 1, '…made by the super user');

  const password = await request('PUT', `/api/users/${acme.admin.id}`, { token: viewing, body: { password: 'Taken-over-123' } });
  t.equal(password.status, 403, 'no password change while viewing as the admin');
  t.equal(password.body.error, 'ERR_IMPERSONATION_FORBIDDEN');
  t.equal((await request('POST', '/api/auth/2fa/setup', { token: viewing })).status, 403, 'nor a second factor');
  t.equal((await request('PUT', `/api/users/${acme.admin.id}`, { token: viewing, body: { name: 'Renamed admin' } })).status, 200, 'other changes of the account are allowed');
  t.equal((await request('POST', '/api/auth/impersonate/1', { token: viewing })).status, 403, 'no impersonation from within one');

  const back = await request('POST', '/api/auth/impersonate/back', { token: viewing });
  t.equal(back.status, 200);
  t.equal(back.body.user.id, 1, 'back as the super user');
  t.equal((await request('GET', '/api/audit-logs', { token: back.body.token, query: { companyId: acme.companyId } })).status, 200, 'with the super user\'s rights');
  const actions = (await AuditLog.scoped(acme.companyId).where({ impersonatorId: 1 }).orderBy('id')).map((e) => e.action);
  t.same([actions[0], actions[actions.length - 1]], ['impersonate', 'impersonate_back'], 'its start and end are logged in the company');
  t.equal((await request('POST', '/api/auth/impersonate/back', { token })).status, 403, 'a normal session has nothing to go back to');
});

t.test('only the super user may impersonate', async (t) => {
  const { request, createTenant } = await build(t);
  const acme = await createTenant('Acme');
  const other = await createTenant('Other');
  const res = await request('POST', `/api/auth/impersonate/${other.companyId}`, { token: acme.admin.token });
  t.equal(res.status, 403, 'a company admin may not');
  t.equal((await AuditLog.scoped(other.companyId).where({ action: 'impersonate' })).length, 0, 'and nothing is logged');
});

/** A second super user of the operator's company, signed in: the seeded one stays free to act on them. */
async function secondSuper(env: Awaited<ReturnType<typeof build>>) {
  const email = `viewer.${Math.random().toString(36).slice(2, 8)}@atrium.test`;
  const created = await env.request('POST', '/api/users', { token: env.token, body: { name: 'Viewer', email, password: 'Viewer-pass-1', profile: 'admin', super: true } });
  return { id: created.body.id as number, email, token: await env.login(email, 'Viewer-pass-1') };
}

t.test('a view ends with "back": its token stops, "back" works once, and the super user gets their own session back', async (t) => {
  const env = await build(t);
  const acme = await env.createTenant('Acme');
  const viewer = await secondSuper(env);
  const view = (await env.request('POST', `/api/auth/impersonate/${acme.companyId}`, { token: viewer.token })).body.token as string;
  const back = await env.request('POST', '/api/auth/impersonate/back', { token: view });
  t.equal(back.status, 200);
  t.equal(claims(back.body.token).sid, claims(viewer.token).sid, 'the super user\'s own session, not a new one');
  t.equal((await env.request('GET', '/api/auth/me', { token: back.body.token })).body.id, viewer.id);
  t.equal((await env.request('GET', '/api/tags', { token: view })).status, 403, 'the view\'s token is refused after "back"');
  t.equal((await env.request('POST', '/api/auth/impersonate/back', { token: view })).status, 403, '"back" works once');
});

t.test('the finding: logout, a new sign-in and every session ended leave the old view with nothing to mint', async (t) => {
  const env = await build(t);
  const acme = await env.createTenant('Acme');
  const viewer = await secondSuper(env);
  const view = (await env.request('POST', `/api/auth/impersonate/${acme.companyId}`, { token: viewer.token })).body.token as string;
  t.equal((await env.request('DELETE', '/api/auth/logout', { token: viewer.token })).status, 200);
  const again = await env.login(viewer.email, 'Viewer-pass-1');
  for (const session of (await env.request('GET', '/api/auth/sessions', { token: again })).body) {
    if (!session.current) await env.request('DELETE', `/api/auth/sessions/${session.id}`, { token: again });
  }
  const back = await env.request('POST', '/api/auth/impersonate/back', { token: view });
  t.equal(back.status, 403, '"back" with the old view is refused');
  t.equal(back.body.token, undefined, 'and mints no token');
  t.equal((await env.request('POST', `/api/auth/impersonate/${acme.companyId}`, { token: view })).status, 403, 'nor can the view open another');
});

t.test('the view is listed among the admin\'s sessions, marked; only a super user ends it; the admin\'s own sign-ins leave it be', async (t) => {
  const env = await build(t);
  const acme = await env.createTenant('Acme');
  const viewer = await secondSuper(env);
  const view = (await env.request('POST', `/api/auth/impersonate/${acme.companyId}`, { token: viewer.token })).body.token as string;
  const listed = (await env.request('GET', '/api/auth/sessions', { token: acme.admin.token })).body as Array<{ id: number; impersonatedBy: { id: number; name: string } | null; expiresAt: string | null }>;
  const marked = listed.find((s) => s.impersonatedBy);
  t.same(marked?.impersonatedBy, { id: viewer.id, name: 'Viewer' }, 'marked with the super user behind it');
  t.ok(marked?.expiresAt, 'with the time it ends by itself');
  const byAdmin = await env.request('DELETE', `/api/auth/sessions/${marked!.id}`, { token: acme.admin.token });
  t.equal(byAdmin.status, 403, 'the admin cannot end it');

  const admin = await env.login(acme.admin.email, acme.admin.password);
  t.equal((await env.request('GET', '/api/tags', { token: view })).status, 200, 'the admin signing in again does not end the super user\'s view');
  t.equal((await env.request('PUT', `/api/users/${acme.admin.id}`, { token: view, body: { email: 'taken.over@atrium.test' } })).body.error, 'ERR_IMPERSONATION_FORBIDDEN', 'the view may not change the admin\'s e-mail');

  t.equal((await env.request('DELETE', `/api/users/${acme.admin.id}/sessions/${marked!.id}`, { token: viewer.token })).status, 200, 'the super user ends it from the admin\'s sessions');
  t.equal((await env.request('GET', '/api/tags', { token: view })).status, 403, 'and the view stops');
  t.equal((await env.request('GET', '/api/tags', { token: admin })).status, 200, 'the admin\'s own session goes on');
  t.notOk((await env.request('GET', '/api/auth/sessions', { token: admin })).body.some((s: { impersonatedBy: unknown }) => s.impersonatedBy), 'no longer listed');
});

t.test('signing out while viewing ends the view and the super user\'s session, never the admin\'s', async (t) => {
  const env = await build(t);
  const acme = await env.createTenant('Acme');
  const viewer = await secondSuper(env);
  const view = (await env.request('POST', `/api/auth/impersonate/${acme.companyId}`, { token: viewer.token })).body.token as string;
  t.equal((await env.request('DELETE', '/api/auth/logout', { token: view })).status, 200);
  t.equal((await env.request('GET', '/api/tags', { token: view })).status, 403, 'the view ended');
  t.not((await env.request('GET', '/api/auth/me', { token: viewer.token })).status, 200, 'the super user is signed out');
  t.equal((await env.request('GET', '/api/tags', { token: acme.admin.token })).status, 200, 'the admin is still signed in');
});
