import t from "tap";
import { build, ADMIN_EMAIL } from "../helper.js";
import { Contact, Queue, Ticket, User, Whatsapp } from "../../src/db/models/index.js";
import { verifyPassword } from "../../src/util/password.js";
const newUser = (email, extra = {}) => ({ name: "Maria", email, password: "secret1", ...extra });
t.test("an admin creates a user with queues and a default connection; the hash never leaves the server", async (t2) => {
  const { request, createTenant } = await build(t2);
  const { admin, companyId } = await createTenant("Team");
  const queue = await Queue.scoped(companyId).insertAndFetch({ name: "Sales", color: "#111111" });
  const wa = await Whatsapp.scoped(companyId).insertAndFetch({ name: "Main", provider: "sandbox", status: "DISCONNECTED", isDefault: true });
  const res = await request("POST", "/api/users", { token: admin.token, body: newUser("Maria@Team.test", { queueIds: [queue.id], whatsappId: wa.id, allTicket: "enabled" }) });
  t2.equal(res.status, 200);
  t2.equal(res.body.email, "maria@team.test", "e-mail stored lower-case");
  t2.equal(res.body.profile, "user");
  t2.same(res.body.queueIds, [queue.id]);
  t2.equal(res.body.whatsappId, wa.id);
  t2.notOk("passwordHash" in res.body);
  const list = await request("GET", "/api/users", { token: admin.token, query: { searchParam: "mari" } });
  t2.same(list.body.users.map((u) => u.email), ["maria@team.test"]);
  t2.notOk(JSON.stringify(list.body).includes("scrypt"), "no hash in the list");
  t2.equal(list.body.hasMore, false);
});
t.test("an e-mail already used, in any company, is refused with 409 ERR_EMAIL_IN_USE", async (t2) => {
  const { request, createTenant } = await build(t2);
  const { admin } = await createTenant("Dup");
  const res = await request("POST", "/api/users", { token: admin.token, body: newUser(ADMIN_EMAIL.toUpperCase()) });
  t2.equal(res.status, 409);
  t2.equal(res.body.error, "ERR_EMAIL_IN_USE");
  const other = await request("POST", "/api/users", { token: admin.token, body: newUser("x@dup.test") });
  const clash = await request("PUT", `/api/users/${other.body.id}`, { token: admin.token, body: { email: admin.email } });
  t2.equal(clash.status, 409);
  t2.equal(clash.body.error, "ERR_EMAIL_IN_USE");
});
t.test("a user beyond the plan's user limit is refused with ERR_PLAN_LIMIT", async (t2) => {
  const { request, createTenant } = await build(t2);
  const { admin } = await createTenant("Small", {}, { users: 2 });
  t2.equal((await request("POST", "/api/users", { token: admin.token, body: newUser("two@small.test") })).status, 200);
  const third = await request("POST", "/api/users", { token: admin.token, body: newUser("three@small.test") });
  t2.equal(third.status, 403);
  t2.equal(third.body.error, "ERR_PLAN_LIMIT");
});
t.test("a queue or connection of another company cannot be given to a user", async (t2) => {
  const { request, createTenant } = await build(t2);
  const a = await createTenant("Qa");
  const b = await createTenant("Qb");
  const foreignQueue = await Queue.scoped(b.companyId).insertAndFetch({ name: "B queue", color: "#222222" });
  const foreignWa = await Whatsapp.scoped(b.companyId).insertAndFetch({ name: "B wa", provider: "sandbox", status: "DISCONNECTED", isDefault: true });
  const q = await request("POST", "/api/users", { token: a.admin.token, body: newUser("q@qa.test", { queueIds: [foreignQueue.id] }) });
  t2.equal(q.status, 404);
  t2.equal(q.body.error, "ERR_NO_QUEUE_FOUND");
  const w = await request("POST", "/api/users", { token: a.admin.token, body: newUser("w@qa.test", { whatsappId: foreignWa.id }) });
  t2.equal(w.status, 404);
  t2.equal(w.body.error, "ERR_NO_WAPP_FOUND");
});
t.test("a plain user cannot list, create or delete users, but sees the picker list", async (t2) => {
  const { request, createTenant, createUser } = await build(t2);
  const { admin, companyId } = await createTenant("Perm");
  const user = await createUser(companyId);
  t2.equal((await request("GET", "/api/users", { token: user.token })).status, 403);
  t2.equal((await request("POST", "/api/users", { token: user.token, body: newUser("n@perm.test") })).status, 403);
  t2.equal((await request("DELETE", `/api/users/${admin.id}`, { token: user.token })).status, 403);
  const picker = await request("GET", "/api/users/list", { token: user.token, query: { companyId: 1 } });
  t2.equal(picker.status, 200);
  t2.same(picker.body.map((u) => u.id).sort(), [admin.id, user.id].sort(), "own company only, whatever companyId says");
  t2.same(Object.keys(picker.body[0]).sort(), ["id", "name", "profile"]);
});
t.test("a plain user reads and edits only themself, and cannot change profile, queues, allTicket or connection", async (t2) => {
  const { request, login, createTenant, createUser } = await build(t2);
  const { admin, companyId } = await createTenant("Self");
  const user = await createUser(companyId, { password: "Old-pass-1" });
  t2.equal((await request("GET", `/api/users/${admin.id}`, { token: user.token })).status, 403);
  t2.equal((await request("PUT", `/api/users/${admin.id}`, { token: user.token, body: { name: "Hacked" } })).status, 403);
  const me = await request("GET", `/api/users/${user.id}`, { token: user.token });
  t2.equal(me.status, 200);
  const ok = await request("PUT", `/api/users/${user.id}`, { token: user.token, body: { name: "New Name", profile: "user", queueIds: [], allTicket: "desabled", password: "New-pass-1", currentPassword: "Old-pass-1" } });
  t2.equal(ok.status, 200);
  t2.equal(ok.body.name, "New Name");
  const stored = await User.scoped(companyId).findById(user.id);
  t2.ok(await verifyPassword("New-pass-1", stored.passwordHash), "password re-hashed");
  const token = await login(user.email, "New-pass-1");
  for (const change of [{ profile: "admin" }, { allTicket: "enabled" }, { queueIds: [1] }, { super: true }]) {
    const res = await request("PUT", `/api/users/${user.id}`, { token, body: change });
    t2.equal(res.status, 403, JSON.stringify(change));
    t2.equal(res.body.error, "ERR_NO_PERMISSION");
  }
  t2.equal((await User.scoped(companyId).findById(user.id)).profile, "user");
});
t.test("an admin edits any user of the company and resetting their password ends their sessions", async (t2) => {
  const { request, createTenant, createUser } = await build(t2);
  const { admin, companyId } = await createTenant("Edit");
  const user = await createUser(companyId);
  const before = (await User.scoped(companyId).findById(user.id)).tokenVersion;
  const res = await request("PUT", `/api/users/${user.id}`, { token: admin.token, body: { profile: "admin", allTicket: "enabled", password: "Reset-1" } });
  t2.equal(res.status, 200);
  t2.equal(res.body.profile, "admin");
  t2.equal((await User.scoped(companyId).findById(user.id)).tokenVersion, before + 1);
});
t.test("only the super user grants super or touches the super user's account", async (t2) => {
  const { request, token, createUser } = await build(t2);
  const companyAdmin = await createUser(1, { profile: "admin" });
  const superUser = await User.unscoped("test").findOne({ email: ADMIN_EMAIL });
  const take = await request("PUT", `/api/users/${superUser.id}`, { token: companyAdmin.token, body: { email: "mine@atrium.test" } });
  t2.equal(take.status, 403);
  t2.equal((await request("DELETE", `/api/users/${superUser.id}`, { token: companyAdmin.token })).status, 403);
  t2.equal((await request("POST", "/api/users", { token: companyAdmin.token, body: newUser("s@atrium.test", { super: true }) })).status, 403);
  t2.equal((await request("PUT", `/api/users/${companyAdmin.id}`, { token: companyAdmin.token, body: { super: true } })).status, 403);
  const granted = await request("POST", "/api/users", { token, body: newUser("s2@atrium.test", { super: true, profile: "admin" }) });
  t2.equal(granted.body.super, true);
});
t.test("an admin cannot delete themself; deleting a user returns their open tickets to pending and announces it", async (t2) => {
  const { request, createTenant, createUser, app } = await build(t2);
  const { admin, companyId } = await createTenant("Del");
  const self = await request("DELETE", `/api/users/${admin.id}`, { token: admin.token });
  t2.equal(self.status, 403);
  t2.equal(self.body.error, "ERR_CANNOT_DELETE_SELF");
  const user = await createUser(companyId);
  const contact = await Contact.scoped(companyId).insertAndFetch({ uuid: "c-del-1", name: "C", number: "5511900000009" });
  const ticket = await Ticket.scoped(companyId).insertAndFetch({ uuid: "t-del-1", contactId: contact.id, userId: user.id, status: "open" });
  const events = [];
  const emit = app.bus.emit;
  app.bus.emit = (c, e, p, r) => {
    events.push({ c, e, p });
    return emit.call(app.bus, c, e, p, r);
  };
  t2.teardown(() => {
    app.bus.emit = emit;
  });
  t2.equal((await request("DELETE", `/api/users/${user.id}`, { token: admin.token })).status, 200);
  const after = await Ticket.scoped(companyId).findById(ticket.id);
  t2.equal(after.status, "pending");
  t2.equal(after.userId, null);
  t2.match(events.filter((x) => x.e === "user"), [{ c: companyId, e: "user", p: { action: "delete", userId: user.id } }]);
  t2.match(events.filter((x) => x.e === "ticket" && x.p.action === "update"), [{ c: companyId, e: "ticket", p: { action: "update", ticket: { id: ticket.id, status: "pending" } } }], "the ticket's return is announced");
  const gone = await request("GET", `/api/users/${user.id}`, { token: admin.token });
  t2.equal(gone.status, 404);
  t2.equal(gone.body.error, "ERR_NO_USER_FOUND");
});
t.test("a user of another company gets 404 for a user id", async (t2) => {
  const { request, createTenant } = await build(t2);
  const a = await createTenant("Ua");
  const b = await createTenant("Ub");
  for (const [method, body] of [["GET", void 0], ["PUT", { name: "Stolen" }], ["DELETE", void 0]]) {
    const res = await request(method, `/api/users/${a.admin.id}`, { token: b.admin.token, body });
    t2.equal(res.status, 404, method);
    t2.equal(res.body.error, "ERR_NO_USER_FOUND");
  }
});
t.test("a user sets their language (pt, en, es only)", async (t2) => {
  const { request, createTenant, createUser } = await build(t2);
  const { companyId } = await createTenant("Lang");
  const user = await createUser(companyId);
  const res = await request("POST", "/api/users/set-language/es", { token: user.token });
  t2.equal(res.status, 200);
  t2.equal(res.body.language, "es");
  t2.equal((await request("POST", "/api/users/set-language/fr", { token: user.token })).status, 400);
});
t.test("invalid user fields are a 400 naming the field", async (t2) => {
  const { request, createTenant } = await build(t2);
  const { admin } = await createTenant("Val");
  for (const [body, field] of [
    [newUser("a@val.test", { name: "A" }), /name/],
    [newUser("not-an-email"), /email/],
    [newUser("b@val.test", { password: "1234" }), /password/],
    [newUser("c@val.test", { profile: "owner" }), /profile/],
    [newUser("d@val.test", { allTicket: "yes" }), /allTicket/]
  ]) {
    const res = await request("POST", "/api/users", { token: admin.token, body });
    t2.equal(res.status, 400);
    t2.match(res.body.field, field);
  }
});
