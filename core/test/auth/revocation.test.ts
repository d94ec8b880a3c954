import t from 'tap';
import { build } from '../helper.js';
import { apiOf, newUser, revocations } from './revocation-scenarios.js';
import { isoDay, openInvoice } from '../billing/fixtures.js';
import { Company } from '../../src/db/models/index.js';
import { settleInvoice } from '../../src/domains/billing/payment.js';

/**
 * Issue 26, finding 1: every request sees its user as stored now (auth/caller.ts), not the token's copy.
 * A deleted user is refused at once, a demoted admin has the new profile at once, and an expired or
 * inactive company's tokens stop working on every route, not only at login. The same scenarios run across
 * two API processes in core/test/hardening/revocation-processes.test.ts.
 */

t.test('one process: a change applies to the next request', async (t) => {
  const ctx = await build(t);
  await revocations(t, ctx, apiOf(ctx.app));

  await t.test('a super user who loses the flag loses the super routes at once', async (t) => {
    const made = await ctx.request('POST', '/api/users', { token: ctx.token, body: { ...newUser('second.super@atrium.test'), super: true } });
    t.equal(made.status, 200);
    const token = await ctx.login('second.super@atrium.test', 'Backdoor-pass-1');
    t.equal((await ctx.request('GET', '/api/companies', { token })).status, 200);
    t.equal((await ctx.request('PUT', `/api/users/${made.body.id}`, { token: ctx.token, body: { super: false } })).status, 200);
    t.equal((await ctx.request('GET', '/api/companies', { token })).status, 403);
  });

  await t.test('a payment (a raw update of the due date) lets the company\'s older tokens work again at once', async (t) => {
    const tenant = await ctx.createTenant('Pays Late');
    const agent = await ctx.createUser(tenant.companyId);
    await Company.query().findById(tenant.companyId).patch({ dueDate: isoDay(-2) } as Partial<Company>);
    t.equal((await ctx.request('GET', '/api/tickets', { token: agent.token })).status, 401, 'expired (and cached so)');
    const invoice = await openInvoice(tenant.companyId, 99, isoDay(-2));
    t.equal((await settleInvoice(ctx.app, { invoiceId: invoice.id, amount: 99, via: 'manual' })).outcome, 'paid');
    t.equal((await ctx.request('GET', '/api/tickets', { token: agent.token })).status, 200, 'paid: the next request works');
  });
});
