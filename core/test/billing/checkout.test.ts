import t from 'tap';
import { Writable } from 'node:stream';
import { build, testDb } from '../helper.js';
import { Company, Invoice } from '../../src/db/models/index.js';
import { parsePix } from '../../src/domains/billing/brcode.js';
import { CHECKOUT, configureBilling, isoDay, openInvoice, payingTenant } from './fixtures.js';

t.test('checkout charges the invoice\'s value, never the price the request sends', async (t) => {
  const ctx = await build(t);
  await configureBilling(ctx, { billingGateway: 'sandbox', pixKey: '+5561999999999', pixMerchantName: 'João & Cia Atendimento Ltda', pixMerchantCity: 'São José dos Campos' });
  const tenant = await payingTenant(ctx, 'Buyer', { dueDate: isoDay(5) });
  const invoice = await openInvoice(tenant.companyId, 149.9);
  const res = await ctx.request('POST', '/api/subscription', {
    token: tenant.admin.token, body: { ...CHECKOUT, invoiceId: invoice.id, price: '0.01', plan: { value: 0.01 }, users: 1, connections: 1 },
  });
  t.equal(res.status, 200);
  t.equal(res.body.valor.original, '149.90');
  const pix = parsePix(res.body.qrcode.qrcode);
  t.equal(pix.amount, '149.90', 'the QR amount is the invoice value');
  t.equal(pix.key, '+5561999999999');
  t.equal(pix.merchantName, 'JOAO CIA ATENDIMENTO LTDA', 'accents and symbols dropped, 25 characters at most');
  t.equal(pix.merchantCity, 'SAO JOSE DOS CA', '15 characters at most');
  t.equal(pix.txid, `ATRIUMINV${invoice.id}`);
  const stored = await Invoice.scoped(tenant.companyId).findById(invoice.id);
  t.equal(stored!.value, 149.9, 'the invoice is not re-priced by the request');
  t.equal(stored!.payload, res.body.qrcode.qrcode, 'the charge is kept on the invoice');
});

t.test('a second checkout of an open invoice returns the same charge while it is valid, a new one after it expires', async (t) => {
  const ctx = await build(t);
  await configureBilling(ctx, { billingGateway: 'sandbox' });
  const tenant = await payingTenant(ctx, 'Twice', { dueDate: isoDay(5) });
  const invoice = await openInvoice(tenant.companyId);
  const first = await ctx.request('POST', '/api/subscription', { token: tenant.admin.token, body: { ...CHECKOUT, invoiceId: invoice.id } });
  const second = await ctx.request('POST', '/api/subscription', { token: tenant.admin.token, body: { ...CHECKOUT, invoiceId: invoice.id } });
  t.equal(second.status, 200);
  t.same(second.body, first.body);
  const chargeId = (await Invoice.scoped(tenant.companyId).findById(invoice.id))!.chargeId;
  await Invoice.scoped(tenant.companyId).findById(invoice.id).patch({ chargeExpiresAt: new Date(Date.now() - 1000).toISOString() } as Partial<Invoice>);
  const third = await ctx.request('POST', '/api/subscription', { token: tenant.admin.token, body: { ...CHECKOUT, invoiceId: invoice.id } });
  t.equal(third.status, 200);
  t.not((await Invoice.scoped(tenant.companyId).findById(invoice.id))!.chargeId, chargeId, 'an expired charge is replaced');
  t.ok(Date.parse(third.body.expiresAt) > Date.now());
});

t.test('checkout refuses another company\'s invoice, a paid one, a missing gateway and a missing address', async (t) => {
  const ctx = await build(t);
  const a = await payingTenant(ctx, 'Alpha', { dueDate: isoDay(5) });
  const b = await payingTenant(ctx, 'Beta', { dueDate: isoDay(5) });
  const invoice = await openInvoice(a.companyId);
  const none = await ctx.request('POST', '/api/subscription', { token: a.admin.token, body: { ...CHECKOUT, invoiceId: invoice.id } });
  t.equal(none.status, 400);
  t.equal(none.body.error, 'ERR_PAYMENT_GATEWAY_NOT_CONFIGURED');
  await configureBilling(ctx, { billingGateway: 'pix' });
  const noKey = await ctx.request('POST', '/api/subscription', { token: a.admin.token, body: { ...CHECKOUT, invoiceId: invoice.id } });
  t.equal(noKey.body.error, 'ERR_PAYMENT_GATEWAY_NOT_CONFIGURED', 'a static Pix code needs the operator\'s key, name and city');
  await configureBilling(ctx, { pixKey: 'k'.repeat(78), pixMerchantName: 'Atrium', pixMerchantCity: 'Recife' });
  const longKey = await ctx.request('POST', '/api/subscription', { token: a.admin.token, body: { ...CHECKOUT, invoiceId: invoice.id } });
  t.equal(longKey.status, 400, 'a key banks would refuse is a configuration error, not a 500');
  t.equal(longKey.body.error, 'ERR_PAYMENT_GATEWAY_NOT_CONFIGURED');
  await configureBilling(ctx, { billingGateway: 'sandbox' });
  const foreign = await ctx.request('POST', '/api/subscription', { token: b.admin.token, body: { ...CHECKOUT, invoiceId: invoice.id } });
  t.equal(foreign.status, 404);
  t.equal(foreign.body.error, 'ERR_NO_INVOICE_FOUND');
  const missing = await ctx.request('POST', '/api/subscription', { token: a.admin.token, body: { ...CHECKOUT, zipcode: undefined, invoiceId: invoice.id } });
  t.equal(missing.status, 400);
  t.match(missing.body.field, /zipcode/);
  const country = await ctx.request('POST', '/api/subscription', { token: a.admin.token, body: { ...CHECKOUT, country: 'AR', invoiceId: invoice.id } });
  t.equal(country.status, 400, 'countries are BR and usa');
  await Invoice.scoped(a.companyId).findById(invoice.id).patch({ status: 'paid' } as Partial<Invoice>);
  const paid = await ctx.request('POST', '/api/subscription', { token: a.admin.token, body: { ...CHECKOUT, invoiceId: invoice.id } });
  t.equal(paid.status, 409);
  t.equal(paid.body.error, 'ERR_INVOICE_ALREADY_PAID');
});

t.test('a static Pix code is built from the operator\'s settings, which only the super user sets', async (t) => {
  const ctx = await build(t);
  const tenant = await payingTenant(ctx, 'Static', { dueDate: isoDay(5) });
  const refused = await ctx.request('PUT', '/api/settings/pixKey', { token: tenant.admin.token, body: { value: 'attacker@evil.test' } });
  t.equal(refused.status, 403);
  await configureBilling(ctx, { billingGateway: 'pix', pixKey: 'financeiro@atrium.com.br', pixMerchantName: 'Atrium', pixMerchantCity: 'Brasília' });
  const invoice = await openInvoice(tenant.companyId, 299.8);
  const res = await ctx.request('POST', '/api/subscription', { token: tenant.admin.token, body: { ...CHECKOUT, invoiceId: invoice.id } });
  t.equal(res.status, 200);
  t.equal(res.body.gateway, 'pix');
  t.equal(res.body.expiresAt, null, 'a static code does not expire');
  t.match(parsePix(res.body.qrcode.qrcode), { key: 'financeiro@atrium.com.br', amount: '299.80', merchantName: 'ATRIUM', merchantCity: 'BRASILIA' });
  const pay = await ctx.request('POST', '/api/subscription/sandbox/pay', { token: tenant.admin.token, body: { invoiceId: invoice.id } });
  t.equal(pay.status, 400);
  t.equal(pay.body.error, 'ERR_SANDBOX_GATEWAY_DISABLED', 'the sandbox pays only while it is the configured gateway');
});

async function allRows(ctx: Awaited<ReturnType<typeof build>>) {
  const knex = ctx.app.knex;
  const tables: string[] = testDb === 'mysql'
    ? ((await knex.raw('show tables'))[0] as Array<Record<string, string>>).map((r) => Object.values(r)[0])
    : (await knex('sqlite_master').where({ type: 'table' }).select('name')).map((r: { name: string }) => r.name);
  const dump: Record<string, unknown[]> = {};
  for (const table of tables) dump[table] = await knex(table).select('*');
  return JSON.stringify(dump);
}

t.test('card fields sent at checkout are never stored nor logged', async (t) => {
  let logs = '';
  const stream = new Writable({ write(chunk, _enc, done) { logs += chunk.toString(); done(); } });
  const ctx = await build(t, { logger: { level: 'trace', stream } });
  await configureBilling(ctx, { billingGateway: 'sandbox' });
  const tenant = await payingTenant(ctx, 'Cards', { dueDate: isoDay(5) });
  const invoice = await openInvoice(tenant.companyId);
  const card = { nameOnCard: 'MARIA Q SILVA', cardNumber: '4111111111111111', cvv: '737' };
  const res = await ctx.request('POST', '/api/subscription', { token: tenant.admin.token, body: { ...CHECKOUT, ...card, invoiceId: invoice.id } });
  t.equal(res.status, 200);
  // A refused one too (validation errors must not echo the card either).
  await ctx.request('POST', '/api/subscription', { token: tenant.admin.token, body: { ...CHECKOUT, ...card, country: 'XX', invoiceId: invoice.id } });
  const dump = await allRows(ctx);
  t.ok(dump.includes('Rua A, 10'), 'the billing address is kept for the next checkout');
  t.notOk(dump.includes('4111111111111111'), 'no card number in any table');
  t.notOk(dump.includes('MARIA Q SILVA'), 'no name on card in any table');
  t.notOk(/"737"|:737\b/.test(dump), 'no CVV in any table');
  t.ok(logs.length > 0, 'the server logged the requests');
  t.notOk(logs.includes('4111111111111111'), 'no card number in the log');
  t.notOk(logs.includes('MARIA Q SILVA'), 'no name on card in the log');
  const company = await Company.query().findById(tenant.companyId);
  t.notOk(JSON.stringify(company!.billing).includes('cvv'));
});
