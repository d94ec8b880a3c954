import t from 'tap';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { build } from '../helper.js';
import { Whatsapp } from '../../src/db/models/index.js';
import { loggedUrl } from '../../src/secrets/logging.js';
import { SecretString } from '../../src/secrets/index.js';
import { Type } from '@sinclair/typebox';

/**
 * Every way a credential enters the server (sign-up, login, a wrong password, refresh, password changes, the
 * reset code by mail and the new password in the reset URL, logout, the billing renewal token, the external
 * API's connection token) is exercised with the whole log captured at trace level; no line may hold any of them.
 */
const cookieOf = (headers: Record<string, unknown>) => {
  const raw = [headers['set-cookie']].flat().find((c) => String(c).startsWith('jrt='));
  return raw ? String(raw).split(';')[0].slice('jrt='.length) : undefined;
};

t.test('no auth flow writes a password, a reset code or a token to the log', async (t) => {
  const lines: string[] = [];
  const { app, request, token: superToken } = await build(t, {
    logger: { level: 'trace', stream: { write: (line: string) => { lines.push(line); } } },
  });
  /** Every credential the flows below used or were handed: none may reach the log. */
  const used: string[] = [];
  const secret = (value: string) => { used.push(value); return value; };
  const password = (name: string) => secret(`${name}Pw${Math.random().toString(36).slice(2, 10)}X9`);

  // Sign-up: a trial company and its admin.
  const [plan] = (await request('GET', '/api/plans/list')).body;
  const signupPassword = password('Signup');
  const signup = await request('POST', '/api/companies/cadastro', { body: { name: 'Logged Co', email: 'owner@logged.test', password: signupPassword, planId: plan.id } });
  t.equal(signup.status, 200, 'signed up');

  // Login (a wrong password first: a mistyped password is often another real one), refresh, /auth/me.
  const wrong = await request('POST', '/api/auth/login', { body: { email: 'owner@logged.test', password: password('Wrong') } });
  t.equal(wrong.status, 401);
  const login = await request('POST', '/api/auth/login', { body: { email: 'owner@logged.test', password: signupPassword } });
  t.equal(login.status, 200, 'logged in');
  const access = secret(login.body.token);
  const refreshCookie = secret(cookieOf(login.headers)!);
  const refreshed = await request('POST', '/api/auth/refresh_token', { headers: { cookie: `jrt=${refreshCookie}` } });
  t.equal(refreshed.status, 200, 'refreshed');
  secret(refreshed.body.token);
  const newCookie = cookieOf(refreshed.headers);
  if (newCookie) secret(newCookie);
  t.equal((await request('GET', '/api/auth/me', { token: access })).status, 200);

  // Password changes: the user's own, and an admin setting a new user's and then that user's password.
  const me = login.body.user.id as number;
  const ownPassword = password('Own');
  const own = await request('PUT', `/api/users/${me}`, { token: access, body: { password: ownPassword, currentPassword: signupPassword } });
  t.equal(own.status, 200, 'own password changed (with the current one)');
  // The change opened a new session for the caller (docs/security.md, Sessions): its access token comes from the new cookie.
  const ownCookie = secret(cookieOf(own.headers)!);
  const reopened = await request('POST', '/api/auth/refresh_token', { headers: { cookie: `jrt=${ownCookie}` } });
  t.equal(reopened.status, 200, 'the caller\'s new session refreshes');
  const admin = secret(reopened.body.token);
  const reopenedCookie = cookieOf(reopened.headers);
  if (reopenedCookie) secret(reopenedCookie);
  const created = await request('POST', '/api/users', { token: admin, body: { name: 'Agent', email: 'agent@logged.test', password: password('Agent'), profile: 'user' } });
  t.equal(created.status, 200, 'user created with a password');
  t.equal((await request('PUT', `/api/users/${created.body.id}`, { token: admin, body: { password: password('Reset') } })).status, 200, 'an admin set a user\'s password');

  // The super user creates a company with its admin's password.
  t.equal((await request('POST', '/api/companies', { token: superToken, body: { name: 'Made Co', email: 'made@logged.test', password: password('Made'), planId: plan.id } })).status, 200);

  // Password reset: the code comes by mail (the local outbox), the new password in the URL (the spec's route).
  t.equal((await request('POST', '/api/forgetpassword/agent@logged.test')).status, 200, 'reset code sent');
  const outbox = path.join(app.config.dataDir, 'outbox');
  const mail = readFileSync(path.join(outbox, readdirSync(outbox).sort().at(-1)!), 'utf8');
  const code = secret(/code is (\d{6})/.exec(mail)![1]);
  const wrongCode = code === '000000' ? '000001' : '000000';
  t.equal((await request('POST', `/api/resetpasswords/agent@logged.test/${wrongCode}/${password('Early')}`)).status, 400, 'a wrong code is refused');
  const newPassword = password('Fresh');
  t.equal((await request('POST', `/api/resetpasswords/agent@logged.test/${code}/${newPassword}`)).status, 200, 'password reset');
  const agent = await request('POST', '/api/auth/login', { body: { email: 'agent@logged.test', password: newPassword } });
  t.equal(agent.status, 200, 'the new password works');
  secret(agent.body.token);
  t.equal((await request('DELETE', '/api/auth/logout', { token: agent.body.token })).status, 200, 'logged out');

  // An expired company: the admin gets a renewal token good only for billing.
  await app.knex('companies').where({ id: signup.body.id }).update({ dueDate: '2020-01-01' });
  app.tenancy.invalidate();
  const expired = await request('POST', '/api/auth/login', { body: { email: 'owner@logged.test', password: ownPassword } });
  t.equal(expired.body.error, 'ERR_SUBSCRIPTION_EXPIRED');
  secret(expired.body.renewalToken);
  t.equal((await request('POST', '/api/auth/renewed', { token: expired.body.renewalToken })).status, 401, 'still expired');

  // The external API authenticates by the connection's token.
  const apiToken = secret(`conn${Math.random().toString(36).slice(2, 14)}`);
  await Whatsapp.scoped(1).patch({ token: apiToken } as Partial<Whatsapp>).where({ provider: 'sandbox' });
  const sent = await request('POST', '/api/messages/send', { headers: { authorization: `Bearer ${apiToken}` }, body: { number: '5511999990000', body: 'hi' } });
  t.not(sent.status, 401, 'the connection token was accepted');

  // The log is really captured, and the reset URL is in it with its secret segments masked.
  t.ok(lines.length > 30, `${lines.length} log lines captured`);
  t.ok(lines.some((l) => l.includes('/api/resetpasswords/agent@logged.test/[redacted]/[redacted]')), 'the reset request is logged, code and password masked');
  const leaks = used.flatMap((value) => {
    // A 6-digit code counts only as a whole number (timestamps hold many digits).
    const pattern = /^\d+$/.test(value) ? new RegExp(`(?<!\\d)${value}(?!\\d)`) : undefined;
    return lines.filter((l) => (pattern ? pattern.test(l) : l.includes(value))).map((l) => `${value}: ${l.slice(0, 300)}`);
  });
  t.ok(used.length >= 12, `${used.length} credentials used`);
  t.same(leaks, [], 'no log line holds any of them');
});

t.test('the logged URL masks the path segments a route declares secret, whatever the route', async (t) => {
  const params = Type.Object({ id: Type.Integer(), key: SecretString(), note: Type.String() });
  const route = { url: '/api/things/:id/:key/:note', schema: { params } };
  t.equal(loggedUrl('/api/things/7/abc123/hello?token=zz&page=2', route), '/api/things/7/[redacted]/hello?token=[redacted]&page=2');
  t.equal(loggedUrl('/api/things/7/abc123/hello/', route), '/api/things/7/[redacted]/hello/', 'a trailing slash');
  t.equal(loggedUrl('/api/things/7/abc123/hello', { url: route.url, schema: { params: Type.Object({ key: Type.String() }) } }), '/api/things/7/abc123/hello', 'nothing declared, nothing masked');
  t.equal(loggedUrl('/api/things/7/abc123/hello', undefined), '/api/things/7/abc123/hello', 'no route matched');
  const union = { url: '/api/x/:key', schema: { params: Type.Object({ key: Type.Union([SecretString(), Type.Null()]) }) } };
  t.equal(loggedUrl('/api/x/s3cr3t', union), '/api/x/[redacted]', 'a secret inside a union');
});
