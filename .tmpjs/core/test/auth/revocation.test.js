import t from "tap";
import { build } from "../helper.js";
import { apiOf, newUser, revocations } from "./revocation-scenarios.js";
import { isoDay, openInvoice } from "../billing/fixtures.js";
import { Company } from "../../src/db/models/index.js";
import { settleInvoice } from "../../src/domains/billing/payment.js";
t.test("one process: a change applies to the next request", async (t2) => {
  const ctx = await build(t2);
  await revocations(t2, ctx, apiOf(ctx.app));
  await t2.test("a super user who loses the flag loses the super routes at once", async (t3) => {
    const made = await ctx.request("POST", "/api/users", { token: ctx.token, body: { ...newUser("second.super@atrium.test"), super: true } });
    t3.equal(made.status, 200);
    const token = await ctx.login("second.super@atrium.test", "Backdoor-pass-1");
    t3.equal((await ctx.request("GET", "/api/companies", { token })).status, 200);
    t3.equal((await ctx.request("PUT", `/api/users/${made.body.id}`, { token: ctx.token, body: { super: false } })).status, 200);
    t3.equal((await ctx.request("GET", "/api/companies", { token })).status, 403);
  });
  await t2.test("a payment (a raw update of the due date) lets the company's older tokens work again at once", async (t3) => {
    const tenant = await ctx.createTenant("Pays Late");
    const agent = await ctx.createUser(tenant.companyId);
    await Company.query().findById(tenant.companyId).patch({ dueDate: isoDay(-2) });
    t3.equal((await ctx.request("GET", "/api/tickets", { token: agent.token })).status, 401, "expired (and cached so)");
    const invoice = await openInvoice(tenant.companyId, 99, isoDay(-2));
    t3.equal((await settleInvoice(ctx.app, { invoiceId: invoice.id, amount: 99, via: "manual" })).outcome, "paid");
    t3.equal((await ctx.request("GET", "/api/tickets", { token: agent.token })).status, 200, "paid: the next request works");
  });
});
