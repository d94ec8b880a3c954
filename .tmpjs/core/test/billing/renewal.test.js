import t from "tap";
import { io as connect } from "socket.io-client";
import { build } from "../helper.js";
import { Invoice, User } from "../../src/db/models/index.js";
import { hashPassword } from "../../src/util/password.js";
import { addMonths } from "../../src/util/dates.js";
import { CHECKOUT, configureBilling, dueDateOf, isoDay, openInvoice, payingTenant } from "./fixtures.js";
t.test("an expired company is refused at login; its admin pays with the renewal token and comes back", async (t2) => {
  const ctx = await build(t2);
  await configureBilling(ctx, { billingGateway: "sandbox" });
  const tenant = await payingTenant(ctx, "Lapsed", { dueDate: isoDay(-3), recurrence: "MENSAL" });
  const invoice = await openInvoice(tenant.companyId, 149.9, isoDay(-3));
  const login = await ctx.request("POST", "/api/auth/login", { body: { email: tenant.admin.email, password: tenant.admin.password } });
  t2.equal(login.status, 401);
  t2.equal(login.body.error, "ERR_SUBSCRIPTION_EXPIRED");
  t2.equal(login.body.dueDate, isoDay(-3), "the refusal names the date");
  t2.notOk(login.headers["set-cookie"], "no session is started");
  const renewal = login.body.renewalToken;
  t2.ok(renewal, "the admin gets a renewal token");
  for (const [method, url] of [["GET", "/api/tickets"], ["GET", "/api/auth/me"], ["GET", "/api/users/"], ["PUT", "/api/settings/userRating"]]) {
    const res = await ctx.request(method, url, { token: renewal, body: method === "PUT" ? { value: "enabled" } : void 0 });
    t2.equal(res.status, 401, `${method} ${url} is closed to the renewal token`);
    t2.equal(res.body.error, "ERR_SUBSCRIPTION_EXPIRED");
  }
  const list = await ctx.request("GET", "/api/invoices/all", { token: renewal });
  t2.same(list.body.invoices.map((i) => i.id), [invoice.id], "its invoices are readable");
  const early = await ctx.request("POST", "/api/auth/renewed", { token: renewal });
  t2.equal(early.status, 401, "no session before paying");
  const pix = await ctx.request("POST", "/api/subscription", { token: renewal, body: { ...CHECKOUT, invoiceId: invoice.id } });
  t2.equal(pix.status, 200);
  const pay = await ctx.request("POST", "/api/subscription/sandbox/pay", { token: renewal, body: { invoiceId: invoice.id } });
  t2.equal(pay.status, 200);
  t2.equal(pay.body.dueDate, addMonths(isoDay(0), 1), "expired: a full month from today");
  const again = await ctx.request("POST", "/api/subscription/sandbox/pay", { token: renewal, body: { invoiceId: invoice.id } });
  t2.equal(again.status, 409, "paying twice is refused");
  t2.equal(await dueDateOf(tenant.companyId), addMonths(isoDay(0), 1), "and moved nothing");
  const session = await ctx.request("POST", "/api/auth/renewed", { token: renewal });
  t2.equal(session.status, 200);
  t2.equal(session.body.user.company.dueDate, addMonths(isoDay(0), 1));
  t2.ok(session.headers["set-cookie"], "a full session with its refresh cookie");
  t2.equal((await ctx.request("GET", "/api/tickets", { token: session.body.token })).status, 200);
  t2.equal((await ctx.request("POST", "/api/auth/login", { body: { email: tenant.admin.email, password: tenant.admin.password } })).status, 200, "and login works again");
});
t.test("a plain user of an expired company gets no renewal token", async (t2) => {
  const ctx = await build(t2);
  const tenant = await payingTenant(ctx, "Lapsed Users", { dueDate: isoDay(-1) });
  const email = `agent.${tenant.companyId}@atrium.test`;
  await User.scoped(tenant.companyId).insert({ name: "Agent", email, passwordHash: await hashPassword("Agent-pass-123"), profile: "user", super: false, allTicket: "desabled" });
  const res = await ctx.request("POST", "/api/auth/login", { body: { email, password: "Agent-pass-123" } });
  t2.equal(res.status, 401);
  t2.equal(res.body.error, "ERR_SUBSCRIPTION_EXPIRED");
  t2.equal(res.body.renewalToken, void 0);
});
t.test("a renewal socket hears its company's payment and nothing else of the company", async (t2) => {
  const ctx = await build(t2);
  await configureBilling(ctx, { billingGateway: "sandbox" });
  const tenant = await payingTenant(ctx, "Socket Co", { dueDate: isoDay(-2) });
  const invoice = await openInvoice(tenant.companyId, 149.9, isoDay(-2));
  const renewal = (await ctx.request("POST", "/api/auth/login", { body: { email: tenant.admin.email, password: tenant.admin.password } })).body.renewalToken;
  await ctx.app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = ctx.app.server.address();
  const socket = connect(`http://127.0.0.1:${port}`, { path: "/socket.io", query: { token: renewal }, transports: ["websocket"], reconnection: false });
  t2.teardown(() => {
    socket.close();
  });
  await new Promise((resolve, reject) => {
    socket.on("connect", () => resolve());
    socket.on("connect_error", reject);
  });
  const heard = [];
  socket.onAny((event2) => heard.push(event2));
  const payment = new Promise((resolve) => socket.on(`company-${tenant.companyId}-payment`, resolve));
  await new Promise((r) => setTimeout(r, 100));
  ctx.app.bus.emit(tenant.companyId, "contact", { action: "update", contact: { id: 1 } });
  ctx.app.bus.emitTicketChange(tenant.companyId, "update", { id: 1, queueId: null, userId: null });
  await ctx.request("POST", "/api/subscription/sandbox/pay", { token: renewal, body: { invoiceId: invoice.id } });
  const event = await payment;
  t2.equal(event.action, "CONCLUIDA");
  t2.equal(event.company.dueDate, addMonths(isoDay(0), 1));
  await new Promise((r) => setTimeout(r, 100));
  t2.same(heard, [`company-${tenant.companyId}-payment`], "contact, ticket and invoice events never reach it");
});
t.test("the super user marking an invoice paid moves the due date once, through the same transition", async (t2) => {
  const ctx = await build(t2);
  const tenant = await payingTenant(ctx, "Manual Pay", { dueDate: "2031-01-31", recurrence: "MENSAL" });
  const invoice = await openInvoice(tenant.companyId, 149.9, "2031-01-31");
  const [a, b] = await Promise.all([
    ctx.request("PUT", `/api/invoices/${invoice.id}`, { token: ctx.token, body: { status: "paid" } }),
    ctx.request("PUT", `/api/invoices/${invoice.id}`, { token: ctx.token, body: { status: "paid" } })
  ]);
  t2.same([a.status, b.status], [200, 200]);
  t2.equal(a.body.status, "paid");
  t2.equal(await dueDateOf(tenant.companyId), "2031-02-28", "Jan 31 + 1 month = Feb 28, once");
  t2.equal((await Invoice.scoped(tenant.companyId).findById(invoice.id)).paidVia, "manual");
  const self = await ctx.request("PUT", `/api/invoices/${invoice.id}`, { token: tenant.admin.token, body: { status: "paid" } });
  t2.equal(self.status, 403, "a company cannot mark its own invoice paid");
});
