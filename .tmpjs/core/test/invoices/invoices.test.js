import t from "tap";
import { build } from "../helper.js";
t.test("the super user issues an invoice to a company, which sees it and marks nothing itself", async (t2) => {
  const { request, token, createTenant } = await build(t2);
  const { admin, companyId } = await createTenant("Payer");
  const created = await request("POST", "/api/invoices", { token, body: { companyId, detail: "Plan Pro - May", value: 99.9, dueDate: "2030-05-10" } });
  t2.equal(created.status, 200);
  t2.equal(created.body.status, "open");
  t2.equal(created.body.companyId, companyId);
  const list = await request("GET", "/api/invoices/all", { token: admin.token });
  t2.equal(list.status, 200);
  t2.same(list.body.invoices.map((i) => i.detail), ["Plan Pro - May"]);
  t2.equal(list.body.hasMore, false);
  t2.equal((await request("GET", `/api/invoices/${created.body.id}`, { token: admin.token })).body.value, 99.9);
  const selfPay = await request("PUT", `/api/invoices/${created.body.id}`, { token: admin.token, body: { status: "paid" } });
  t2.equal(selfPay.status, 403, "a company cannot mark its own invoice paid");
  const paid = await request("PUT", `/api/invoices/${created.body.id}`, { token, body: { status: "paid" } });
  t2.equal(paid.body.status, "paid");
});
t.test("a company never sees another company's invoices", async (t2) => {
  const { request, token, createTenant } = await build(t2);
  const a = await createTenant("A Co");
  const b = await createTenant("B Co");
  const inv = await request("POST", "/api/invoices", { token, body: { companyId: a.companyId, detail: "A only", value: 10, dueDate: "2030-01-01" } });
  const res = await request("GET", `/api/invoices/${inv.body.id}`, { token: b.admin.token });
  t2.equal(res.status, 404);
  t2.equal(res.body.error, "ERR_NO_INVOICE_FOUND");
  t2.same((await request("GET", "/api/invoices/all", { token: b.admin.token })).body.invoices, []);
});
t.test("an invoice for a missing company or with a bad due date is refused", async (t2) => {
  const { request, token } = await build(t2);
  const missing = await request("POST", "/api/invoices", { token, body: { companyId: 999, detail: "x", value: 1, dueDate: "2030-01-01" } });
  t2.equal(missing.status, 404);
  t2.equal(missing.body.error, "ERR_NO_COMPANY_FOUND");
  const bad = await request("POST", "/api/invoices", { token, body: { companyId: 1, detail: "x", value: 1, dueDate: "10/01/2030" } });
  t2.equal(bad.status, 400);
  t2.match(bad.body.field, /dueDate/);
});
t.test("invoices are searched by detail and paged newest first", async (t2) => {
  const { request, token } = await build(t2);
  for (let i = 1; i <= 22; i++) await request("POST", "/api/invoices", { token, body: { companyId: 1, detail: `Month ${i}`, value: i, dueDate: "2030-01-01" } });
  const first = await request("GET", "/api/invoices/all", { token });
  t2.equal(first.body.invoices.length, 20);
  t2.equal(first.body.invoices[0].detail, "Month 22");
  t2.equal(first.body.hasMore, true);
  const search = await request("GET", "/api/invoices/all", { token, query: { searchParam: "Month 2" } });
  t2.same(search.body.invoices.map((i) => i.detail), ["Month 22", "Month 21", "Month 20", "Month 2"]);
});
