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
