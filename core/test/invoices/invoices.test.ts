import t from 'tap';
import { build } from '../helper.js';

t.test('the super user issues an invoice to a company, which sees it and marks nothing itself', async (t) => {
  const { request, token, createTenant } = await build(t);
  const { admin, companyId } = await createTenant('Payer');
  const created = await request('POST', '/api/invoices', { token, body: { companyId, detail: 'Plan Pro - May', value: 99.9, dueDate: '2030-05-10' } });
  t.equal(created.status, 200);
  t.equal(created.body.status, 'open');
  t.equal(created.body.companyId, companyId);
  const list = await request('GET', '/api/invoices/all', { token: admin.token });
  t.equal(list.status, 200);
  t.same(list.body.invoices.map((i: { detail: string }) => i.detail), ['Plan Pro - May']);
  t.equal(list.body.hasMore, false);
  t.equal((await request('GET', `/api/invoices/${created.body.id}`, { token: admin.token })).body.value, 99.9);
  const selfPay = await request('PUT', `/api/invoices/${created.body.id}`, { token: admin.token, body: { status: 'paid' } });
  t.equal(selfPay.status, 403, 'a company cannot mark its own invoice paid');
  const paid = await request('PUT', `/api/invoices/${created.body.id}`, { token, body: { status: 'paid' } });
  t.equal(paid.body.status, 'paid');
});

t.test('a company never sees another company\'s invoices', async (t) => {
  const { request, token, createTenant } = await build(t);
  const a = await createTenant('A Co');
  const b = await createTenant('B Co');
  const inv = await request('POST', '/api/invoices', { token, body: { companyId: a.companyId, detail: 'A only', value: 10, dueDate: '2030-01-01' } });
  const res = await request('GET', `/api/invoices/${inv.body.id}`, { token: b.admin.token });
  t.equal(res.status, 404);
  t.equal(res.body.error, 'ERR_NO_INVOICE_FOUND');
  t.same((await request('GET', '/api/invoices/all', { token: b.admin.token })).body.invoices, []);
});

t.test('an invoice for a missing company or with a bad due date is refused', async (t) => {
  const { request, token } = await build(t);
  const missing = await request('POST', '/api/invoices', { token, body: { companyId: 999, detail: 'x', value: 1, dueDate: '2030-01-01' } });
  t.equal(missing.status, 404);
  t.equal(missing.body.error, 'ERR_NO_COMPANY_FOUND');
  const bad = await request('POST', '/api/invoices', { token, body: { companyId: 1, detail: 'x', value: 1, dueDate: '10/01/2030' } });
  t.equal(bad.status, 400);
  t.match(bad.body.field, /dueDate/);
});

t.test('invoices are searched by detail and paged newest first', async (t) => {
  const { request, token } = await build(t);
  for (let i = 1; i <= 22; i++) await request('POST', '/api/invoices', { token, body: { companyId: 1, detail: `Month ${i}`, value: i, dueDate: '2030-01-01' } });
  const first = await request('GET', '/api/invoices/all', { token });
  t.equal(first.body.invoices.length, 20);
  t.equal(first.body.invoices[0].detail, 'Month 22');
  t.equal(first.body.hasMore, true);
  const search = await request('GET', '/api/invoices/all', { token, query: { searchParam: 'Month 2' } });
  t.same(search.body.invoices.map((i: { detail: string }) => i.detail), ['Month 22', 'Month 21', 'Month 20', 'Month 2']);
});
