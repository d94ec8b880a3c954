import t from "tap";
import { build } from "../helper.js";
import { closedByServer, openSocket } from "../bus/revocation-scenarios.js";
const PHONE = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36";
const DESK = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";
async function signIn(app, email, password, userAgent) {
  const res = await app.inject({ method: "POST", url: "/api/auth/login", payload: { email, password }, headers: { "user-agent": userAgent } });
  if (res.statusCode !== 200) throw new Error(`login ${res.statusCode} ${res.body}`);
  return { token: res.json().token, cookie: res.cookies.find((c) => c.name === "jrt").value };
}
const refresh = async (app, cookie) => (await app.inject({ method: "POST", url: "/api/auth/refresh_token", cookies: { jrt: cookie } })).statusCode;
async function listen(app) {
  await app.listen({ port: 0, host: "127.0.0.1" });
  return `http://127.0.0.1:${app.server.address().port}`;
}
t.test("sessions: one by default, several when the company allows it, each seen and ended on its own", async (t2) => {
  const { app, request, token: superToken, createTenant, createUser } = await build(t2);
  const url = await listen(app);
  const tenant = await createTenant("Sessoes Multiplas");
  const other = await createTenant("Outra Empresa Sessoes");
  const me = (token) => request("GET", "/api/auth/me", { token });
  const password = "Person-pass-1";
  let people = 0;
  const person = async () => {
    people += 1;
    const user = await createUser(tenant.companyId, { email: `person${people}@multi-sessions.test`, password });
    await request("DELETE", "/api/auth/logout", { token: user.token });
    return { ...user, phone: await signIn(app, user.email, password, PHONE) };
  };
  const setMultiple = async (value) => {
    const res = await request("PUT", "/api/settings/allowMultipleSessions", { token: tenant.admin.token, body: { value } });
    t2.equal(res.status, 200, `the admin sets allowMultipleSessions ${value}`);
  };
  await t2.test("by default a second login ends the first session", async (t3) => {
    const ana = await person();
    const desk = await signIn(app, ana.email, password, DESK);
    t3.equal((await me(ana.phone.token)).status, 403, "the phone's access token is refused");
    t3.equal(await refresh(app, ana.phone.cookie), 401, "and its refresh token");
    const list = (await request("GET", "/api/auth/sessions", { token: desk.token })).body;
    t3.equal(list.length, 1, "one session listed");
    t3.match(list[0], { browser: "Firefox", os: "Windows", current: true });
  });
  await setMultiple("enabled");
  await t2.test("allowed: a second login keeps the first; both listed, the current one marked", async (t3) => {
    const bia = await person();
    const desk = await signIn(app, bia.email, password, DESK);
    t3.equal((await me(bia.phone.token)).status, 200, "the phone still works");
    t3.equal(await refresh(app, bia.phone.cookie), 200, "and refreshes");
    t3.equal((await me(desk.token)).status, 200, "the desk works");
    const list = (await request("GET", "/api/auth/sessions", { token: desk.token })).body;
    t3.equal(list.length, 2);
    const byOs = Object.fromEntries(list.map((s) => [s.os, s]));
    t3.match(byOs.Android, { browser: "Chrome", userAgent: PHONE, current: false, ip: "127.0.0.1" });
    t3.match(byOs.Windows, { browser: "Firefox", current: true });
    t3.ok(byOs.Android.lastUsedAt && byOs.Windows.lastUsedAt, "each with its last use");
    t3.equal((await request("DELETE", "/api/auth/logout", { token: desk.token })).status, 200);
    t3.equal((await me(bia.phone.token)).status, 200, "logging out of the desk leaves the phone");
    t3.equal((await request("GET", "/api/auth/sessions", { token: bia.phone.token })).body.length, 1);
    const deskId = byOs.Windows.id;
    t3.match(await app.knex("auditLogs").where({ action: "logout", entity: "sessions", entityId: String(deskId) }).first(), { userId: bia.id }, "the logout is audited");
  });
  await t2.test("a user ends another of their sessions: its socket closes and its refresh token stops; theirs go on", async (t3) => {
    const caio = await person();
    const desk = await signIn(app, caio.email, password, DESK);
    const phoneSocket = await openSocket(t3, url, caio.phone.token);
    const deskSocket = await openSocket(t3, url, desk.token);
    const list = (await request("GET", "/api/auth/sessions", { token: desk.token })).body;
    const phoneId = list.find((s) => !s.current).id;
    const ended = await request("DELETE", `/api/auth/sessions/${phoneId}`, { token: desk.token });
    t3.equal(ended.status, 200);
    t3.equal(await closedByServer(phoneSocket), "io server disconnect", "the phone's socket is closed by the server");
    t3.equal((await me(caio.phone.token)).status, 403, "its access token is refused");
    t3.equal(await refresh(app, caio.phone.cookie), 401, "its refresh token no longer works");
    t3.ok(deskSocket.socket.connected, "the desk's socket stays open");
    t3.equal((await me(desk.token)).status, 200, "and its access token works");
    t3.equal(await refresh(app, desk.cookie), 200);
    t3.equal((await request("DELETE", `/api/auth/sessions/${phoneId}`, { token: desk.token })).body.error, "ERR_SESSION_NOT_FOUND", "an ended session is gone");
    const entry = await app.knex("auditLogs").where({ action: "session_end", entity: "sessions", entityId: String(phoneId) }).first();
    t3.match(entry, { companyId: tenant.companyId, userId: caio.id }, "audited with who ended it");
  });
  await t2.test("an admin sees and ends a user's sessions; another company's admin cannot; the super user can", async (t3) => {
    const duda = await person();
    const desk = await signIn(app, duda.email, password, DESK);
    const phoneSocket = await openSocket(t3, url, duda.phone.token);
    const path = `/api/users/${duda.id}/sessions`;
    const seen = await request("GET", path, { token: tenant.admin.token });
    t3.equal(seen.status, 200);
    t3.equal(seen.body.length, 2, "the admin sees both sessions");
    t3.notOk(seen.body.some((s) => s.current), "none is the admin's current one");
    const foreignList = await request("GET", path, { token: other.admin.token });
    t3.equal(foreignList.status, 404);
    t3.equal(foreignList.body.error, "ERR_NO_USER_FOUND");
    const phoneId = seen.body.find((s) => s.os === "Android").id;
    const foreignEnd = await request("DELETE", `${path}/${phoneId}`, { token: other.admin.token });
    t3.equal(foreignEnd.status, 404);
    t3.equal((await me(duda.phone.token)).status, 200, "the other company's admin ended nothing");
    const otherUser = await createUser(other.companyId, { email: "someone@other-sessions.test", password });
    t3.equal((await request("DELETE", `/api/users/${otherUser.id}/sessions/${phoneId}`, { token: tenant.admin.token })).status, 404);
    t3.equal((await request("GET", path, { token: desk.token })).status, 403);
    t3.equal((await request("DELETE", `${path}/${phoneId}`, { token: tenant.admin.token })).status, 200, "the admin ends the phone's session");
    t3.equal(await closedByServer(phoneSocket), "io server disconnect");
    t3.equal(await refresh(app, duda.phone.cookie), 401);
    t3.equal((await me(desk.token)).status, 200, "the desk goes on");
    const bySuper = await request("GET", path, { token: superToken });
    t3.equal(bySuper.status, 200);
    t3.equal(bySuper.body.length, 1);
    t3.equal((await request("DELETE", `${path}/${bySuper.body[0].id}`, { token: superToken })).status, 200);
    t3.equal((await me(desk.token)).status, 403, "the desk's session ended by the super user");
    const entry = await app.knex("auditLogs").where({ action: "session_end", entityId: String(bySuper.body[0].id) }).first();
    t3.match(entry, { companyId: tenant.companyId, userId: 1 }, "logged in the user's company, by the super user");
  });
  await setMultiple("disabled");
  await t2.test("turned off again: the next login ends the others", async (t3) => {
    const eva = await person();
    const desk = await signIn(app, eva.email, password, DESK);
    t3.equal((await me(eva.phone.token)).status, 403);
    t3.equal((await request("GET", "/api/auth/sessions", { token: desk.token })).body.length, 1);
  });
});
