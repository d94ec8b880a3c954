import { Company, User } from "../../src/db/models/index.js";
const newUser = (email) => ({ name: "Backdoor", email, password: "Backdoor-pass-1", profile: "admin" });
function apiOf(app) {
  return async (method, url, token, body) => {
    const res = await app.inject({ method, url, payload: body, headers: { authorization: `Bearer ${token}` } });
    return { status: res.statusCode, body: res.json() };
  };
}
async function revocations(t, ctx, reader) {
  const { request, createTenant, createUser } = ctx;
  const tenant = await createTenant(`Rev ${Math.random().toString(36).slice(2, 6)}`);
  const change = async (method, url, token, body) => request(method, url, { token, body });
  await t.test("a deleted admin's token is refused at once and cannot create a user", async (t2) => {
    const gone = await createUser(tenant.companyId, { profile: "admin" });
    t2.equal((await reader("GET", "/api/users", gone.token)).status, 200, "the admin works (and is cached)");
    t2.equal((await change("DELETE", `/api/users/${gone.id}`, tenant.admin.token)).status, 200);
    const created = await reader("POST", "/api/users", gone.token, newUser(`backdoor.${gone.id}@atrium.test`));
    t2.equal(created.status, 401, "the very next request is refused");
    t2.equal(created.body.error, "ERR_SESSION_EXPIRED");
    t2.notOk(await User.unscoped("test").findOne({ email: `backdoor.${gone.id}@atrium.test` }), "and no user was created");
    t2.equal((await reader("GET", "/api/auth/me", gone.token)).status, 401);
  });
  await t.test("a demoted admin has the new profile on the very next request", async (t2) => {
    const demoted = await createUser(tenant.companyId, { profile: "admin" });
    t2.equal((await reader("GET", "/api/users", demoted.token)).status, 200);
    t2.equal((await change("PUT", `/api/users/${demoted.id}`, tenant.admin.token, { profile: "user" })).status, 200);
    const created = await reader("POST", "/api/users", demoted.token, newUser(`backdoor.${demoted.id}@atrium.test`));
    t2.equal(created.status, 403, "admin routes are closed at once");
    t2.equal(created.body.error, "ERR_NO_PERMISSION");
    t2.equal((await reader("GET", "/api/users", demoted.token)).status, 403);
    t2.equal((await reader("GET", "/api/auth/me", demoted.token)).status, 200, "the session itself goes on, as a user");
    t2.equal((await change("PUT", `/api/users/${demoted.id}`, tenant.admin.token, { profile: "admin" })).status, 200);
    t2.equal((await reader("GET", "/api/users", demoted.token)).status, 200, "promoted again: at once too");
  });
  await t.test("an expired or inactive company's older tokens stop on every request, not only at login", async (t2) => {
    const agent = await createUser(tenant.companyId);
    t2.equal((await reader("GET", "/api/tickets", agent.token)).status, 200);
    t2.equal((await change("PUT", `/api/companies/${tenant.companyId}`, ctx.token, { dueDate: "2001-02-03" })).status, 200);
    const expired = await reader("GET", "/api/tickets", agent.token);
    t2.equal(expired.status, 401);
    t2.equal(expired.body.error, "ERR_SUBSCRIPTION_EXPIRED");
    t2.equal(expired.body.dueDate, "2001-02-03", "the refusal names the date");
    t2.equal((await reader("GET", "/api/tickets", tenant.admin.token)).status, 401, "the admin too");
    await Company.query().where("id", tenant.companyId).patch({ dueDate: "2099-01-01" });
    t2.equal((await reader("GET", "/api/tickets", agent.token)).status, 200, "renewed: the same token works again");
    t2.equal((await change("PUT", `/api/companies/${tenant.companyId}`, ctx.token, { status: false })).status, 200);
    const inactive = await reader("GET", "/api/tickets", agent.token);
    t2.equal(inactive.status, 401);
    t2.equal(inactive.body.error, "ERR_COMPANY_INACTIVE");
    const login = await request("POST", "/api/auth/login", { body: { email: tenant.admin.email, password: tenant.admin.password } });
    t2.equal(login.body.error, "ERR_COMPANY_INACTIVE", "and nobody of it signs in");
    t2.equal((await reader("GET", "/api/companies", ctx.token)).status, 200, "the super user's own work goes on");
    t2.equal((await change("PUT", `/api/companies/${tenant.companyId}`, ctx.token, { status: true })).status, 200);
    t2.equal((await reader("GET", "/api/tickets", agent.token)).status, 200);
  });
}
export {
  apiOf,
  newUser,
  revocations
};
