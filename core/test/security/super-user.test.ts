import t from 'tap';
import { Secret, TOTP } from 'otpauth';
import { build } from '../helper.js';
import { User } from '../../src/db/models/index.js';
import { apiRoutes, fillUrl, sample } from './routes.js';

/**
 * No one but a super user acts on a super user (issue 41), generated from the route table: every route that names a
 * user in its path (`/users/:id…`, or a `userId` parameter) is called by a plain admin of the company that holds the
 * super user, naming the super user. Each must refuse (403), except the reads listed here with their reason; the
 * super user's account is the same afterwards (second factor, sessions, profile).
 */
const READS_ALLOWED: Record<string, string> = {
  'GET /api/users/:id': 'the company\'s admins list and see every user of it, the super user included (name, e-mail, profile)',
};

const codeAt = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate();

t.test('an admin of the super user\'s company cannot act on the super user through any route that names a user', async (t) => {
  const env = await build(t);
  const superId = 1;
  // The super user has a second factor and a session to protect.
  const setup = await env.request('POST', '/api/auth/2fa/setup', { token: env.token });
  t.equal((await env.request('POST', '/api/auth/2fa/enable', { token: env.token, body: { code: codeAt(setup.body.secret) } })).status, 200);
  const sessionsBefore = (await env.request('GET', '/api/auth/sessions', { token: env.token })).body as Array<{ id: number }>;
  const before = (await User.scoped(1).findById(superId))!;
  const admin = await env.createUser(1, { profile: 'admin' });

  const routes = apiRoutes(env.app).filter((r) => !r.isPublic && (r.url.startsWith('/api/users/:id') || r.params.includes('userId')));
  t.ok(routes.length >= 5, `${routes.length} routes name a user: ${routes.map((r) => `${r.method} ${r.url}`).join(', ')}`);
  for (const route of routes) {
    const key = `${route.method} ${route.url}`;
    const url = fillUrl(route.url, (param) => (param === 'id' || param === 'userId' ? String(superId) : param === 'sessionId' ? String(sessionsBefore[0].id) : '1'));
    const body = route.schema.body ? sample(route.schema.body, { id: 1, text: 'probe', values: { name: 'Taken over', email: 'taken.over@atrium.test', password: 'Taken-over-123', profile: 'user', super: false } }) : undefined;
    const res = await env.request(route.method, url, { token: admin.token, body });
    if (READS_ALLOWED[key]) t.equal(res.status, 200, `${key}: allowed (${READS_ALLOWED[key]})`);
    else t.equal(res.status, 403, `${key} → ${res.status} ${res.status === 403 ? '' : JSON.stringify(res.body).slice(0, 160)}`);
  }

  const after = (await User.scoped(1).findById(superId))!;
  t.ok(after.totpEnabledAt, 'the super user\'s second factor is still on');
  t.same([after.email, after.name, after.profile, after.super, after.tokenVersion], [before.email, before.name, before.profile, before.super, before.tokenVersion], 'their account is unchanged');
  t.same((await env.request('GET', '/api/auth/sessions', { token: env.token })).body.map((s: { id: number }) => s.id), sessionsBefore.map((s) => s.id), 'their sessions too');
});
