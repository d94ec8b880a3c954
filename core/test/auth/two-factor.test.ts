import t from 'tap';
import { Secret, TOTP } from 'otpauth';
import { build } from '../helper.js';
import { User } from '../../src/db/models/index.js';

/**
 * Two-factor sign-in (issue 34): enrolment with a first code and ten recovery codes, the login's second step
 * (a code accepted once, a recovery code once), the lock after wrong codes, the company's requirement (enrolment as
 * the login's second step), turning it off with the password, an admin's reset, and challenges that are no tokens.
 */
const codeAt = (secret: string, offsetSteps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: Date.now() + offsetSteps * 30_000 });

t.test('enrol, then sign in with a code (each accepted once) or a recovery code (each once)', async (t) => {
  const { request, createUser } = await build(t);
  const password = 'Agent-pass-123';
  const agent = await createUser(1, { name: 'Ana Dois Fatores', password });
  const token = agent.token;

  t.same((await request('GET', '/api/auth/2fa', { token })).body, { enabled: false, required: false, recoveryCodesLeft: 0 });
  t.equal((await request('POST', '/api/auth/2fa/enable', { token, body: { code: '123456' } })).body.error, 'ERR_2FA_NOT_STARTED', 'a code before the set-up');
  const setup = (await request('POST', '/api/auth/2fa/setup', { token })).body;
  t.match(setup.uri, new RegExp(`^otpauth://totp/Atrium:${encodeURIComponent(agent.email)}\\?.*secret=${setup.secret}`), 'the QR code\'s text names the product and the account');
  const stored = await User.scoped(1).findById(agent.id);
  t.not(stored!.totpSecret, setup.secret, 'the secret is sealed at rest');
  const wrong = String((Number(codeAt(setup.secret)) + 1) % 1_000_000).padStart(6, '0');
  t.equal((await request('POST', '/api/auth/2fa/enable', { token, body: { code: wrong } })).body.error, 'ERR_2FA_INVALID_CODE');
  const enrolCode = codeAt(setup.secret); // kept: the clock may cross a 30 s step before it is tried again
  const enabled = await request('POST', '/api/auth/2fa/enable', { token, body: { code: enrolCode } });
  t.equal(enabled.status, 200);
  const recovery = enabled.body.recoveryCodes as string[];
  t.equal(recovery.length, 10, 'ten recovery codes, shown once');
  t.equal(new Set(recovery).size, 10);
  t.same((await request('GET', '/api/auth/2fa', { token })).body, { enabled: true, required: false, recoveryCodesLeft: 10 });
  t.equal((await request('POST', '/api/auth/2fa/setup', { token })).body.error, 'ERR_2FA_ALREADY_ENABLED');
  const me = (await request('GET', '/api/users/' + agent.id, { token })).body;
  t.notOk('totpSecret' in me || 'totpRecovery' in me, 'no second-factor secret in any answer');

  // The password alone no longer opens a session: a challenge, which is no access token.
  const first = await request('POST', '/api/auth/login', { body: { email: agent.email, password } });
  t.equal(first.status, 200);
  t.equal(first.body.twoFactor, 'verify');
  t.notOk(first.body.token, 'no token before the second step');
  t.ok([401, 403].includes((await request('GET', '/api/auth/me', { token: first.body.challenge })).status), 'the challenge opens nothing');
  const challenge = first.body.challenge as string;
  t.equal((await request('POST', '/api/auth/login/2fa', { body: { challenge, code: enrolCode } })).body.error, 'ERR_2FA_INVALID_CODE', 'the code used to enrol is not accepted again');
  const next = codeAt(setup.secret, 1); // the next step's code: within the ±1 window
  const signed = await request('POST', '/api/auth/login/2fa', { body: { challenge, code: next } });
  t.equal(signed.status, 200);
  t.equal(signed.body.user.id, agent.id);
  t.equal(signed.body.recoveryCodesLeft, 10);
  t.equal((await request('GET', '/api/auth/me', { token: signed.body.token })).status, 200, 'the session works');
  const again = await request('POST', '/api/auth/login', { body: { email: agent.email, password } });
  t.equal((await request('POST', '/api/auth/login/2fa', { body: { challenge: again.body.challenge, code: next } })).body.error, 'ERR_2FA_INVALID_CODE', 'a code is never accepted twice');

  // A recovery code, once.
  const third = await request('POST', '/api/auth/login', { body: { email: agent.email, password } });
  const byRecovery = await request('POST', '/api/auth/login/2fa', { body: { challenge: third.body.challenge, recoveryCode: recovery[0].toLowerCase() } });
  t.equal(byRecovery.status, 200, 'typed in lower case too');
  t.equal(byRecovery.body.recoveryCodesLeft, 9);
  const fourth = await request('POST', '/api/auth/login', { body: { email: agent.email, password } });
  t.equal((await request('POST', '/api/auth/login/2fa', { body: { challenge: fourth.body.challenge, recoveryCode: recovery[0] } })).body.error, 'ERR_2FA_INVALID_CODE', 'used up');
  t.equal((await request('POST', '/api/auth/login/2fa', { body: { challenge: fourth.body.challenge, code: next, recoveryCode: recovery[1] } })).body.error, 'ERR_VALIDATION', 'one or the other');

  // A forged or altered challenge.
  const [body, mac] = challenge.split('.');
  const forged = `${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body, 'base64url').toString()), u: 1 })).toString('base64url')}.${mac}`;
  t.equal((await request('POST', '/api/auth/login/2fa', { body: { challenge: forged, code: codeAt(setup.secret, -1) } })).body.error, 'ERR_2FA_CHALLENGE_EXPIRED');

  // Off again, with the password.
  const session = signed.body.token;
  const wrongPassword = await request('POST', '/api/auth/2fa/disable', { token: byRecovery.body.token, body: { password: 'wrong-password' } });
  t.same([wrongPassword.status, wrongPassword.body.error], [400, 'ERR_INVALID_CURRENT_PASSWORD'], 'a wrong password is a wrong input: the session goes on');
  t.equal((await request('POST', '/api/auth/2fa/disable', { token: byRecovery.body.token, body: { password } })).status, 200);
  t.ok(session, 'an earlier session is a different matter (sessions are single)');
  const plain = await request('POST', '/api/auth/login', { body: { email: agent.email, password } });
  t.ok(plain.body.token, 'turned off: the password alone signs in');
});

t.test('five wrong codes in a row lock the account, as five wrong passwords do', async (t) => {
  const { request, createUser } = await build(t);
  const password = 'Agent-pass-123';
  const agent = await createUser(1, { name: 'Beto Tentativas', password });
  const { secret } = (await request('POST', '/api/auth/2fa/setup', { token: agent.token })).body;
  await request('POST', '/api/auth/2fa/enable', { token: agent.token, body: { code: codeAt(secret) } });
  const { challenge } = (await request('POST', '/api/auth/login', { body: { email: agent.email, password } })).body;
  const wrong = String((Number(codeAt(secret, 1)) + 7) % 1_000_000).padStart(6, '0');
  for (let i = 0; i < 5; i++) t.equal((await request('POST', '/api/auth/login/2fa', { body: { challenge, code: wrong } })).body.error, 'ERR_2FA_INVALID_CODE');
  t.equal((await request('POST', '/api/auth/login/2fa', { body: { challenge, code: codeAt(secret, 1) } })).body.error, 'ERR_ACCOUNT_LOCKED', 'even the right code waits for the lock');
});

t.test('a company that requires it: enrolment is the login\'s second step; an admin resets a user; another company cannot', async (t) => {
  const { request, token: adminToken, createUser, createTenant } = await build(t);
  const password = 'Agent-pass-123';
  const agent = await createUser(1, { name: 'Caio Obrigado', password });
  t.equal((await request('PUT', '/api/settings/requireTwoFactor', { token: adminToken, body: { value: 'enabled' } })).status, 200);
  const login = await request('POST', '/api/auth/login', { body: { email: agent.email, password } });
  t.same({ twoFactor: login.body.twoFactor, token: login.body.token }, { twoFactor: 'enrol', token: undefined }, 'no session until enrolled');
  t.equal((await request('POST', '/api/auth/login/2fa', { body: { challenge: login.body.challenge, code: '123456' } })).body.error, 'ERR_2FA_CHALLENGE_EXPIRED', 'an enrolment challenge is no verification');
  const { secret } = (await request('POST', '/api/auth/login/2fa/setup', { body: { challenge: login.body.challenge } })).body;
  const enrolled = await request('POST', '/api/auth/login/2fa/enable', { body: { challenge: login.body.challenge, code: codeAt(secret) } });
  t.equal(enrolled.status, 200);
  t.equal(enrolled.body.recoveryCodes.length, 10);
  t.equal((await request('GET', '/api/auth/me', { token: enrolled.body.token })).body.id, agent.id, 'and signed in');
  t.match((await request('GET', '/api/auth/2fa', { token: enrolled.body.token })).body, { enabled: true, required: true });

  // The admin resets the user (lost phone): the next login enrols again.
  const other = await createTenant('Outra 2FA');
  t.equal((await request('DELETE', `/api/users/${agent.id}/2fa`, { token: other.admin.token })).status, 404, 'another company\'s admin cannot');
  t.equal((await request('DELETE', `/api/users/${agent.id}/2fa`, { token: enrolled.body.token })).status, 403, 'a user cannot reset anyone');
  t.equal((await request('DELETE', `/api/users/${agent.id}/2fa`, { token: adminToken })).status, 200);
  t.equal((await request('POST', '/api/auth/login', { body: { email: agent.email, password } })).body.twoFactor, 'enrol');
  const outsider = await request('POST', '/api/auth/login', { body: { email: other.admin.email, password: other.admin.password } });
  t.ok(outsider.body.token, 'the requirement is the company\'s own');
});
