import t from 'tap';
import { Secret, TOTP } from 'otpauth';
import { build } from '../helper.js';

/**
 * Issue 34: second-factor and password changes are logged by name (not only as an update of the user row), with
 * who made them: enrolment, turning it off, an admin's reset, a recovery code used at sign-in, a password change.
 */
const codeAt = (secret: string, offsetSteps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: Date.now() + offsetSteps * 30_000 });

t.test('2FA and password changes have named audit entries', async (t) => {
  const { app, request, createTenant, createUser } = await build(t);
  const tenant = await createTenant('Auditoria Acoes');
  const password = 'Agent-pass-123';
  const agent = await createUser(tenant.companyId, { email: 'agent@auth-actions.test', password });
  const entries = (action: string) => app.knex('auditLogs').where({ action, entity: 'users', entityId: String(agent.id) }).select('companyId', 'userId', 'route');

  const setup = (await request('POST', '/api/auth/2fa/setup', { token: agent.token })).body;
  const enabled = await request('POST', '/api/auth/2fa/enable', { token: agent.token, body: { code: codeAt(setup.secret) } });
  t.equal(enabled.status, 200);
  t.same(await entries('2fa_enable'), [{ companyId: tenant.companyId, userId: agent.id, route: 'POST /api/auth/2fa/enable' }], 'enrolment');

  const challenge = (await request('POST', '/api/auth/login', { body: { email: agent.email, password } })).body.challenge;
  const byRecovery = await request('POST', '/api/auth/login/2fa', { body: { challenge, recoveryCode: enabled.body.recoveryCodes[0] } });
  t.equal(byRecovery.status, 200);
  t.same(await entries('2fa_recovery_used'), [{ companyId: tenant.companyId, userId: agent.id, route: 'POST /api/auth/login/2fa' }], 'a recovery code used, by the user');
  const token = byRecovery.body.token as string;

  t.equal((await request('POST', '/api/auth/2fa/disable', { token, body: { password: 'wrong' } })).status, 400);
  t.same(await entries('2fa_disable'), [], 'nothing logged for a refused change');
  t.equal((await request('POST', '/api/auth/2fa/disable', { token, body: { password } })).status, 200);
  t.same(await entries('2fa_disable'), [{ companyId: tenant.companyId, userId: agent.id, route: 'POST /api/auth/2fa/disable' }], 'turned off');

  // The admin resets it (after the user enrolled again).
  const again = (await request('POST', '/api/auth/2fa/setup', { token })).body;
  t.equal((await request('POST', '/api/auth/2fa/enable', { token, body: { code: codeAt(again.secret, 1) } })).status, 200);
  t.equal((await request('DELETE', `/api/users/${agent.id}/2fa`, { token: tenant.admin.token })).status, 200);
  t.same(await entries('2fa_reset'), [{ companyId: tenant.companyId, userId: tenant.admin.id, route: 'DELETE /api/users/:id/2fa' }], 'reset, by the admin');

  // Passwords: one's own, and an admin's change of someone else's.
  const own = await request('PUT', `/api/users/${agent.id}`, { token, body: { password: 'Newpass-123', currentPassword: password } });
  t.equal(own.status, 200);
  const byAdmin = await request('PUT', `/api/users/${agent.id}`, { token: tenant.admin.token, body: { password: 'Other-pass-123' } });
  t.equal(byAdmin.status, 200);
  t.same((await entries('password_change')).map((e) => e.userId), [agent.id, tenant.admin.id], 'each password change, with who made it');
  const secrets = JSON.stringify(await app.knex('auditLogs').where({ entityId: String(agent.id) }).select('changes'));
  t.notOk(secrets.includes('Newpass-123') || secrets.includes('Other-pass-123'), 'no password in the log');
});
