import t from "tap";
import { build, ADMIN_EMAIL } from "../helper.js";
import { Company, Setting, User, Whatsapp } from "../../src/db/models/index.js";
import { until } from "../connections/util.js";
import { defaultSchedules } from "../../src/seed.js";
const signup = (email, extra = {}) => ({ name: "New Shop", email, phone: "11987654321", password: "secret1", planId: 1, recurrence: "ANUAL", dueDate: "2099-01-01", status: "t", campaignsEnabled: false, ...extra });
t.test("a visitor signs up: a 3-day trial company with defaults and an admin who can sign in", async (t2) => {
  const { request, login } = await build(t2);
  const res = await request("POST", "/api/companies/cadastro", { body: signup("Owner@Shop.test") });
  t2.equal(res.status, 200);
  const company = await Company.query().findById(res.body.id);
  const expected = new Date(Date.now() + 3 * 864e5).toISOString().slice(0, 10);
  t2.equal(company.dueDate, expected, "trial: today + 3 days, whatever the form sent");
  t2.equal(company.recurrence, "MENSAL");
  t2.equal(company.status, true);
  t2.equal(company.campaignsEnabled, true);
  t2.same(company.schedules, defaultSchedules());
  const settings = await Setting.scoped(company.id);
  t2.ok(settings.some((s) => s.key === "userRating"), "default settings seeded");
  const admin = await User.scoped(company.id).findOne({ email: "owner@shop.test" });
  t2.equal(admin.profile, "admin");
  t2.equal(admin.super, false);
  t2.type(await login("owner@shop.test", "secret1"), "string");
});
t.test("signing up with an e-mail already used is 409 ERR_EMAIL_IN_USE and creates nothing", async (t2) => {
  const { request } = await build(t2);
  const before = await Company.query().resultSize();
  const res = await request("POST", "/api/companies/cadastro", { body: signup(ADMIN_EMAIL) });
  t2.equal(res.status, 409);
  t2.equal(res.body.error, "ERR_EMAIL_IN_USE");
  t2.equal(await Company.query().resultSize(), before);
});
t.test("sign-up validation: name 2-50, valid e-mail, password 5-50, phone at most 11 digits, existing plan", async (t2) => {
  const { request } = await build(t2);
  for (const [body, field] of [
    [signup("a@x.test", { name: "A" }), /name/],
    [signup("a@x.test", { name: "x".repeat(51) }), /name/],
    [signup("bad-mail"), /email/],
    [signup("a@x.test", { password: "1234" }), /password/],
    [signup("a@x.test", { phone: "(11) 98765-43210" }), /phone/],
    [signup("a@x.test", { phone: "call me" }), /phone/]
  ]) {
    const res = await request("POST", "/api/companies/cadastro", { body });
    t2.equal(res.status, 400, JSON.stringify(body));
    t2.match(res.body.field, field);
  }
  const masked = await request("POST", "/api/companies/cadastro", { body: signup("mask@x.test", { phone: "(11) 98765-4321" }) });
  t2.equal(masked.status, 200);
  t2.equal(masked.body.phone, "11987654321", "a masked phone is stored as digits");
  const noPlan = await request("POST", "/api/companies/cadastro", { body: signup("p@x.test", { planId: 999 }) });
  t2.equal(noPlan.status, 404);
  t2.equal(noPlan.body.error, "ERR_NO_PLAN_FOUND");
});
t.test("sign-up is rate-limited like login", async (t2) => {
  const { request } = await build(t2, { config: { loginRateLimit: { max: 2, windowMs: 6e4 } } });
  const statuses = [];
  for (let i = 0; i < 3; i++) statuses.push((await request("POST", "/api/companies/cadastro", { body: signup(`r${i}@x.test`) })).status);
  t2.same(statuses, [200, 200, 429]);
});
t.test("a company reads its own plan with flags; another company's plan is not found; the super user reads any", async (t2) => {
  const { request, token, createTenant } = await build(t2);
  const a = await createTenant("PlanA", { useKanban: false });
  const b = await createTenant("PlanB");
  const own = await request("GET", `/api/companies/listPlan/${a.companyId}`, { token: a.admin.token });
  t2.equal(own.status, 200);
  t2.equal(own.body.useKanban, false);
  const other = await request("GET", `/api/companies/listPlan/${a.companyId}`, { token: b.admin.token });
  t2.equal(other.status, 404);
  t2.equal(other.body.error, "ERR_NO_COMPANY_FOUND");
  t2.equal((await request("GET", `/api/companies/listPlan/${a.companyId}`, { token })).status, 200);
});
t.test("the super user lists, searches, creates, updates and deletes companies", async (t2) => {
  const { request, token, login } = await build(t2);
  const created = await request("POST", "/api/companies", { token, body: { name: "Beta Ltd", email: "beta@x.test", planId: 1, password: "beta-pass", dueDate: "", recurrence: "TRIMESTRAL" } });
  t2.equal(created.status, 200);
  t2.equal(created.body.dueDate, null, "empty dueDate stored as null");
  t2.equal(created.body.plan.id, 1);
  t2.type(await login("beta@x.test", "beta-pass"), "string", "admin user created with the company e-mail");
  const page = await request("GET", "/api/companies", { token, query: { searchParam: "beta" } });
  t2.same(page.body.companies.map((c) => c.name), ["Beta Ltd"]);
  t2.equal(page.body.hasMore, false);
  t2.ok((await request("GET", "/api/companies/list", { token })).body.length >= 2);
  const updated = await request("PUT", `/api/companies/${created.body.id}`, { token, body: { dueDate: "2031-02-30", recurrence: "ANUAL", status: false } });
  t2.equal(updated.status, 200);
  t2.equal(updated.body.dueDate, null, "an invalid date is stored as null");
  t2.equal(updated.body.recurrence, "ANUAL");
  t2.equal(updated.body.status, false);
  const dated = await request("PUT", `/api/companies/${created.body.id}`, { token, body: { dueDate: "2031-02-28T00:00:00.000Z" } });
  t2.equal(dated.body.dueDate, "2031-02-28");
  const badRecurrence = await request("PUT", `/api/companies/${created.body.id}`, { token, body: { recurrence: "WEEKLY" } });
  t2.equal(badRecurrence.status, 400);
  t2.equal((await request("DELETE", `/api/companies/${created.body.id}`, { token })).status, 200);
  t2.equal((await request("GET", `/api/companies/${created.body.id}`, { token })).status, 404);
  t2.equal(await User.unscoped("test").where("email", "beta@x.test").resultSize(), 0, "its users went with it");
});
t.test("deleting a company stops its connections' sessions first", async (t2) => {
  const { app, request, token, createTenant } = await build(t2);
  const tenant = await createTenant("Gamma");
  const created = await request("POST", "/api/whatsapp", { token: tenant.admin.token, body: { name: "Gamma phone", provider: "sandbox" } });
  t2.equal(created.status, 200);
  const whatsappId = created.body.id;
  await until(() => app.sessions.statusOf(whatsappId) === "CONNECTED", 5e3, "the sandbox session");
  t2.equal((await request("DELETE", `/api/companies/${tenant.companyId}`, { token })).status, 200);
  t2.equal(app.sessions.running(whatsappId), void 0, "no session left running for the deleted company");
  t2.equal(await Whatsapp.unscoped("test").where("id", whatsappId).resultSize(), 0, "its connection went with it");
});
t.test("the super user cannot delete their own company", async (t2) => {
  const { request, token } = await build(t2);
  const res = await request("DELETE", "/api/companies/1", { token });
  t2.equal(res.status, 403);
  t2.ok(await Company.query().findById(1));
});
t.test("a company admin cannot list, read, create, change or delete companies", async (t2) => {
  const { request, createTenant } = await build(t2);
  const { admin, companyId } = await createTenant("Nosy");
  const token = admin.token;
  t2.equal((await request("GET", "/api/companies", { token })).status, 403);
  t2.equal((await request("GET", "/api/companies/list", { token })).status, 403);
  t2.equal((await request("GET", `/api/companies/${companyId}`, { token })).status, 403);
  t2.equal((await request("POST", "/api/companies", { token, body: { name: "X co", email: "x@x.test", planId: 1 } })).status, 403);
  const extend = await request("PUT", `/api/companies/${companyId}`, { token, body: { dueDate: "2099-01-01" } });
  t2.equal(extend.status, 403, "no extending one's own subscription");
  t2.equal((await request("DELETE", `/api/companies/${companyId}`, { token })).status, 403);
});
t.test("a company admin sets opening hours; a plain user and another company cannot", async (t2) => {
  const { request, token, createTenant, createUser } = await build(t2);
  const a = await createTenant("HoursA");
  const b = await createTenant("HoursB");
  const user = await createUser(a.companyId);
  const schedules = defaultSchedules().map((s) => ({ ...s, startTime: "09:00" }));
  const ok = await request("PUT", `/api/companies/${a.companyId}/schedules`, { token: a.admin.token, body: { schedules } });
  t2.equal(ok.status, 200);
  t2.equal(ok.body.schedules[0].startTime, "09:00");
  t2.equal((await request("PUT", `/api/companies/${a.companyId}/schedules`, { token: user.token, body: { schedules } })).status, 403);
  const foreign = await request("PUT", `/api/companies/${a.companyId}/schedules`, { token: b.admin.token, body: { schedules } });
  t2.equal(foreign.status, 404);
  t2.equal((await request("PUT", `/api/companies/${a.companyId}/schedules`, { token, body: { schedules } })).status, 200, "the super user may");
  const badHour = await request("PUT", `/api/companies/${a.companyId}/schedules`, { token: a.admin.token, body: { schedules: schedules.map((s, i) => i ? s : { ...s, endTime: "25:00" }) } });
  t2.equal(badHour.status, 400);
  const six = await request("PUT", `/api/companies/${a.companyId}/schedules`, { token: a.admin.token, body: { schedules: schedules.slice(1) } });
  t2.equal(six.status, 400);
  const twice = await request("PUT", `/api/companies/${a.companyId}/schedules`, { token: a.admin.token, body: { schedules: schedules.map((s) => ({ ...s, weekdayEn: "monday" })) } });
  t2.equal(twice.status, 400);
});
t.test("changing a company's plan takes effect at once", async (t2) => {
  const { request, token, createTenant, app } = await build(t2);
  const tenant = await createTenant("Mover", { useKanban: true });
  const small = await request("POST", "/api/plans", { token, body: { name: "NoKanban", users: 1, connections: 1, queues: 1, value: 1, useKanban: false } });
  t2.equal(await app.tenancy.hasFlag(tenant.companyId, "useKanban"), true);
  t2.equal((await request("PUT", `/api/companies/${tenant.companyId}`, { token, body: { planId: small.body.id } })).status, 200);
  t2.equal(await app.tenancy.hasFlag(tenant.companyId, "useKanban"), false);
});
