import t, { type Test } from 'tap';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Secret, TOTP } from 'otpauth';
import { ADMIN_EMAIL, ADMIN_PASSWORD, build, type TestApp } from '../helper.js';
import { Company, Whatsapp } from '../../src/db/models/index.js';

/**
 * Every kind of token the server issues dies with its session (issue 41), whichever way the session ends. Generated
 * as a table: each kind says how it is issued, how it is used, and which endings apply to it; each (kind, ending)
 * pair issues a fresh token, ends its session that way, and uses the token: it must be refused. Each kind's control
 * (issued and used with nothing ended) must be accepted, so a probe that can never succeed fails the test.
 */

const claims = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as Record<string, number>;
const codeAt = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate();
const cookieOf = (headers: Record<string, unknown>) => String([headers['set-cookie']].flat().find((c) => String(c).startsWith('jrt=')) ?? '').split(';')[0];

/** A person whose session a token belongs to, and who can end it: their manager (an admin, or the seeded super user). */
interface Owner { id: number; companyId: number; email: string; password: string; token: string; cookie: string; manager: () => Promise<string> }

/** A token in hand: `use` answers whether the server still accepts it. */
interface Issued { use(): Promise<boolean>; owner: Owner }

type Ending = 'logout' | 'ends it in their sessions list' | 'an admin ends it' | 'signs in elsewhere' | 'password reset' | 'deleted'
  | 'super user demoted' | 'back from the view' | 'connection token replaced' | 'connection deleted';

interface Kind { name: string; issue(env: TestApp): Promise<Issued>; endings: Ending[] }

let serial = 0;
const unique = () => `${Date.now().toString(36)}${(serial += 1)}`;

async function signIn(env: TestApp, email: string, password: string) {
  const res = await env.request('POST', '/api/auth/login', { body: { email, password } });
  if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${JSON.stringify(res.body)}`);
  return { token: res.body.token as string, cookie: cookieOf(res.headers) };
}

/** A plain agent of a new company, signed in; managed by that company's admin. */
async function agentOf(env: TestApp): Promise<Owner> {
  const tenant = await env.createTenant(`Lifetimes ${unique()}`);
  const password = 'Agent-pass-123';
  const { id, email } = await env.createUser(tenant.companyId, { password });
  return { id, companyId: tenant.companyId, email, password, ...(await signIn(env, email, password)), manager: async () => tenant.admin.token };
}

/** A second super user of the operator's company, signed in; managed by the seeded super user. */
async function superUser(env: TestApp): Promise<Owner> {
  const email = `super.${unique()}@atrium.test`;
  const password = 'Super-pass-123';
  const created = await env.request('POST', '/api/users', { token: (await signIn(env, ADMIN_EMAIL, ADMIN_PASSWORD)).token, body: { name: 'Second super', email, password, profile: 'admin', super: true } });
  if (created.status !== 200) throw new Error(`super user: ${created.status} ${JSON.stringify(created.body)}`);
  return { id: created.body.id, companyId: 1, email, password, ...(await signIn(env, email, password)), manager: async () => (await signIn(env, ADMIN_EMAIL, ADMIN_PASSWORD)).token };
}

const accepted = (status: number) => status >= 200 && status < 300;

const KINDS: Kind[] = [
  {
    name: 'access token',
    async issue(env) {
      const owner = await agentOf(env);
      return { owner, use: async () => accepted((await env.request('GET', '/api/auth/me', { token: owner.token })).status) };
    },
    endings: ['logout', 'ends it in their sessions list', 'an admin ends it', 'signs in elsewhere', 'password reset', 'deleted'],
  },
  {
    name: 'refresh token',
    async issue(env) {
      const owner = await agentOf(env);
      return { owner, use: async () => accepted((await env.request('POST', '/api/auth/refresh_token', { headers: { cookie: owner.cookie } })).status) };
    },
    endings: ['logout', 'ends it in their sessions list', 'an admin ends it', 'signs in elsewhere', 'password reset', 'deleted'],
  },
  {
    name: 'two-factor challenge',
    async issue(env) {
      const owner = await agentOf(env);
      const setup = await env.request('POST', '/api/auth/2fa/setup', { token: owner.token });
      const enabled = await env.request('POST', '/api/auth/2fa/enable', { token: owner.token, body: { code: codeAt(setup.body.secret) } });
      const [recoveryCode] = enabled.body.recoveryCodes as string[];
      const login = await env.request('POST', '/api/auth/login', { body: { email: owner.email, password: owner.password } });
      const challenge = login.body.challenge as string;
      if (!challenge) throw new Error(`no challenge: ${JSON.stringify(login.body)}`);
      return { owner, use: async () => accepted((await env.request('POST', '/api/auth/login/2fa', { body: { challenge, recoveryCode } })).status) };
    },
    endings: ['password reset', 'deleted'],
  },
  {
    name: 'impersonation token',
    async issue(env) {
      const owner = await superUser(env);
      const tenant = await env.createTenant(`Viewed ${unique()}`);
      const view = await env.request('POST', `/api/auth/impersonate/${tenant.companyId}`, { token: owner.token });
      if (view.status !== 200) throw new Error(`impersonate: ${view.status} ${JSON.stringify(view.body)}`);
      const token = view.body.token as string;
      return {
        owner: { ...owner, viewToken: token } as Owner,
        use: async () => accepted((await env.request('GET', '/api/auth/me', { token })).status),
      };
    },
    endings: ['logout', 'ends it in their sessions list', 'an admin ends it', 'signs in elsewhere', 'password reset', 'deleted', 'super user demoted', 'back from the view'],
  },
  {
    name: 'renewal token (an expired company\'s admin)',
    async issue(env) {
      const tenant = await env.createTenant(`Lapsed ${unique()}`);
      await Company.query().findById(tenant.companyId).patch({ dueDate: '2001-02-03' } as Partial<Company>);
      const login = await env.request('POST', '/api/auth/login', { body: { email: tenant.admin.email, password: tenant.admin.password } });
      const renewal = login.body.renewalToken as string;
      if (!renewal) throw new Error(`no renewal token: ${JSON.stringify(login.body)}`);
      const owner = { id: tenant.admin.id, companyId: tenant.companyId, email: tenant.admin.email, password: tenant.admin.password, token: '', cookie: '', manager: async () => '' };
      return { owner, use: async () => accepted((await env.request('GET', '/api/invoices/all', { token: renewal })).status) };
    },
    endings: ['password reset'],
  },
  {
    name: 'external API token (a connection\'s)',
    async issue(env) {
      const admin = (await env.createTenant(`Api ${unique()}`)).admin;
      const created = await env.request('POST', '/api/whatsapp', { token: admin.token, body: { name: `Api ${unique()}`, provider: 'sandbox' } });
      if (created.status !== 200) throw new Error(`connection: ${created.status} ${JSON.stringify(created.body)}`);
      const connection = (await Whatsapp.unscoped('test').findById(created.body.id))!;
      const apiToken = connection.token!;
      const owner = { id: connection.id, companyId: connection.companyId, email: '', password: '', token: admin.token, cookie: '', manager: async () => admin.token };
      // An authenticated read of the token's own connection (404 for an unknown message, 401 for an unknown token).
      return { owner, use: async () => (await env.app.inject({ method: 'GET', url: '/api/external/messages/999999/history', headers: { authorization: `Bearer ${apiToken}` } })).statusCode !== 401 };
    },
    endings: ['connection token replaced', 'connection deleted'],
  },
];

function outboxCode(env: TestApp, email: string): string {
  const dir = path.join(env.app.config.dataDir, 'outbox');
  const mails = readdirSync(dir).sort().map((file) => JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as { to: unknown; text: string });
  const mail = mails.reverse().find((m) => JSON.stringify(m.to).includes(email));
  const code = mail && /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no reset code mailed to ${email}`);
  return code;
}

/** Ends the owner's session (or, for a connection token, the connection's) in the given way; fails loudly when the way fails. */
async function end(env: TestApp, issued: Issued, ending: Ending, t: Test) {
  const { owner } = issued;
  const call = async (method: string, url: string, token: string, body?: unknown) => {
    const res = await env.request(method, url, { token, body });
    t.ok(accepted(res.status), `${ending}: ${method} ${url} → ${res.status} ${res.status >= 300 ? JSON.stringify(res.body) : ''}`);
    return res;
  };
  const sid = () => claims(owner.token).sid;
  switch (ending) {
    case 'logout': await call('DELETE', '/api/auth/logout', owner.token); break;
    case 'ends it in their sessions list': await call('DELETE', `/api/auth/sessions/${sid()}`, owner.token); break;
    case 'an admin ends it': await call('DELETE', `/api/users/${owner.id}/sessions/${sid()}`, await owner.manager()); break;
    case 'signs in elsewhere': await signIn(env, owner.email, owner.password); break;
    case 'password reset': {
      // From an address of its own each time: the reset routes are rate-limited per client address.
      const email = encodeURIComponent(owner.email);
      const remoteAddress = `127.0.${serial % 250}.${(serial += 1) % 250}`;
      for (const url of [`/api/forgetpassword/${email}`, () => `/api/resetpasswords/${email}/${outboxCode(env, owner.email)}/Brand-new-pass-1`]) {
        const res = await env.app.inject({ method: 'POST', url: typeof url === 'string' ? url : url(), remoteAddress });
        t.equal(res.statusCode, 200, `${ending}: ${res.body.slice(0, 120)}`);
      }
      break;
    }
    case 'deleted': await call('DELETE', `/api/users/${owner.id}`, await owner.manager()); break;
    case 'super user demoted': await call('PUT', `/api/users/${owner.id}`, await owner.manager(), { super: false }); break;
    case 'back from the view': await call('POST', '/api/auth/impersonate/back', (owner as Owner & { viewToken: string }).viewToken); break;
    case 'connection token replaced': await call('PUT', `/api/whatsapp/${owner.id}`, owner.token, { token: `replaced-${unique()}` }); break;
    case 'connection deleted': await call('DELETE', `/api/whatsapp/${owner.id}`, owner.token); break;
  }
}

t.test('every token the server issues is refused once its session has ended, whichever way it ended', async (t) => {
  const env = await build(t);
  for (const kind of KINDS) {
    await t.test(kind.name, async (t) => {
      const control = await kind.issue(env);
      t.ok(await control.use(), 'accepted while its session lasts (the control)');
      for (const ending of kind.endings) {
        const issued = await kind.issue(env);
        await end(env, issued, ending, t);
        t.notOk(await issued.use(), `refused after: ${ending}`);
      }
    });
  }
});

t.test('the sign-in answer, which every user of the company gets, carries no secret setting', async (t) => {
  const env = await build(t);
  t.equal((await env.request('PUT', '/api/settings/asaas', { token: env.token, body: { value: 'aact_live_secret_key_123456' } })).status, 200);
  const login = await env.request('POST', '/api/auth/login', { body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
  const keys = (login.body.user.company.settings as Array<{ key: string }>).map((s) => s.key);
  t.ok(keys.length > 5, 'the company\'s settings are there');
  t.notOk(keys.includes('asaas'), 'the gateway key is not');
  t.notOk(JSON.stringify(login.body).includes('aact_live'), 'nor any part of it');
});
