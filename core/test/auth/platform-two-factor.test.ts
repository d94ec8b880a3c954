import t from 'tap';
import { Secret, TOTP } from 'otpauth';
import { build } from '../helper.js';

/**
 * Issue 34: the super user requires a second factor of every company's users. Those without one are sent to
 * enrolment at their next login, exactly as their company's own requirement does; a company's admin cannot set it.
 */
const codeAt = (secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: Date.now() });

t.test('the platform requires two-factor sign-in of every company', async (t) => {
  const { app, request, token: superToken, createTenant, createUser } = await build(t);
  const tenant = await createTenant('Plataforma Dois Fatores');
  const password = 'Agent-pass-123';
  const agent = await createUser(tenant.companyId, { email: 'agent@platform-2fa.test', password });
  const login = () => request('POST', '/api/auth/login', { body: { email: agent.email, password } });
  const setPlatform = (token: string, value: string) => request('PUT', '/api/settings/platformRequireTwoFactor', { token, body: { value } });

  const refused = await setPlatform(tenant.admin.token, 'enabled');
  t.equal(refused.status, 403, 'a company\'s admin cannot require it of the platform');
  t.equal(refused.body.error, 'ERR_NO_PERMISSION');
  t.equal((await setPlatform(superToken, 'sometimes')).body.error, 'ERR_INVALID_SETTING_VALUE', 'only enabled or disabled');
  t.ok((await login()).body.token, 'not required yet: the password opens a session');

  t.equal((await setPlatform(superToken, 'enabled')).status, 200, 'the super user requires it');
  const adminAfter = await request('GET', '/api/settings/requireTwoFactor', { token: tenant.admin.token });
  t.not(adminAfter.status, 200, 'the sessions of users without a second factor end at once (issue 41)');
  t.equal(await app.tenancy.settings.get(tenant.companyId, 'requireTwoFactor'), 'disabled', 'the company\'s own setting is untouched');
  const first = await login();
  t.same({ twoFactor: first.body.twoFactor, token: first.body.token }, { twoFactor: 'enrol', token: undefined }, 'sent to enrolment, no session yet');
  const { secret } = (await request('POST', '/api/auth/login/2fa/setup', { body: { challenge: first.body.challenge } })).body;
  const enrolled = await request('POST', '/api/auth/login/2fa/enable', { body: { challenge: first.body.challenge, code: codeAt(secret) } });
  t.equal(enrolled.status, 200, 'enrolled as the login\'s second step');
  t.match((await request('GET', '/api/auth/2fa', { token: enrolled.body.token })).body, { enabled: true, required: true }, 'told it is required');
  t.equal((await login()).body.twoFactor, 'verify', 'from now on a code is asked');

  // The operator's own users too (the super user's company).
  const operatorUser = await createUser(1, { email: 'operator@platform-2fa.test', password });
  t.equal((await request('POST', '/api/auth/login', { body: { email: operatorUser.email, password } })).body.twoFactor, 'enrol');

  t.equal((await setPlatform(superToken, 'disabled')).status, 200);
  t.ok((await request('POST', '/api/auth/login', { body: { email: operatorUser.email, password } })).body.token, 'lifted: a password opens a session again');
});
