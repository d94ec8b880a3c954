import t from 'tap';
import { build, ADMIN_EMAIL } from '../helper.js';
import { Contact, Queue, Ticket, User, Whatsapp } from '../../src/db/models/index.js';
import { verifyPassword } from '../../src/util/password.js';

const newUser = (email: string, extra: Record<string, unknown> = {}) => ({ name: 'Maria', email, password: 'secret1', ...extra });

t.test('an admin creates a user with queues and a default connection; the hash never leaves the server', async (t) => {
  const { request, createTenant } = await build(t);
  const { admin, companyId } = await createTenant('Team');
  const queue = await Queue.scoped(companyId).insertAndFetch({ name: 'Sales', color: '#111111' } as Partial<Queue>);
  const wa = await Whatsapp.scoped(companyId).insertAndFetch({ name: 'Main', provider: 'sandbox', status: 'DISCONNECTED', isDefault: true } as Partial<Whatsapp>);
  const res = await request('POST', '/api/users', { token: admin.token, body: newUser('Maria@Team.test', { queueIds: [queue.id], whatsappId: wa.id, allTicket: 'enabled' }) });
  t.equal(res.status, 200);
  t.equal(res.body.email, 'maria@team.test', 'e-mail stored lower-case');
  t.equal(res.body.profile, 'user');
  t.same(res.body.queueIds, [queue.id]);
  t.equal(res.body.whatsappId, wa.id);
  t.notOk('passwordHash' in res.body);
  const list = await request('GET', '/api/users', { token: admin.token, query: { searchParam: 'mari' } });
  t.same(list.body.users.map((u: { email: string }) => u.email), ['maria@team.test']);
  t.notOk(JSON.stringify(list.body).includes('scrypt'), 'no hash in the list');
  t.equal(list.body.hasMore, false);
});

t.test('an e-mail already used, in any company, is refused with 409 ERR_EMAIL_IN_USE', async (t) => {
  const { request, createTenant } = await build(t);
  const { admin } = await createTenant('Dup');
  const res = await request('POST', '/api/users', { token: admin.token, body: newUser(ADMIN_EMAIL.toUpperCase()) });
  t.equal(res.status, 409);
  t.equal(res.body.error, 'ERR_EMAIL_IN_USE');
  const other = await request('POST', '/api/users', { token: admin.token, body: newUser('x@dup.test') });
  const clash = await request('PUT', `/api/users/${other.body.id}`, { token: admin.token, body: { email: admin.email } });
  t.equal(clash.status, 409);
  t.equal(clash.body.error, 'ERR_EMAIL_IN_USE');
});

t.test('a user beyond the plan\'s user limit is refused with ERR_PLAN_LIMIT', async (t) => {
  const { request, createTenant } = await build(t);
  const { admin } = await createTenant('Small', {}, { users: 2 });
  t.equal((await request('POST', '/api/users', { token: admin.token, body: newUser('two@small.test') })).status, 200);
  const third = await request('POST', '/api/users', { token: admin.token, body: newUser('three@small.test') });
  t.equal(third.status, 403);
  t.equal(third.body.error, 'ERR_PLAN_LIMIT');
});

t.test('a queue or connection of another company cannot be given to a user', async (t) => {
  const { request, createTenant } = await build(t);
  const a = await createTenant('Qa');
  const b = await createTenant('Qb');
  const foreignQueue = await Queue.scoped(b.companyId).insertAndFetch({ name: 'B queue', color: '#222222' } as Partial<Queue>);
  const foreignWa = await Whatsapp.scoped(b.companyId).insertAndFetch({ name: 'B wa', provider: 'sandbox', status: 'DISCONNECTED', isDefault: true } as Partial<Whatsapp>);
  const q = await request('POST', '/api/users', { token: a.admin.token, body: newUser('q@qa.test', { queueIds: [foreignQueue.id] }) });
  t.equal(q.status, 404);
  t.equal(q.body.error, 'ERR_NO_QUEUE_FOUND');
  const w = await request('POST', '/api/users', { token: a.admin.token, body: newUser('w@qa.test', { whatsappId: foreignWa.id }) });
  t.equal(w.status, 404);
  t.equal(w.body.error, 'ERR_NO_WAPP_FOUND');
});

t.test('a plain user cannot list, create or delete users, but sees the picker list', async (t) => {
  const { request, createTenant, createUser } = await build(t);
  const { admin, companyId } = await createTenant('Perm');
  const user = await createUser(companyId);
  t.equal((await request('GET', '/api/users', { token: user.token })).status, 403);
  t.equal((await request('POST', '/api/users', { token: user.token, body: newUser('n@perm.test') })).status, 403);
  t.equal((await request('DELETE', `/api/users/${admin.id}`, { token: user.token })).status, 403);
  const picker = await request('GET', '/api/users/list', { token: user.token, query: { companyId: 1 } });
  t.equal(picker.status, 200);
  t.same(picker.body.map((u: { id: number }) => u.id).sort(), [admin.id, user.id].sort(), 'own company only, whatever companyId says');
  t.same(Object.keys(picker.body[0]).sort(), ['id', 'name', 'profile']);
});

t.test('a plain user reads and edits only themself, and cannot change profile, queues, allTicket or connection', async (t) => {
  const { request, login, createTenant, createUser } = await build(t);
  const { admin, companyId } = await createTenant('Self');
  const user = await createUser(companyId, { password: 'Old-pass-1' });
  t.equal((await request('GET', `/api/users/${admin.id}`, { token: user.token })).status, 403);
  t.equal((await request('PUT', `/api/users/${admin.id}`, { token: user.token, body: { name: 'Hacked' } })).status, 403);
  const me = await request('GET', `/api/users/${user.id}`, { token: user.token });
  t.equal(me.status, 200);
  // The form sends the unchanged fields back: that is fine.
  const ok = await request('PUT', `/api/users/${user.id}`, { token: user.token, body: { name: 'New Name', profile: 'user', queueIds: [], allTicket: 'desabled', password: 'New-pass-1', currentPassword: 'Old-pass-1' } });
  t.equal(ok.status, 200);
  t.equal(ok.body.name, 'New Name');
  const stored = await User.scoped(companyId).findById(user.id);
  t.ok(await verifyPassword('New-pass-1', stored!.passwordHash), 'password re-hashed');
  const token = await login(user.email, 'New-pass-1');
  for (const change of [{ profile: 'admin' }, { allTicket: 'enabled' }, { queueIds: [1] }, { super: true }]) {
    const res = await request('PUT', `/api/users/${user.id}`, { token, body: change });
    t.equal(res.status, 403, JSON.stringify(change));
    t.equal(res.body.error, 'ERR_NO_PERMISSION');
  }
  t.equal((await User.scoped(companyId).findById(user.id))!.profile, 'user');
});

t.test('an admin edits any user of the company and resetting their password ends their sessions', async (t) => {
  const { request, createTenant, createUser } = await build(t);
  const { admin, companyId } = await createTenant('Edit');
  const user = await createUser(companyId);
  const before = (await User.scoped(companyId).findById(user.id))!.tokenVersion;
  const res = await request('PUT', `/api/users/${user.id}`, { token: admin.token, body: { profile: 'admin', allTicket: 'enabled', password: 'Reset-1' } });
  t.equal(res.status, 200);
  t.equal(res.body.profile, 'admin');
  t.equal((await User.scoped(companyId).findById(user.id))!.tokenVersion, before + 1);
});

t.test('only the super user grants super or touches the super user\'s account', async (t) => {
  const { request, token, createUser } = await build(t);
  const companyAdmin = await createUser(1, { profile: 'admin' });
  const superUser = await User.unscoped('test').findOne({ email: ADMIN_EMAIL });
  const take = await request('PUT', `/api/users/${superUser!.id}`, { token: companyAdmin.token, body: { email: 'mine@atrium.test' } });
  t.equal(take.status, 403);
  t.equal((await request('DELETE', `/api/users/${superUser!.id}`, { token: companyAdmin.token })).status, 403);
  t.equal((await request('POST', '/api/users', { token: companyAdmin.token, body: newUser('s@atrium.test', { super: true }) })).status, 403);
  t.equal((await request('PUT', `/api/users/${companyAdmin.id}`, { token: companyAdmin.token, body: { super: true } })).status, 403);
  const granted = await request('POST', '/api/users', { token, body: newUser('s2@atrium.test', { super: true, profile: 'admin' }) });
  t.equal(granted.body.super, true);
});

t.test('an admin cannot delete themself; deleting a user returns their open tickets to pending and announces it', async (t) => {
  const { request, createTenant, createUser, app } = await build(t);
  const { admin, companyId } = await createTenant('Del');
  const self = await request('DELETE', `/api/users/${admin.id}`, { token: admin.token });
  t.equal(self.status, 403);
  t.equal(self.body.error, 'ERR_CANNOT_DELETE_SELF');
  const user = await createUser(companyId);
  const contact = await Contact.scoped(companyId).insertAndFetch({ uuid: 'c-del-1', name: 'C', number: '5511900000009' } as Partial<Contact>);
  const ticket = await Ticket.scoped(companyId).insertAndFetch({ uuid: 't-del-1', contactId: contact.id, userId: user.id, status: 'open' } as Partial<Ticket>);
  const events: unknown[] = [];
  const emit = app.bus.emit;
  app.bus.emit = (c, e, p, r) => { events.push({ c, e, p }); return emit.call(app.bus, c, e, p, r); };
  t.teardown(() => { app.bus.emit = emit; });
  t.equal((await request('DELETE', `/api/users/${user.id}`, { token: admin.token })).status, 200);
  const after = await Ticket.scoped(companyId).findById(ticket.id);
  t.equal(after!.status, 'pending');
  t.equal(after!.userId, null);
  t.match(events.filter((x) => (x as { e: string }).e === 'user'), [{ c: companyId, e: 'user', p: { action: 'delete', userId: user.id } }]);
  t.match(events.filter((x) => (x as { e: string; p: { action: string } }).e === 'ticket' && (x as { p: { action: string } }).p.action === 'update'), [{ c: companyId, e: 'ticket', p: { action: 'update', ticket: { id: ticket.id, status: 'pending' } } }], 'the ticket\'s return is announced');
  const gone = await request('GET', `/api/users/${user.id}`, { token: admin.token });
  t.equal(gone.status, 404);
  t.equal(gone.body.error, 'ERR_NO_USER_FOUND');
});

t.test('a user of another company gets 404 for a user id', async (t) => {
  const { request, createTenant } = await build(t);
  const a = await createTenant('Ua');
  const b = await createTenant('Ub');
  for (const [method, body] of [['GET', undefined], ['PUT', { name: 'Stolen' }], ['DELETE', undefined]] as const) {
    const res = await request(method, `/api/users/${a.admin.id}`, { token: b.admin.token, body });
    t.equal(res.status, 404, method);
    t.equal(res.body.error, 'ERR_NO_USER_FOUND');
  }
});

t.test('a user sets their language (pt, en, es only)', async (t) => {
  const { request, createTenant, createUser } = await build(t);
  const { companyId } = await createTenant('Lang');
  const user = await createUser(companyId);
  const res = await request('POST', '/api/users/set-language/es', { token: user.token });
  t.equal(res.status, 200);
  t.equal(res.body.language, 'es');
  t.equal((await request('POST', '/api/users/set-language/fr', { token: user.token })).status, 400);
});

t.test('invalid user fields are a 400 naming the field', async (t) => {
  const { request, createTenant } = await build(t);
  const { admin } = await createTenant('Val');
  for (const [body, field] of [
    [newUser('a@val.test', { name: 'A' }), /name/],
    [newUser('not-an-email'), /email/],
    [newUser('b@val.test', { password: '1234' }), /password/],
    [newUser('c@val.test', { profile: 'owner' }), /profile/],
    [newUser('d@val.test', { allTicket: 'yes' }), /allTicket/],
  ] as const) {
    const res = await request('POST', '/api/users', { token: admin.token, body });
    t.equal(res.status, 400);
    t.match(res.body.field, field);
  }
});
