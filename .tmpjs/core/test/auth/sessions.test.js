import t from "tap";
import { build } from "../helper.js";
import { RefreshTokenFamily, User } from "../../src/db/models/index.js";
import { toDbTime } from "../../src/db/time.js";
async function signIn(app, email, password) {
  const res = await app.inject({ method: "POST", url: "/api/auth/login", payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login ${res.statusCode} ${res.body}`);
  return { token: res.json().token, cookie: res.cookies.find((c) => c.name === "jrt").value };
}
const generationOf = (cookie) => {
  const { sid, gen } = JSON.parse(Buffer.from(cookie.split(".")[1], "base64url").toString());
  return { sid, gen };
};
async function refresh(app, cookie) {
  const res = await app.inject({ method: "POST", url: "/api/auth/refresh_token", cookies: { jrt: cookie } });
  const next = res.cookies.find((c) => c.name === "jrt" && c.value)?.value;
  return { status: res.statusCode, body: res.json(), token: res.json().token, cookie: next };
}
t.test("sessions", async (t2) => {
  const { app, request, token: superToken, createTenant, createUser } = await build(t2);
  const tenant = await createTenant("Sessions");
  const me = (token) => request("GET", "/api/auth/me", { token });
  let users = 0;
  const person = async () => {
    users += 1;
    const password = "Person-pass-1";
    const user = await createUser(tenant.companyId, { email: `person${users}@sessions.test`, password });
    return { ...user, password, session: await signIn(app, user.email, password) };
  };
  await t2.test("a second login ends the first session: its access token, its refresh token", async (t3) => {
    const ana = await person();
    t3.equal((await me(ana.session.token)).status, 200);
    const second = await signIn(app, ana.email, ana.password);
    const old = await me(ana.session.token);
    t3.equal(old.status, 403, "the first access token is refused (the console then tries a refresh)");
    t3.equal(old.body.error, "ERR_SESSION_EXPIRED");
    const oldRefresh = await refresh(app, ana.session.cookie);
    t3.equal(oldRefresh.status, 401, "and its refresh fails: the session is over");
    t3.equal(oldRefresh.body.error, "ERR_SESSION_EXPIRED");
    t3.equal((await me(second.token)).status, 200, "the new session works");
    t3.equal((await refresh(app, second.cookie)).status, 200);
  });
  await t2.test("a refresh token works once; the one it replaced, coming back, ends the session", async (t3) => {
    const bia = await person();
    const first = await refresh(app, bia.session.cookie);
    t3.equal(first.status, 200);
    t3.ok(first.cookie && first.cookie !== bia.session.cookie, "a new refresh token replaces the old");
    t3.equal((await me(first.token)).status, 200);
    const concurrent = await refresh(app, bia.session.cookie);
    t3.equal(concurrent.status, 200, "within the grace of a concurrent refresh");
    t3.same(generationOf(concurrent.cookie), generationOf(first.cookie), "with the current generation, not a new one");
    await RefreshTokenFamily.scoped(tenant.companyId).where({ userId: bia.id }).patch({ rotatedAt: toDbTime(Date.now() - 6e4) });
    const replay = await refresh(app, bia.session.cookie);
    t3.equal(replay.status, 401, "a replay of a rotated refresh token is refused");
    t3.equal(replay.body.error, "ERR_SESSION_EXPIRED");
    t3.equal((await refresh(app, first.cookie)).status, 401, "and the whole session ended: the newest refresh token too");
    t3.equal((await me(first.token)).status, 403, "and its access token");
    t3.equal((await RefreshTokenFamily.scoped(tenant.companyId).where({ userId: bia.id })).length, 0);
  });
  await t2.test("logout ends the session: access token, refresh token", async (t3) => {
    const caio = await person();
    t3.equal((await request("DELETE", "/api/auth/logout", { token: caio.session.token })).status, 200);
    t3.equal((await me(caio.session.token)).status, 403);
    t3.equal((await refresh(app, caio.session.cookie)).status, 401);
  });
  await t2.test("changing one's own password needs the current one and ends every other copy of the session", async (t3) => {
    const duda = await person();
    const put = (token, body) => request("PUT", `/api/users/${duda.id}`, { token, body });
    const missing = await put(duda.session.token, { password: "Fresh-pass-2" });
    t3.equal(missing.status, 400);
    t3.equal(missing.body.error, "ERR_INVALID_CURRENT_PASSWORD");
    t3.equal(missing.body.field, "currentPassword", "the form shows it under the field");
    const wrong = await put(duda.session.token, { password: "Fresh-pass-2", currentPassword: "not-it" });
    t3.equal(wrong.status, 400);
    t3.equal(wrong.body.error, "ERR_INVALID_CURRENT_PASSWORD");
    t3.equal((await User.scoped(tenant.companyId).findById(duda.id)).failedLogins, 1, "a wrong guess counts towards the lock");
    t3.equal((await me(duda.session.token)).status, 200, "a refused change ends nothing");
    const stolenCookie = duda.session.cookie;
    const changed = await app.inject({
      method: "PUT",
      url: `/api/users/${duda.id}`,
      headers: { authorization: `Bearer ${duda.session.token}` },
      payload: { password: "Fresh-pass-2", currentPassword: duda.password }
    });
    t3.equal(changed.statusCode, 200);
    const newCookie = changed.cookies.find((c) => c.name === "jrt")?.value;
    t3.ok(newCookie, "the caller gets a new refresh cookie: a new session");
    t3.equal((await me(duda.session.token)).status, 403, "the old access token is refused: the console refreshes once");
    t3.equal((await refresh(app, stolenCookie)).status, 401, "the other copy of the session is over");
    const renewed = await refresh(app, newCookie);
    t3.equal(renewed.status, 200, "the caller's session goes on with the new cookie");
    t3.equal((await me(renewed.token)).status, 200);
    t3.equal((await request("POST", "/api/auth/login", { body: { email: duda.email, password: "Fresh-pass-2" } })).status, 200, "the new password signs in");
  });
  await t2.test("five wrong current passwords lock the account", async (t3) => {
    const eva = await person();
    for (let i = 0; i < 5; i++) await request("PUT", `/api/users/${eva.id}`, { token: eva.session.token, body: { password: "Fresh-pass-2", currentPassword: `guess-${i}` } });
    const locked = await request("PUT", `/api/users/${eva.id}`, { token: eva.session.token, body: { password: "Fresh-pass-2", currentPassword: eva.password } });
    t3.equal(locked.status, 429, "even the right one waits");
    t3.equal(locked.body.error, "ERR_ACCOUNT_LOCKED");
  });
  await t2.test("an admin resetting a user's password ends that user's session", async (t3) => {
    const fabio = await person();
    t3.equal((await request("PUT", `/api/users/${fabio.id}`, { token: tenant.admin.token, body: { password: "Reset-pass-3" } })).status, 200, "no current password: it is not theirs");
    t3.equal((await me(fabio.session.token)).status, 403);
    t3.equal((await refresh(app, fabio.session.cookie)).status, 401);
  });
  await t2.test("an expired company's older tokens stop working: access and refresh", async (t3) => {
    const gil = await person();
    t3.equal((await request("PUT", `/api/companies/${tenant.companyId}`, { token: superToken, body: { dueDate: "2001-02-03" } })).status, 200);
    const access = await me(gil.session.token);
    t3.equal(access.status, 401);
    t3.equal(access.body.error, "ERR_SUBSCRIPTION_EXPIRED");
    const refreshed = await refresh(app, gil.session.cookie);
    t3.equal(refreshed.status, 401);
    t3.equal(refreshed.body.error, "ERR_SUBSCRIPTION_EXPIRED");
    t3.equal((await request("PUT", `/api/companies/${tenant.companyId}`, { token: superToken, body: { dueDate: "2099-01-01" } })).status, 200);
    t3.equal((await me(gil.session.token)).status, 200, "paid again: the session had not ended");
  });
});
