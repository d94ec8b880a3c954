import type { Test } from 'tap';
import type { FastifyInstance } from 'fastify';
import type { TestApp } from '../helper.js';
import { Company, User } from '../../src/db/models/index.js';

/**
 * Revocation scenarios (issue 26, finding 1), run against one process (auth/revocation.test.ts) and with the
 * reads through another API process (hardening/revocation-processes.test.ts): each change goes through the
 * test's app, the next request through `reader`.
 */

export const newUser = (email: string) => ({ name: 'Backdoor', email, password: 'Backdoor-pass-1', profile: 'admin' });

export type Api = (method: string, url: string, token: string, body?: unknown) => Promise<{ status: number; body: any }>;

/** Requests through `app` (the test's own, or a second instance standing for another process). */
export function apiOf(app: FastifyInstance): Api {
  return async (method, url, token, body) => {
    const res = await app.inject({ method: method as 'GET', url, payload: body as object | undefined, headers: { authorization: `Bearer ${token}` } });
    return { status: res.statusCode, body: res.json() };
  };
}

/** A deleted admin and a demoted admin of `tenant`, each first seen (and cached) by `reader`. */
export async function revocations(t: Test, ctx: TestApp, reader: Api) {
  const { request, createTenant, createUser } = ctx;
  const tenant = await createTenant(`Rev ${Math.random().toString(36).slice(2, 6)}`);
  const change: Api = async (method, url, token, body) => request(method, url, { token, body });

  await t.test('a deleted admin\'s token is refused at once and cannot create a user', async (t) => {
    const gone = await createUser(tenant.companyId, { profile: 'admin' });
    t.equal((await reader('GET', '/api/users', gone.token)).status, 200, 'the admin works (and is cached)');
    t.equal((await change('DELETE', `/api/users/${gone.id}`, tenant.admin.token)).status, 200);
    const created = await reader('POST', '/api/users', gone.token, newUser(`backdoor.${gone.id}@atrium.test`));
    t.equal(created.status, 401, 'the very next request is refused');
    t.equal(created.body.error, 'ERR_SESSION_EXPIRED');
    t.notOk(await User.unscoped('test').findOne({ email: `backdoor.${gone.id}@atrium.test` }), 'and no user was created');
    t.equal((await reader('GET', '/api/auth/me', gone.token)).status, 401);
  });

  await t.test('a demoted admin has the new profile on the very next request', async (t) => {
    const demoted = await createUser(tenant.companyId, { profile: 'admin' });
    t.equal((await reader('GET', '/api/users', demoted.token)).status, 200);
    t.equal((await change('PUT', `/api/users/${demoted.id}`, tenant.admin.token, { profile: 'user' })).status, 200);
    const created = await reader('POST', '/api/users', demoted.token, newUser(`backdoor.${demoted.id}@atrium.test`));
    t.equal(created.status, 403, 'admin routes are closed at once');
    t.equal(created.body.error, 'ERR_NO_PERMISSION');
    t.equal((await reader('GET', '/api/users', demoted.token)).status, 403);
    t.equal((await reader('GET', '/api/auth/me', demoted.token)).status, 200, 'the session itself goes on, as a user');
    t.equal((await change('PUT', `/api/users/${demoted.id}`, tenant.admin.token, { profile: 'admin' })).status, 200);
    t.equal((await reader('GET', '/api/users', demoted.token)).status, 200, 'promoted again: at once too');
  });

  await t.test('an expired or inactive company\'s older tokens stop on every request, not only at login', async (t) => {
    const agent = await createUser(tenant.companyId);
    t.equal((await reader('GET', '/api/tickets', agent.token)).status, 200);
    t.equal((await change('PUT', `/api/companies/${tenant.companyId}`, ctx.token, { dueDate: '2001-02-03' })).status, 200);
    const expired = await reader('GET', '/api/tickets', agent.token);
    t.equal(expired.status, 401);
    t.equal(expired.body.error, 'ERR_SUBSCRIPTION_EXPIRED');
    t.equal(expired.body.dueDate, '2001-02-03', 'the refusal names the date');
    t.equal((await reader('GET', '/api/tickets', tenant.admin.token)).status, 401, 'the admin too');

    // A write that does not go through the company's row (a query over rows) is seen at once as well.
    await Company.query().where('id', tenant.companyId).patch({ dueDate: '2099-01-01' } as Partial<Company>);
    t.equal((await reader('GET', '/api/tickets', agent.token)).status, 200, 'renewed: the same token works again');

    t.equal((await change('PUT', `/api/companies/${tenant.companyId}`, ctx.token, { status: false })).status, 200);
    const inactive = await reader('GET', '/api/tickets', agent.token);
    t.equal(inactive.status, 401);
    t.equal(inactive.body.error, 'ERR_COMPANY_INACTIVE');
    const login = await request('POST', '/api/auth/login', { body: { email: tenant.admin.email, password: tenant.admin.password } });
    t.equal(login.body.error, 'ERR_COMPANY_INACTIVE', 'and nobody of it signs in');
    t.equal((await reader('GET', '/api/companies', ctx.token)).status, 200, 'the super user\'s own work goes on');
    t.equal((await change('PUT', `/api/companies/${tenant.companyId}`, ctx.token, { status: true })).status, 200);
    t.equal((await reader('GET', '/api/tickets', agent.token)).status, 200);
  });
}

