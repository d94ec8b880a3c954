import t from 'tap';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Secret, TOTP } from 'otpauth';
import { build } from '../helper.js';
import { refuseAuditEntries } from './refuse-entries.js';

/**
 * Issue 34: a password change and a recovery code used at sign-in are logged by name in the change's own transaction.
 * When the entry cannot be written the change does not happen: the old password still signs in, the sessions go on,
 * the reset code and the recovery code still work. Once the log takes entries again, the same change goes through
 * with its one entry.
 */
const codeAt = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate();

t.test('no password change without its audit entry', async (t) => {
  const { app, request, login, createTenant, createUser } = await build(t);
  const tenant = await createTenant('Senhas Atomicas');
  const password = 'Agent-pass-123';
  const agent = await createUser(tenant.companyId, { email: 'agent@atomic.test', password });
  const log = await refuseAuditEntries(app.knex);
  const changes = async () => (await app.knex('auditLogs').where({ action: 'password_change', entityId: String(agent.id) }).select('userId')).map((e) => e.userId);
  const signsIn = async (pass: string) => (await request('POST', '/api/auth/login', { body: { email: agent.email, password: pass } })).status === 200;
  const sessionGoesOn = async (token: string) => (await request('GET', '/api/auth/me', { token })).status === 200;

  await log.refuse('password_change');
  const byAdmin = await request('PUT', `/api/users/${agent.id}`, { token: tenant.admin.token, body: { password: 'Admin-set-123' } });
  t.equal(byAdmin.status, 500, 'an admin\'s change of the user\'s password fails');
  t.ok(await sessionGoesOn(agent.token), 'the user\'s session was not ended');
  t.ok(await signsIn(password), 'the old password still signs in');
  t.notOk(await signsIn('Admin-set-123'), 'the new one does not');

  const token = await login(agent.email, password);
  const own = await request('PUT', `/api/users/${agent.id}`, { token, body: { password: 'Own-new-123', currentPassword: password } });
  t.equal(own.status, 500, 'the user\'s change of their own password fails');
  t.ok(await sessionGoesOn(token), 'their session goes on');
  t.ok(await signsIn(password), 'the old password still signs in');

  t.equal((await request('POST', `/api/forgetpassword/${encodeURIComponent(agent.email)}`)).status, 200);
  const outbox = path.join(app.config.dataDir, 'outbox');
  const mail = JSON.parse(readFileSync(path.join(outbox, readdirSync(outbox).sort().at(-1)!), 'utf8')) as { text: string };
  const code = /\b(\d{6})\b/.exec(mail.text)![1];
  const reset = `/api/resetpasswords/${encodeURIComponent(agent.email)}/${code}/Reset-new-123`;
  t.equal((await request('POST', reset)).status, 500, 'a reset with the mailed code fails');
  t.ok(await signsIn(password), 'the old password still signs in');
  t.same(await changes(), [], 'and no entry was written');

  await log.allow('password_change');
  t.equal((await request('POST', reset)).status, 200, 'the same code still works once the log takes entries');
  t.ok(await signsIn('Reset-new-123'), 'the new password signs in');
  t.same(await changes(), [agent.id], 'with its one entry');
});

t.test('no recovery code used without its audit entry', async (t) => {
  const { app, request, createTenant, createUser } = await build(t);
  const tenant = await createTenant('Recuperacao Atomica');
  const password = 'Agent-pass-123';
  const agent = await createUser(tenant.companyId, { email: 'agent@recovery-atomic.test', password });
  const setup = (await request('POST', '/api/auth/2fa/setup', { token: agent.token })).body;
  const enabled = await request('POST', '/api/auth/2fa/enable', { token: agent.token, body: { code: codeAt(setup.secret) } });
  t.equal(enabled.status, 200);
  const recoveryCode = enabled.body.recoveryCodes[0] as string;
  const log = await refuseAuditEntries(app.knex);
  const challenge = async () => (await request('POST', '/api/auth/login', { body: { email: agent.email, password } })).body.challenge as string;
  const codesLeft = async () => JSON.parse((await app.knex('users').where({ id: agent.id }).first('totpRecovery')).totpRecovery).length as number;

  await log.refuse('2fa_recovery_used');
  const refused = await request('POST', '/api/auth/login/2fa', { body: { challenge: await challenge(), recoveryCode } });
  t.equal(refused.status, 500, 'the sign-in with a recovery code fails');
  t.notOk(refused.body.token, 'no session');
  t.equal(await codesLeft(), 10, 'the recovery code was not used up');

  await log.allow('2fa_recovery_used');
  const accepted = await request('POST', '/api/auth/login/2fa', { body: { challenge: await challenge(), recoveryCode } });
  t.equal(accepted.status, 200, 'the same code signs in once the log takes entries');
  t.equal(accepted.body.recoveryCodesLeft, 9);
  t.equal(Number((await app.knex('auditLogs').where({ action: '2fa_recovery_used', entityId: String(agent.id) }).count('* as n'))[0].n), 1, 'with its one entry');
});
