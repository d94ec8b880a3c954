import t from "tap";
import { createServer } from "node:http";
import { build } from "../helper.js";
import { Company, Invoice } from "../../src/db/models/index.js";
import { addMonths } from "../../src/util/dates.js";
import { parsePix, buildStaticPix } from "../../src/domains/billing/brcode.js";
import { CHECKOUT, capturePayments, configureBilling, dueDateOf, isoDay, openInvoice, payingTenant } from "./fixtures.js";
const API_KEY = "$aact_test_key_0123456789";
const WEBHOOK_TOKEN = "whk-token-abcdefghijklmnopqrstuvwxyz-0123";
async function fakeAsaas(t2) {
  const calls = [];
  let payments = 0;
  const read = async (req) => {
    let text = "";
    for await (const chunk of req) text += chunk;
    return text ? JSON.parse(text) : void 0;
  };
  const server = createServer(async (req, res) => {
    const body = await read(req);
    calls.push({ method: req.method, url: req.url, key: req.headers.access_token, body });
    const json = (status, value) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(value));
    };
    if (req.headers.access_token !== API_KEY) return json(401, { errors: [{ code: "invalid_access_token" }] });
    if (req.method === "POST" && req.url === "/v3/customers") return json(200, { id: "cus_000001", name: body.name });
    if (req.method === "POST" && req.url === "/v3/payments") {
      payments += 1;
      return json(200, { id: `pay_${payments}`, status: "PENDING", value: body.value, externalReference: body.externalReference });
    }
    const qr = /^\/v3\/payments\/(pay_\d+)\/pixQrCode$/.exec(req.url ?? "");
    if (req.method === "GET" && qr) {
      const payload = buildStaticPix({ key: "asaas@bank.test", merchantName: "Asaas", merchantCity: "Joinville", amount: 149.9, txid: qr[1].replace("_", "") });
      return json(200, { success: true, encodedImage: "iVBORw0KGgo=", payload, expirationDate: "2099-12-31 23:59:59" });
    }
    json(404, { errors: [{ code: "not_found" }] });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  t2.teardown(() => new Promise((resolve) => server.close(() => resolve())));
  return { calls, baseUrl: `http://127.0.0.1:${server.address().port}/v3` };
}
async function setup(t2, opts = {}) {
  const ctx = await build(t2);
  const asaas = await fakeAsaas(t2);
  await configureBilling(ctx, { billingGateway: "asaas", asaasUrl: asaas.baseUrl, asaas: API_KEY, ...opts.webhookToken !== void 0 ? { asaasWebhookToken: opts.webhookToken } : {} });
  const tenant = await payingTenant(ctx, "Asaas Co", { dueDate: opts.dueDate ?? isoDay(5), recurrence: opts.recurrence });
  const invoice = await openInvoice(tenant.companyId, 149.9, opts.dueDate ?? isoDay(5));
  const charge = await ctx.request("POST", "/api/subscription", { token: tenant.admin.token, body: { ...CHECKOUT, invoiceId: invoice.id, price: 1 } });
  t2.equal(charge.status, 200, "the charge is created at the gateway");
  const hook = (body, token = WEBHOOK_TOKEN) => ctx.request("POST", "/api/subscription/webhook/asaas", { body, headers: token === null ? {} : { "asaas-access-token": token } });
  return { ctx, asaas, tenant, invoice, charge, hook };
}
const received = (paymentId, value = 149.9, event = "PAYMENT_RECEIVED", id = "evt_1") => ({ id, event, dateCreated: "2030-01-01 10:00:00", payment: { object: "payment", id: paymentId, value, netValue: value - 1, billingType: "PIX", status: "RECEIVED", externalReference: "x" } });
t.test("checkout creates a PIX payment at Asaas for the invoice value and returns its copy-paste code", async (t2) => {
  const { asaas, charge, tenant } = await setup(t2, { webhookToken: WEBHOOK_TOKEN });
  t2.equal(charge.body.gateway, "asaas");
  t2.equal(charge.body.valor.original, "149.90");
  t2.ok(parsePix(charge.body.qrcode.qrcode), "the gateway's code is passed through");
  const create = asaas.calls.find((c) => c.url === "/v3/payments");
  t2.match(create.body, { customer: "cus_000001", billingType: "PIX", value: 149.9 }, "the amount is the invoice's, not the request's price");
  t2.ok(asaas.calls.every((c) => c.key === API_KEY), "every call carries the operator's API key");
  const company = await Company.query().findById(tenant.companyId);
  t2.equal(company.billing?.asaasCustomerId, "cus_000001", "the customer is remembered");
});
t.test("the webhook fails closed: no configured token, a missing or a wrong one is 401 and changes nothing", async (t2) => {
  const { ctx, hook, tenant, invoice } = await setup(t2);
  const before = await dueDateOf(tenant.companyId);
  const unconfigured = await hook(received("pay_1"));
  t2.equal(unconfigured.status, 401, "no token configured: refused");
  t2.equal(unconfigured.body.error, "ERR_INVALID_WEBHOOK_TOKEN");
  t2.equal((await hook(received("pay_1"), "")).status, 401);
  await configureBilling(ctx, { asaasWebhookToken: WEBHOOK_TOKEN });
  ctx.app.tenancy.invalidate();
  t2.equal((await hook(received("pay_1"), null)).status, 401, "missing header");
  t2.equal((await hook(received("pay_1"), `${WEBHOOK_TOKEN}x`)).status, 401, "wrong token");
  t2.equal((await Invoice.scoped(tenant.companyId).findById(invoice.id)).status, "open");
  t2.equal(await dueDateOf(tenant.companyId), before);
});
t.test("PAYMENT_RECEIVED pays the invoice, moves the due date one period and tells that company CONCLUIDA", async (t2) => {
  const { ctx, hook, tenant, invoice } = await setup(t2, { webhookToken: WEBHOOK_TOKEN, dueDate: isoDay(5), recurrence: "TRIMESTRAL" });
  const events = capturePayments(ctx);
  const res = await hook(received("pay_1"));
  t2.equal(res.status, 200);
  const paid = await Invoice.scoped(tenant.companyId).findById(invoice.id);
  t2.match(paid, { status: "paid", paidVia: "asaas", paidValue: 149.9 });
  t2.equal(await dueDateOf(tenant.companyId), addMonths(isoDay(5), 3));
  t2.same(events.map((e) => e.companyId), [tenant.companyId, tenant.companyId], "to the company room and its renewal room, nowhere else");
  t2.match(events[0].payload, { action: "CONCLUIDA", invoiceId: invoice.id, company: { id: tenant.companyId, dueDate: addMonths(isoDay(5), 3) } });
});
t.test("the same event three times, or CONFIRMED then RECEIVED, moves the due date once", async (t2) => {
  const { ctx, hook, tenant } = await setup(t2, { webhookToken: WEBHOOK_TOKEN, dueDate: isoDay(5) });
  const events = capturePayments(ctx);
  for (let i = 0; i < 3; i++) t2.equal((await hook(received("pay_1"))).status, 200, "a repeat still answers 200 (or Asaas pauses the queue)");
  t2.equal((await hook(received("pay_1", 149.9, "PAYMENT_CONFIRMED", "evt_2"))).status, 200);
  t2.equal(await dueDateOf(tenant.companyId), addMonths(isoDay(5), 1));
  t2.equal(events.filter((e) => !e.room).length, 1, "one CONCLUIDA");
});
t.test("CONFIRMED alone pays (cards), and racing deliveries move the due date once", async (t2) => {
  const { ctx, hook, tenant } = await setup(t2, { webhookToken: WEBHOOK_TOKEN, dueDate: isoDay(2) });
  const events = capturePayments(ctx);
  const replies = await Promise.all([
    hook(received("pay_1", 149.9, "PAYMENT_CONFIRMED", "evt_a")),
    hook(received("pay_1", 149.9, "PAYMENT_RECEIVED", "evt_b")),
    hook(received("pay_1", 149.9, "PAYMENT_RECEIVED", "evt_b")),
    hook(received("pay_1", 149.9, "PAYMENT_CONFIRMED", "evt_a"))
  ]);
  t2.same(replies.map((r) => r.status), [200, 200, 200, 200]);
  t2.equal(await dueDateOf(tenant.companyId), addMonths(isoDay(2), 1));
  t2.equal(events.filter((e) => !e.room).length, 1);
});
t.test("an amount below the invoice is not a payment; other events and unknown charges change nothing", async (t2) => {
  const { hook, tenant, invoice } = await setup(t2, { webhookToken: WEBHOOK_TOKEN, dueDate: isoDay(5) });
  const before = await dueDateOf(tenant.companyId);
  t2.equal((await hook(received("pay_1", 149.89))).status, 200);
  t2.equal((await hook({ ...received("pay_1"), event: "PAYMENT_OVERDUE" })).status, 200);
  t2.equal((await hook({ ...received("pay_1"), event: "PAYMENT_CREATED" })).status, 200);
  t2.equal((await hook(received("pay_999"))).status, 200, "an unknown charge is acknowledged (and logged)");
  t2.equal((await Invoice.scoped(tenant.companyId).findById(invoice.id)).status, "open");
  t2.equal(await dueDateOf(tenant.companyId), before);
  t2.equal((await hook(received("pay_1", 150))).status, 200);
  t2.equal((await Invoice.scoped(tenant.companyId).findById(invoice.id)).status, "paid", "more than the value pays");
});
t.test("a gateway that refuses the call is a 502, and the API key is not in the answer", async (t2) => {
  const ctx = await build(t2);
  const asaas = await fakeAsaas(t2);
  await configureBilling(ctx, { billingGateway: "asaas", asaasUrl: asaas.baseUrl, asaas: "wrong-key-123" });
  const tenant = await payingTenant(ctx, "Refused", { dueDate: isoDay(5) });
  const invoice = await openInvoice(tenant.companyId);
  const res = await ctx.request("POST", "/api/subscription", { token: tenant.admin.token, body: { ...CHECKOUT, invoiceId: invoice.id } });
  t2.equal(res.status, 502);
  t2.equal(res.body.error, "ERR_PAYMENT_GATEWAY");
  t2.notOk(JSON.stringify(res.body).includes("wrong-key-123"));
});
t.test("a payment of a charge replaced after it expired still pays its invoice (found by externalReference)", async (t2) => {
  const { ctx, hook, tenant, invoice } = await setup(t2, { webhookToken: WEBHOOK_TOKEN, dueDate: isoDay(5) });
  await Invoice.scoped(tenant.companyId).findById(invoice.id).patch({ chargeExpiresAt: new Date(Date.now() - 1e3).toISOString() });
  const renewed = await ctx.request("POST", "/api/subscription", { token: tenant.admin.token, body: { ...CHECKOUT, invoiceId: invoice.id } });
  t2.equal(renewed.status, 200);
  t2.equal((await Invoice.scoped(tenant.companyId).findById(invoice.id)).chargeId, "pay_2", "a new charge replaced the expired one");
  t2.equal((await hook({ ...received("pay_1"), payment: { ...received("pay_1").payment, externalReference: `invoice-${invoice.id}` } })).status, 200);
  t2.equal((await Invoice.scoped(tenant.companyId).findById(invoice.id)).status, "paid");
  t2.equal(await dueDateOf(tenant.companyId), addMonths(isoDay(5), 1));
});
