import t from 'tap';
import { io as connect } from 'socket.io-client';
import { build, ADMIN_EMAIL, ADMIN_PASSWORD } from '../helper.js';
import { Company, User } from '../../src/db/models/index.js';

t.test('the seeded super user signs in and gets a token, their company and settings', async (t) => {
  const { request } = await build(t);
  const res = await request('POST', '/api/auth/login', { body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
  t.equal(res.status, 200);
  t.type(res.body.token, 'string');
  t.equal(res.body.user.email, ADMIN_EMAIL);
  t.equal(res.body.user.profile, 'admin');
  t.equal(res.body.user.super, true);
  t.ok(res.body.user.company.dueDate, 'company due date is sent');
  t.ok(res.body.user.company.settings.some((s: { key: string }) => s.key === 'userRating'), 'settings are sent');
  t.notOk('passwordHash' in res.body.user, 'no password hash leaves the server');
  t.match(String(res.headers['set-cookie']), /jrt=.*HttpOnly/i, 'refresh token set as an httpOnly cookie');
});

t.test('a wrong password is refused with ERR_INVALID_CREDENTIALS, and an unknown e-mail the same way', async (t) => {
  const { request } = await build(t);
  const wrong = await request('POST', '/api/auth/login', { body: { email: ADMIN_EMAIL, password: 'nope' } });
  t.equal(wrong.status, 401);
  t.equal(wrong.body.error, 'ERR_INVALID_CREDENTIALS');
  const unknown = await request('POST', '/api/auth/login', { body: { email: 'nobody@atrium.test', password: 'nope' } });
  t.equal(unknown.status, 401);
  t.equal(unknown.body.error, 'ERR_INVALID_CREDENTIALS');
});

t.test('a malformed login body is a 400 naming the field', async (t) => {
  const { request } = await build(t);
  const res = await request('POST', '/api/auth/login', { body: { email: 'not-an-email', password: 'x' } });
  t.equal(res.status, 400);
  t.equal(res.body.error, 'ERR_VALIDATION');
  t.match(res.body.field, /email/);
});

t.test('five wrong passwords lock the account for a while, even with the right password', async (t) => {
  const { request } = await build(t);
  for (let i = 0; i < 5; i++) await request('POST', '/api/auth/login', { body: { email: ADMIN_EMAIL, password: 'wrong' } });
  const res = await request('POST', '/api/auth/login', { body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
  t.equal(res.status, 429);
  t.equal(res.body.error, 'ERR_ACCOUNT_LOCKED');
});

t.test('login attempts are rate-limited per address and e-mail', async (t) => {
  const { request } = await build(t, { config: { loginRateLimit: { max: 3, windowMs: 60_000 } } });
  const statuses: number[] = [];
  for (let i = 0; i < 5; i++) statuses.push((await request('POST', '/api/auth/login', { body: { email: 'x@atrium.test', password: 'bad' } })).status);
  t.same(statuses.slice(0, 3), [401, 401, 401]);
  t.equal(statuses[4], 429);
});

t.test('a company whose due date has passed cannot sign in; the message names the date', async (t) => {
  const { request, createTenant, app } = await build(t);
  const tenant = await createTenant('Late Co');
  await Company.query().findById(tenant.companyId).patch({ dueDate: '2020-01-31' } as Partial<Company>);
  app.tenancy.invalidate();
  const res = await request('POST', '/api/auth/login', { body: { email: tenant.admin.email, password: tenant.admin.password } });
  t.equal(res.status, 401);
  t.equal(res.body.error, 'ERR_SUBSCRIPTION_EXPIRED');
  t.match(res.body.message, /2020-01-31/);
});

t.test('fewer than five days left: login succeeds with a warning', async (t) => {
  const { request, createTenant } = await build(t);
  const tenant = await createTenant('Soon Co');
  const due = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  await Company.query().findById(tenant.companyId).patch({ dueDate: due } as Partial<Company>);
  const res = await request('POST', '/api/auth/login', { body: { email: tenant.admin.email, password: tenant.admin.password } });
  t.equal(res.status, 200);
  t.equal(res.body.warning.code, 'WARN_DUE_DATE_SOON');
  t.equal(res.body.warning.daysLeft, 2);
});

t.test('the refresh cookie gives a new access token; logout revokes it', async (t) => {
  const { app, request } = await build(t);
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
  const cookie = login.cookies.find((c) => c.name === 'jrt')!;
  const refreshed = await app.inject({ method: 'POST', url: '/api/auth/refresh_token', cookies: { jrt: cookie.value } });
  t.equal(refreshed.statusCode, 200);
  const token = refreshed.json().token;
  t.equal((await request('GET', '/api/auth/me', { token })).body.email, ADMIN_EMAIL);
  t.equal((await request('DELETE', '/api/auth/logout', { token })).status, 200);
  const after = await app.inject({ method: 'POST', url: '/api/auth/refresh_token', cookies: { jrt: cookie.value } });
  t.equal(after.statusCode, 401, 'a refresh token issued before logout no longer works');
});

t.test('no token is 401; a bad or expired token is 403 so the console refreshes once', async (t) => {
  const { request } = await build(t);
  t.equal((await request('GET', '/api/auth/me')).status, 401);
  const bad = await request('GET', '/api/auth/me', { token: 'abc.def.ghi' });
  t.equal(bad.status, 403);
  t.equal(bad.body.error, 'ERR_SESSION_EXPIRED');
});

t.test('a second login of the same user tells the first session over the socket', async (t) => {
  const { app, token } = await build(t);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  const socket = connect(`http://127.0.0.1:${port}`, { path: '/socket.io', query: { token }, transports: ['websocket'] });
  t.teardown(() => { socket.close(); });
  await new Promise<void>((resolve, reject) => { socket.on('connect', () => resolve()); socket.on('connect_error', reject); });
  const user = await User.unscoped('test').findOne({ email: ADMIN_EMAIL });
  const event = new Promise<{ action: string; user: { id: number } }>((resolve) => socket.on(`company-1-auth`, resolve));
  const second = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
  t.equal(second.statusCode, 200);
  const payload = await event;
  t.equal(payload.user.id, user!.id);
});

t.test('a socket without a valid token is refused', async (t) => {
  const { app } = await build(t);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  const socket = connect(`http://127.0.0.1:${port}`, { path: '/socket.io', query: { token: 'forged' }, transports: ['websocket'], reconnection: false });
  t.teardown(() => { socket.close(); });
  const err = await new Promise<Error>((resolve) => socket.on('connect_error', resolve));
  t.match(err.message, /ERR_SESSION_EXPIRED/);
});
