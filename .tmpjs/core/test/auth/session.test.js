import t from "tap";
import { io as connect } from "socket.io-client";
import { build, ADMIN_EMAIL, ADMIN_PASSWORD } from "../helper.js";
import { Company, User } from "../../src/db/models/index.js";
t.test("the seeded super user signs in and gets a token, their company and settings", async (t2) => {
  const { request } = await build(t2);
  const res = await request("POST", "/api/auth/login", { body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
  t2.equal(res.status, 200);
  t2.type(res.body.token, "string");
  t2.equal(res.body.user.email, ADMIN_EMAIL);
  t2.equal(res.body.user.profile, "admin");
  t2.equal(res.body.user.super, true);
  t2.ok(res.body.user.company.dueDate, "company due date is sent");
  t2.ok(res.body.user.company.settings.some((s) => s.key === "userRating"), "settings are sent");
  t2.notOk("passwordHash" in res.body.user, "no password hash leaves the server");
  t2.match(String(res.headers["set-cookie"]), /jrt=.*HttpOnly/i, "refresh token set as an httpOnly cookie");
});
t.test("a wrong password is refused with ERR_INVALID_CREDENTIALS, and an unknown e-mail the same way", async (t2) => {
  const { request } = await build(t2);
  const wrong = await request("POST", "/api/auth/login", { body: { email: ADMIN_EMAIL, password: "nope" } });
  t2.equal(wrong.status, 401);
  t2.equal(wrong.body.error, "ERR_INVALID_CREDENTIALS");
  const unknown = await request("POST", "/api/auth/login", { body: { email: "nobody@atrium.test", password: "nope" } });
  t2.equal(unknown.status, 401);
  t2.equal(unknown.body.error, "ERR_INVALID_CREDENTIALS");
});
t.test("a malformed login body is a 400 naming the field", async (t2) => {
  const { request } = await build(t2);
  const res = await request("POST", "/api/auth/login", { body: { email: "not-an-email", password: "x" } });
  t2.equal(res.status, 400);
  t2.equal(res.body.error, "ERR_VALIDATION");
  t2.match(res.body.field, /email/);
});
t.test("five wrong passwords lock the account for a while, even with the right password", async (t2) => {
  const { request } = await build(t2);
  for (let i = 0; i < 5; i++) await request("POST", "/api/auth/login", { body: { email: ADMIN_EMAIL, password: "wrong" } });
  const res = await request("POST", "/api/auth/login", { body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
  t2.equal(res.status, 429);
  t2.equal(res.body.error, "ERR_ACCOUNT_LOCKED");
});
t.test("login attempts are rate-limited per address and e-mail", async (t2) => {
  const { request } = await build(t2, { config: { loginRateLimit: { max: 3, windowMs: 6e4 } } });
  const statuses = [];
  for (let i = 0; i < 5; i++) statuses.push((await request("POST", "/api/auth/login", { body: { email: "x@atrium.test", password: "bad" } })).status);
  t2.same(statuses.slice(0, 3), [401, 401, 401]);
  t2.equal(statuses[4], 429);
});
t.test("a company whose due date has passed cannot sign in; the message names the date", async (t2) => {
  const { request, createTenant, app } = await build(t2);
  const tenant = await createTenant("Late Co");
  await Company.query().findById(tenant.companyId).patch({ dueDate: "2020-01-31" });
  app.tenancy.invalidate();
  const res = await request("POST", "/api/auth/login", { body: { email: tenant.admin.email, password: tenant.admin.password } });
  t2.equal(res.status, 401);
  t2.equal(res.body.error, "ERR_SUBSCRIPTION_EXPIRED");
  t2.match(res.body.message, /2020-01-31/);
});
t.test("fewer than five days left: login succeeds with a warning", async (t2) => {
  const { request, createTenant } = await build(t2);
  const tenant = await createTenant("Soon Co");
  const due = new Date(Date.now() + 2 * 864e5).toISOString().slice(0, 10);
  await Company.query().findById(tenant.companyId).patch({ dueDate: due });
  const res = await request("POST", "/api/auth/login", { body: { email: tenant.admin.email, password: tenant.admin.password } });
  t2.equal(res.status, 200);
  t2.equal(res.body.warning.code, "WARN_DUE_DATE_SOON");
  t2.equal(res.body.warning.daysLeft, 2);
});
t.test("the refresh cookie gives a new access token; logout revokes it", async (t2) => {
  const { app, request } = await build(t2);
  const login = await app.inject({ method: "POST", url: "/api/auth/login", payload: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
  const cookie = login.cookies.find((c) => c.name === "jrt");
  const refreshed = await app.inject({ method: "POST", url: "/api/auth/refresh_token", cookies: { jrt: cookie.value } });
  t2.equal(refreshed.statusCode, 200);
  const token = refreshed.json().token;
  t2.equal((await request("GET", "/api/auth/me", { token })).body.email, ADMIN_EMAIL);
  t2.equal((await request("DELETE", "/api/auth/logout", { token })).status, 200);
  const after = await app.inject({ method: "POST", url: "/api/auth/refresh_token", cookies: { jrt: cookie.value } });
  t2.equal(after.statusCode, 401, "a refresh token issued before logout no longer works");
});
t.test("no token is 401; a bad or expired token is 403 so the console refreshes once", async (t2) => {
  const { request } = await build(t2);
  t2.equal((await request("GET", "/api/auth/me")).status, 401);
  const bad = await request("GET", "/api/auth/me", { token: "abc.def.ghi" });
  t2.equal(bad.status, 403);
  t2.equal(bad.body.error, "ERR_SESSION_EXPIRED");
});
t.test("a second login of the same user tells the first session over the socket", async (t2) => {
  const { app, token } = await build(t2);
  await app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = app.server.address();
  const socket = connect(`http://127.0.0.1:${port}`, { path: "/socket.io", query: { token }, transports: ["websocket"] });
  t2.teardown(() => {
    socket.close();
  });
  await new Promise((resolve, reject) => {
    socket.on("connect", () => resolve());
    socket.on("connect_error", reject);
  });
  const user = await User.unscoped("test").findOne({ email: ADMIN_EMAIL });
  const event = new Promise((resolve) => socket.on(`company-1-auth`, resolve));
  const second = await app.inject({ method: "POST", url: "/api/auth/login", payload: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
  t2.equal(second.statusCode, 200);
  const payload = await event;
  t2.equal(payload.user.id, user.id);
});
t.test("a socket without a valid token is refused", async (t2) => {
  const { app } = await build(t2);
  await app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = app.server.address();
  const socket = connect(`http://127.0.0.1:${port}`, { path: "/socket.io", query: { token: "forged" }, transports: ["websocket"], reconnection: false });
  t2.teardown(() => {
    socket.close();
  });
  const err = await new Promise((resolve) => socket.on("connect_error", resolve));
  t2.match(err.message, /ERR_SESSION_EXPIRED/);
});
