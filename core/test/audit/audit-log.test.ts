import t from 'tap';
import { build, ADMIN_EMAIL } from '../helper.js';
import { AuditLog, Tag } from '../../src/db/models/index.js';
import { MASKED } from '../../src/audit/record.js';
import { sweepAuditLog, AUDIT_RETENTION_KEY } from '../../src/audit/retention.js';
import { toDbTime } from '../../src/db/time.js';
import { defaultConnection, inbound, useFakeProvider } from '../pipeline/fixtures.js';

const entriesOf = (companyId: number, where: Record<string, unknown> = {}) =>
  AuditLog.scoped(companyId).where(where).orderBy('id') as unknown as Promise<AuditLog[]>;

t.test('a staff change writes one entry with actor, entity, before/after and address', async (t) => {
  const { request, token } = await build(t);
  const created = await request('POST', '/api/tags', { token, body: { name: 'VIP', color: '#ff0000' } });
  t.equal(created.status, 200);
  const id = created.body.id;
  await request('PUT', `/api/tags/${id}`, { token, body: { name: 'VIP+', color: '#ff0000' } });
  await request('DELETE', `/api/tags/${id}`, { token });
  const log = await entriesOf(1, { entity: 'tags', entityId: String(id) });
  t.same(log.map((e) => e.action), ['create', 'update', 'delete'], 'create, update and delete, in order');
  t.equal(log[0].userId, 1, 'the actor is the caller');
  t.equal(log[0].route, 'POST /api/tags', 'the route is named');
  t.ok(log[0].ip, 'the client address is kept');
  t.same(log[0].changes?.name, { after: 'VIP' }, 'a create shows the new values');
  t.same(log[1].changes, { name: { before: 'VIP', after: 'VIP+' } }, `an update shows only what changed, before and after: ${JSON.stringify(log[1].changes)}`);
  t.same(log[2].changes?.name, { before: 'VIP+' }, 'a delete shows what was there');
});

t.test('the entry and the change commit together: no entry without the change, no change without the entry', async (t) => {
  const { app, request, token } = await build(t);
  const tag = (await request('POST', '/api/tags', { token, body: { name: 'Kept', color: '#00ff00' } })).body;
  const count = async () => Number((await app.knex('auditLogs').count('* as n'))[0].n);
  const before = await count();
  // The log cannot be written: the change must not happen either.
  await app.knex.schema.renameTable('auditLogs', 'auditLogsAside');
  const res = await request('PUT', `/api/tags/${tag.id}`, { token, body: { name: 'Changed', color: '#00ff00' } });
  await app.knex.schema.renameTable('auditLogsAside', 'auditLogs');
  t.equal(res.status, 500, 'the write fails');
  t.equal((await Tag.scoped(1).findById(tag.id))!.name, 'Kept', 'the tag is unchanged');
  // A change the database refuses leaves no entry.
  const refused = await request('PUT', `/api/tags/${tag.id}`, { token, body: { name: 'x'.repeat(400), color: '#00ff00' } });
  t.not(refused.status, 200, 'an invalid change is refused');
  t.equal(await count(), before, 'and leaves no entry');
});

t.test('secrets are masked: passwords, settings marked secret, sealed values', async (t) => {
  const { app, request, token, createUser } = await build(t);
  const user = await createUser(1);
  t.equal((await request('PUT', `/api/users/${user.id}`, { token, body: { password: 'Brand-new-pass-1' } })).status, 200);
  const [change] = await entriesOf(1, { entity: 'users', entityId: String(user.id), action: 'update' });
  t.same(change.changes?.passwordHash, { before: MASKED, after: MASKED, changed: true }, 'a password change shows that it changed, not the hash');
  t.equal((await request('PUT', '/api/settings/asaasWebhookToken', { token, body: { value: 'clear-webhook-secret-123' } })).status, 200);
  const text = JSON.stringify(await app.knex('auditLogs').select('changes'));
  t.notMatch(text, /clear-webhook-secret-123/, 'the clear secret is nowhere in the log');
  t.notMatch(text, /enc:v1:/, 'nor its sealed value');
});

t.test('logins and failed logins are logged; inbound messages write nothing', async (t) => {
  const { app, request } = await build(t);
  const failed = await request('POST', '/api/auth/login', { body: { email: ADMIN_EMAIL, password: 'wrong-password' } });
  t.equal(failed.status, 401);
  t.ok((await entriesOf(1, { action: 'login_failed', entityId: '1' })).length === 1, 'a failed login of a known user');
  t.ok((await entriesOf(1, { action: 'login', entityId: '1' })).length >= 1, 'a login');
  useFakeProvider(app);
  const wa = await defaultConnection();
  const before = Number((await app.knex('auditLogs').count('* as n'))[0].n);
  await app.pipeline.inbound.onMessage({ companyId: 1, whatsappId: wa.id }, inbound('5511977776666', 'oi'));
  await app.jobs.idle();
  t.equal(Number((await app.knex('auditLogs').count('* as n'))[0].n), before, 'a customer message and the tickets it opens are not staff changes');
});

t.test('GET /audit-logs: own company for an admin, every company for the super user; filters, cursor paging, CSV', async (t) => {
  const { request, token, createTenant, createUser } = await build(t);
  const other = await createTenant('Acme');
  const plain = await createUser(other.companyId);
  for (let i = 0; i < 55; i++) await request('POST', '/api/tags', { token: other.admin.token, body: { name: `Tag ${i}`, color: '#123456' } });
  await request('POST', '/api/tags', { token, body: { name: 'Mine', color: '#123456' } });

  const first = await request('GET', '/api/audit-logs', { token: other.admin.token, query: { entity: 'tags' } });
  t.equal(first.status, 200);
  t.equal(first.body.auditLogs.length, 50, 'a page of 50');
  t.ok(first.body.auditLogs.every((e: { companyId: number }) => e.companyId === other.companyId), 'an admin sees only their company');
  t.equal(first.body.auditLogs[0].userName, 'User 1', 'the actor\'s name');
  const second = await request('GET', '/api/audit-logs', { token: other.admin.token, query: { entity: 'tags', nextId: first.body.nextId } });
  t.equal(second.body.auditLogs.length, 5, 'the rest on the next page');
  t.equal(second.body.nextId, null, 'no further page');
  const ids = [...first.body.auditLogs, ...second.body.auditLogs].map((e: { id: number }) => e.id);
  t.equal(new Set(ids).size, 55, 'no entry twice');
  const forced = await request('GET', '/api/audit-logs', { token: other.admin.token, query: { companyId: 1 } });
  t.ok(forced.body.auditLogs.every((e: { companyId: number }) => e.companyId === other.companyId), 'an admin\'s companyId filter is ignored');
  t.equal((await request('GET', '/api/audit-logs', { token: plain.token })).status, 403, 'a plain user may not read the log');

  const all = await request('GET', '/api/audit-logs', { token, query: { entity: 'tags', action: 'create' } });
  t.same(new Set(all.body.auditLogs.map((e: { companyId: number }) => e.companyId)), new Set([1, other.companyId]), 'the super user sees every company');
  const one = await request('GET', '/api/audit-logs', { token, query: { companyId: 1, entity: 'tags' } });
  t.ok(one.body.auditLogs.length === 1 && one.body.auditLogs[0].companyId === 1, 'or one company');
  const byActor = await request('GET', '/api/audit-logs', { token, query: { userId: 1, action: 'create', entity: 'tags' } });
  t.equal(byActor.body.auditLogs.length, 1, 'filter by actor');
  const future = await request('GET', '/api/audit-logs', { token, query: { from: '2999-01-01T00:00:00Z' } });
  t.equal(future.body.auditLogs.length, 0, 'filter by period');

  const csv = await request('GET', '/api/audit-logs/export', { token: other.admin.token, query: { entity: 'tags' } });
  t.match(String(csv.headers['content-type']), /text\/csv/);
  const lines = String(csv.body).trim().split('\r\n');
  t.match(lines[0], /id;createdAt;companyId;userId/, 'a header');
  t.equal(lines.length, 56, 'every entry of the filter, across pages');
  t.notMatch(String(csv.body), /Mine/, 'none of another company');
});

t.test('retention: entries older than the super user\'s setting are removed by the sweep', async (t) => {
  const { app, request, token } = await build(t);
  const old = (days: number) => toDbTime(new Date(Date.now() - days * 24 * 60 * 60 * 1000));
  const row = (days: number) => ({ createdAt: old(days), companyId: 1, userId: 1, action: 'update', entity: 'tags', entityId: '1' });
  await app.knex('auditLogs').insert([row(400), row(100), row(1)]);
  await sweepAuditLog(app);
  t.equal((await entriesOf(1, { entity: 'tags', entityId: '1' })).length, 2, 'the default keeps 365 days');
  t.equal((await request('PUT', `/api/settings/${AUDIT_RETENTION_KEY}`, { token, body: { value: '30' } })).status, 200, 'the super user sets 30 days');
  await sweepAuditLog(app);
  t.equal((await entriesOf(1, { entity: 'tags', entityId: '1' })).length, 1, 'then only the last month stays');
});
