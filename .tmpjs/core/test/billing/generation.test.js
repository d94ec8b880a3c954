import t from "tap";
import { execFile } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { build } from "../helper.js";
import { Company, Invoice, Plan } from "../../src/db/models/index.js";
import { generateInvoices } from "../../src/domains/billing/generation.js";
import { isoDay, payingTenant } from "./fixtures.js";
const invoicesOf = (companyId) => Invoice.scoped(companyId).orderBy("id");
t.test("a company due within the window gets one open invoice priced by plan and recurrence", async (t2) => {
  const ctx = await build(t2);
  const monthly = await payingTenant(ctx, "Monthly", { value: 149.9, dueDate: isoDay(10), recurrence: "MENSAL" });
  const yearly = await payingTenant(ctx, "Yearly", { value: 149.9, dueDate: isoDay(3), recurrence: "ANUAL" });
  const later = await payingTenant(ctx, "Later", { value: 149.9, dueDate: isoDay(25) });
  await generateInvoices(ctx.app);
  const [m] = await invoicesOf(monthly.companyId);
  t2.match(m, { value: 149.9, dueDate: isoDay(10), status: "open" });
  t2.match(m.detail, /^Plan Monthly/);
  t2.equal((await invoicesOf(yearly.companyId))[0].value, 1798.8, "ANUAL = 12 months of the plan value");
  t2.same(await invoicesOf(later.companyId), [], "due in 25 days: outside the 10-day window");
});
t.test("running the generator again, or several at once, still makes one invoice per company and due date", async (t2) => {
  const ctx = await build(t2);
  const tenant = await payingTenant(ctx, "Once", { dueDate: isoDay(2) });
  await Promise.all(Array.from({ length: 6 }, () => generateInvoices(ctx.app)));
  await generateInvoices(ctx.app);
  t2.equal((await invoicesOf(tenant.companyId)).length, 1);
  await t2.rejects(async () => {
    await Invoice.scoped(tenant.companyId).insert({ detail: "dup", value: 1, dueDate: isoDay(2), cycleDueDate: isoDay(2), status: "open" });
  });
});
t.test("a paid invoice for the due date means no new one; the next due date gets its own", async (t2) => {
  const ctx = await build(t2);
  const tenant = await payingTenant(ctx, "Paid", { dueDate: isoDay(4) });
  await generateInvoices(ctx.app);
  const [first] = await invoicesOf(tenant.companyId);
  await Invoice.scoped(tenant.companyId).findById(first.id).patch({ status: "paid" });
  await generateInvoices(ctx.app);
  t2.equal((await invoicesOf(tenant.companyId)).length, 1);
  await Company.query().findById(tenant.companyId).patch({ dueDate: isoDay(9) });
  await generateInvoices(ctx.app);
  t2.same((await invoicesOf(tenant.companyId)).map((i) => i.dueDate), [isoDay(4), isoDay(9)]);
});
t.test("a later plan price change does not re-price an invoice already generated", async (t2) => {
  const ctx = await build(t2);
  const tenant = await payingTenant(ctx, "Reprice", { value: 100, dueDate: isoDay(1) });
  await generateInvoices(ctx.app);
  await Plan.query().findById(tenant.planId).patch({ value: 300 });
  await generateInvoices(ctx.app);
  t2.same((await invoicesOf(tenant.companyId)).map((i) => i.value), [100]);
});
t.test("inactive companies, free plans and the super user's manual invoices are left alone", async (t2) => {
  const ctx = await build(t2);
  const inactive = await payingTenant(ctx, "Inactive", { dueDate: isoDay(1) });
  await Company.query().findById(inactive.companyId).patch({ status: false });
  const free = await payingTenant(ctx, "Free", { value: 0, dueDate: isoDay(1) });
  const manual = await payingTenant(ctx, "Manual", { dueDate: isoDay(30) });
  const issued = await ctx.request("POST", "/api/invoices", { token: ctx.token, body: { companyId: manual.companyId, detail: "Setup", value: 50, dueDate: isoDay(1) } });
  t2.equal(issued.status, 200);
  await generateInvoices(ctx.app);
  t2.same(await invoicesOf(inactive.companyId), []);
  t2.same(await invoicesOf(free.companyId), []);
  t2.same((await invoicesOf(manual.companyId)).map((i) => i.detail), ["Setup"]);
});
t.test("the generation job is queued under a stable id and makes the invoices when it runs", async (t2) => {
  const ctx = await build(t2);
  const tenant = await payingTenant(ctx, "Job", { dueDate: isoDay(6) });
  const enqueued = [];
  const enqueue = ctx.app.jobs.enqueue.bind(ctx.app.jobs);
  ctx.app.jobs.enqueue = async (name, data, options) => {
    enqueued.push({ name, jobId: options?.jobId });
    return enqueue(name, data, options);
  };
  await ctx.app.jobs.enqueue("billing.generateInvoices", {}, { jobId: "invoices-test-run" });
  for (let i = 0; i < 100 && (await invoicesOf(tenant.companyId)).length === 0; i++) await new Promise((r) => setTimeout(r, 50));
  t2.equal((await invoicesOf(tenant.companyId)).length, 1);
  const mine = enqueued.findIndex((e) => e.jobId === "invoices-test-run");
  const next = () => enqueued.slice(mine + 1).find((e) => e.name === "billing.generateInvoices" && /^invoices-\d{10}$/.test(e.jobId ?? ""));
  for (let i = 0; i < 100 && !next(); i++) await new Promise((r) => setTimeout(r, 20));
  const nextHour = new Date(Math.floor(Date.now() / 36e5) * 36e5 + 36e5).toISOString().slice(0, 13).replace(/\D/g, "");
  t2.equal(next()?.jobId, `invoices-${nextHour}`, "the next run is queued under the next hour");
});
t.test("two processes generating at the same moment still make one invoice per company", async (t2) => {
  const ctx = await build(t2);
  const plan = await Plan.query().insertAndFetch({ name: "Race plan", users: 0, connections: 0, queues: 0, value: 100 });
  const ids = [];
  for (let i = 0; i < 40; i++) {
    const company = await Company.query().insertAndFetch({ name: `Race ${i}`, email: `race${i}@atrium.test`, planId: plan.id, status: true, dueDate: isoDay(3), recurrence: "MENSAL" });
    ids.push(company.id);
  }
  const child = path.join(path.dirname(fileURLToPath(import.meta.url)), "generate-child.ts");
  const env = { ...process.env, BILLING_CHILD_DB: JSON.stringify(ctx.app.config.database), BILLING_CHILD_START: String(Date.now() + 3e3) };
  const run = () => promisify(execFile)(process.execPath, ["--import=tsx", child], { env, timeout: 6e4 });
  const [a, b] = await Promise.all([run(), run()]);
  const created = Number(a.stdout) + Number(b.stdout);
  t2.ok(created <= ids.length, `the two processes created ${created} between them`);
  const rows = await ctx.app.knex("invoices").whereIn("companyId", ids).select("companyId");
  t2.equal(rows.length, ids.length, "one invoice per company");
  t2.equal(new Set(rows.map((r) => r.companyId)).size, ids.length);
});
t.test("sign-up bills the trial at once when its plan is paid (a free plan still makes no invoice)", async (t2) => {
  const ctx = await build(t2);
  const paid = await Plan.query().insertAndFetch({ name: "Starter", users: 3, connections: 1, queues: 3, value: 79.9 });
  const signup = await ctx.request("POST", "/api/companies/cadastro", { body: { name: "Nova Loja", email: "nova@loja.test", password: "Nova-pass-123", planId: paid.id } });
  t2.equal(signup.status, 200);
  const [invoice] = await invoicesOf(signup.body.id);
  t2.match(invoice, { value: 79.9, dueDate: signup.body.dueDate, status: "open", detail: "Starter" }, "the trial's due date is billed before any hourly run");
  const free = await Plan.query().insertAndFetch({ name: "Free", users: 0, connections: 0, queues: 0, value: 0 });
  const freeSignup = await ctx.request("POST", "/api/companies/cadastro", { body: { name: "Gratis", email: "gratis@loja.test", password: "Gratis-pass-123", planId: free.id } });
  t2.same(await invoicesOf(freeSignup.body.id), []);
  const login = await ctx.request("POST", "/api/auth/login", { body: { email: "nova@loja.test", password: "Nova-pass-123" } });
  const listed = await ctx.request("GET", "/api/invoices/all", { token: login.body.token });
  t2.same(listed.body.invoices.map((i) => i.id), [invoice.id], "the new admin sees it on Financeiro");
});
t.test("the super user moving the due date into the window, or onto a paid plan, bills it at once", async (t2) => {
  const ctx = await build(t2);
  const tenant = await payingTenant(ctx, "Moved", { dueDate: isoDay(30) });
  const put = (body) => ctx.request("PUT", `/api/companies/${tenant.companyId}`, { token: ctx.token, body });
  t2.equal((await put({ name: "Moved Co" })).status, 200);
  t2.same(await invoicesOf(tenant.companyId), [], "due in 30 days: nothing yet");
  t2.equal((await put({ dueDate: isoDay(5) })).status, 200);
  t2.same((await invoicesOf(tenant.companyId)).map((i) => i.dueDate), [isoDay(5)], "due in 5 days: billed");
  t2.equal((await put({ dueDate: isoDay(5) })).status, 200);
  t2.equal((await invoicesOf(tenant.companyId)).length, 1, "saving again bills nothing twice");
  const onFree = await payingTenant(ctx, "Upgraded", { value: 0, dueDate: isoDay(2) });
  const paid = await Plan.query().insertAndFetch({ name: "Pro", users: 0, connections: 0, queues: 0, value: 200 });
  const upgrade = await ctx.request("PUT", `/api/companies/${onFree.companyId}`, { token: ctx.token, body: { planId: paid.id } });
  t2.equal(upgrade.status, 200);
  t2.same((await invoicesOf(onFree.companyId)).map((i) => [i.detail, i.value]), [["Pro", 200]], "a free company moved onto a paid plan");
  t2.same(await invoicesOf(tenant.companyId).then((l) => l.length), 1, "another company is untouched");
});
t.test("an expired company never billed gets its invoice when its admin is refused at login", async (t2) => {
  const ctx = await build(t2);
  const tenant = await payingTenant(ctx, "Expired", { dueDate: isoDay(-2) });
  const login = await ctx.request("POST", "/api/auth/login", { body: { email: tenant.admin.email, password: tenant.admin.password } });
  t2.equal(login.body.error, "ERR_SUBSCRIPTION_EXPIRED");
  const listed = await ctx.request("GET", "/api/invoices/all", { token: login.body.renewalToken });
  t2.same(listed.body.invoices.map((i) => [i.dueDate, i.status]), [[isoDay(-2), "open"]], "the renewal page has an invoice to pay");
});
