import t from "tap";
import { build } from "../helper.js";
import { AuditLog } from "../../src/db/models/index.js";
const claims = (token) => JSON.parse(Buffer.from(token.split(".")[1], "base64url").toString());
t.test("the super user views a company as its admin for 30 minutes, audited with both identities, and comes back", async (t2) => {
  const { request, token, createTenant } = await build(t2);
  const acme = await createTenant("Acme");
  const started = await request("POST", `/api/auth/impersonate/${acme.companyId}`, { token });
  t2.equal(started.status, 200);
  const { token: viewing, user, impersonation } = started.body;
  t2.equal(user.id, acme.admin.id, "the company's admin");
  t2.equal(user.companyId, acme.companyId);
  t2.equal(impersonation.by, 1, "names the super user behind it");
  t2.equal(impersonation.companyName, "Acme");
  t2.equal(claims(viewing).exp - claims(viewing).iat, 30 * 60, "the view lasts 30 minutes");
  const tag = await request("POST", "/api/tags", { token: viewing, body: { name: "Seen by support", color: "#123456" } });
  t2.equal(tag.status, 200, "the admin's console works");
  const [entry] = await AuditLog.scoped(acme.companyId).where({ entity: "tags", entityId: String(tag.body.id) });
  t2.equal(entry.userId, acme.admin.id, "the change is the admin's\u2026");
  t2.equal(entry.impersonatorId, 1, "\u2026made by the super user");
  const password = await request("PUT", `/api/users/${acme.admin.id}`, { token: viewing, body: { password: "Taken-over-123" } });
  t2.equal(password.status, 403, "no password change while viewing as the admin");
  t2.equal(password.body.error, "ERR_IMPERSONATION_FORBIDDEN");
  t2.equal((await request("POST", "/api/auth/2fa/setup", { token: viewing })).status, 403, "nor a second factor");
  t2.equal((await request("PUT", `/api/users/${acme.admin.id}`, { token: viewing, body: { name: "Renamed admin" } })).status, 200, "other changes of the account are allowed");
  t2.equal((await request("POST", "/api/auth/impersonate/1", { token: viewing })).status, 403, "no impersonation from within one");
  const back = await request("POST", "/api/auth/impersonate/back", { token: viewing });
  t2.equal(back.status, 200);
  t2.equal(back.body.user.id, 1, "back as the super user");
  t2.equal((await request("GET", "/api/audit-logs", { token: back.body.token, query: { companyId: acme.companyId } })).status, 200, "with the super user's rights");
  const actions = (await AuditLog.scoped(acme.companyId).where({ impersonatorId: 1 }).orderBy("id")).map((e) => e.action);
  t2.same([actions[0], actions[actions.length - 1]], ["impersonate", "impersonate_back"], "its start and end are logged in the company");
  t2.equal((await request("POST", "/api/auth/impersonate/back", { token })).status, 403, "a normal session has nothing to go back to");
});
t.test("only the super user may impersonate", async (t2) => {
  const { request, createTenant } = await build(t2);
  const acme = await createTenant("Acme");
  const other = await createTenant("Other");
  const res = await request("POST", `/api/auth/impersonate/${other.companyId}`, { token: acme.admin.token });
  t2.equal(res.status, 403, "a company admin may not");
  t2.equal((await AuditLog.scoped(other.companyId).where({ action: "impersonate" })).length, 0, "and nothing is logged");
});
async function secondSuper(env) {
  const email = `viewer.${Math.random().toString(36).slice(2, 8)}@atrium.test`;
  const created = await env.request("POST", "/api/users", { token: env.token, body: { name: "Viewer", email, password: "Viewer-pass-1", profile: "admin", super: true } });
  return { id: created.body.id, email, token: await env.login(email, "Viewer-pass-1") };
}
t.test('a view ends with "back": its token stops, "back" works once, and the super user gets their own session back', async (t2) => {
  const env = await build(t2);
  const acme = await env.createTenant("Acme");
  const viewer = await secondSuper(env);
  const view = (await env.request("POST", `/api/auth/impersonate/${acme.companyId}`, { token: viewer.token })).body.token;
  const back = await env.request("POST", "/api/auth/impersonate/back", { token: view });
  t2.equal(back.status, 200);
  t2.equal(claims(back.body.token).sid, claims(viewer.token).sid, "the super user's own session, not a new one");
  t2.equal((await env.request("GET", "/api/auth/me", { token: back.body.token })).body.id, viewer.id);
  t2.equal((await env.request("GET", "/api/tags", { token: view })).status, 403, `the view's token is refused after "back"`);
  t2.equal((await env.request("POST", "/api/auth/impersonate/back", { token: view })).status, 403, '"back" works once');
});
t.test("the finding: logout, a new sign-in and every session ended leave the old view with nothing to mint", async (t2) => {
  const env = await build(t2);
  const acme = await env.createTenant("Acme");
  const viewer = await secondSuper(env);
  const view = (await env.request("POST", `/api/auth/impersonate/${acme.companyId}`, { token: viewer.token })).body.token;
  t2.equal((await env.request("DELETE", "/api/auth/logout", { token: viewer.token })).status, 200);
  const again = await env.login(viewer.email, "Viewer-pass-1");
  for (const session of (await env.request("GET", "/api/auth/sessions", { token: again })).body) {
    if (!session.current) await env.request("DELETE", `/api/auth/sessions/${session.id}`, { token: again });
  }
  const back = await env.request("POST", "/api/auth/impersonate/back", { token: view });
  t2.equal(back.status, 403, '"back" with the old view is refused');
  t2.equal(back.body.token, void 0, "and mints no token");
  t2.equal((await env.request("POST", `/api/auth/impersonate/${acme.companyId}`, { token: view })).status, 403, "nor can the view open another");
});
t.test("the view is listed among the admin's sessions, marked; only a super user ends it; the admin's own sign-ins leave it be", async (t2) => {
  const env = await build(t2);
  const acme = await env.createTenant("Acme");
  const viewer = await secondSuper(env);
  const view = (await env.request("POST", `/api/auth/impersonate/${acme.companyId}`, { token: viewer.token })).body.token;
  const listed = (await env.request("GET", "/api/auth/sessions", { token: acme.admin.token })).body;
  const marked = listed.find((s) => s.impersonatedBy);
  t2.same(marked?.impersonatedBy, { id: viewer.id, name: "Viewer" }, "marked with the super user behind it");
  t2.ok(marked?.expiresAt, "with the time it ends by itself");
  const byAdmin = await env.request("DELETE", `/api/auth/sessions/${marked.id}`, { token: acme.admin.token });
  t2.equal(byAdmin.status, 403, "the admin cannot end it");
  const admin = await env.login(acme.admin.email, acme.admin.password);
  t2.equal((await env.request("GET", "/api/tags", { token: view })).status, 200, "the admin signing in again does not end the super user's view");
  t2.equal((await env.request("PUT", `/api/users/${acme.admin.id}`, { token: view, body: { email: "taken.over@atrium.test" } })).body.error, "ERR_IMPERSONATION_FORBIDDEN", "the view may not change the admin's e-mail");
  t2.equal((await env.request("DELETE", `/api/users/${acme.admin.id}/sessions/${marked.id}`, { token: viewer.token })).status, 200, "the super user ends it from the admin's sessions");
  t2.equal((await env.request("GET", "/api/tags", { token: view })).status, 403, "and the view stops");
  t2.equal((await env.request("GET", "/api/tags", { token: admin })).status, 200, "the admin's own session goes on");
  t2.notOk((await env.request("GET", "/api/auth/sessions", { token: admin })).body.some((s) => s.impersonatedBy), "no longer listed");
});
t.test("signing out while viewing ends the view and the super user's session, never the admin's", async (t2) => {
  const env = await build(t2);
  const acme = await env.createTenant("Acme");
  const viewer = await secondSuper(env);
  const view = (await env.request("POST", `/api/auth/impersonate/${acme.companyId}`, { token: viewer.token })).body.token;
  t2.equal((await env.request("DELETE", "/api/auth/logout", { token: view })).status, 200);
  t2.equal((await env.request("GET", "/api/tags", { token: view })).status, 403, "the view ended");
  t2.not((await env.request("GET", "/api/auth/me", { token: viewer.token })).status, 200, "the super user is signed out");
  t2.equal((await env.request("GET", "/api/tags", { token: acme.admin.token })).status, 200, "the admin is still signed in");
});
