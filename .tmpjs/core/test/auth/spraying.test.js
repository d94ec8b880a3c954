import t from "tap";
import { build, ADMIN_EMAIL, ADMIN_PASSWORD } from "../helper.js";
import { loadConfig, parseTrustProxy } from "../../src/config/index.js";
import { PasswordReset, User } from "../../src/db/models/index.js";
async function send(app, method, url, opts) {
  const res = await app.inject({
    method,
    url,
    payload: opts.body,
    remoteAddress: opts.from,
    headers: opts.forwardedFor ? { "x-forwarded-for": opts.forwardedFor } : {}
  });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}
const login = (app, email, password, from, forwardedFor) => send(app, "POST", "/api/auth/login", { from, forwardedFor, body: { email, password } });
t.test("twenty failed logins over twenty accounts from one address: the next is 429 ERR_TOO_MANY_ATTEMPTS with Retry-After, whatever the account", async (t2) => {
  const { app } = await build(t2);
  const statuses = [];
  for (let i = 0; i < 20; i++) statuses.push((await login(app, `victim${i}@atrium.test`, "Summer2026!", "198.51.100.1")).status);
  t2.same(statuses, Array(20).fill(401), "the first twenty are ordinary failures");
  const blocked = await login(app, "victim20@atrium.test", "Summer2026!", "198.51.100.1");
  t2.equal(blocked.status, 429);
  t2.equal(blocked.body.error, "ERR_TOO_MANY_ATTEMPTS");
  const retryAfter = Number(blocked.headers["retry-after"]);
  t2.ok(retryAfter > 0 && retryAfter <= 600, `Retry-After within the 10-minute window (${retryAfter})`);
  t2.equal(blocked.body.retryAfter, retryAfter);
  t2.equal((await login(app, ADMIN_EMAIL, ADMIN_PASSWORD, "198.51.100.1")).status, 429, "even the right password, from that address, waits");
  t2.equal((await login(app, ADMIN_EMAIL, ADMIN_PASSWORD, "198.51.100.2")).status, 200, "another address signs in");
  const admin = await User.unscoped("test").findOne({ email: ADMIN_EMAIL });
  t2.equal(admin.lockedUntil ?? null, null, "the refused attempts did not touch the account");
});
t.test("successful logins do not use the budget", async (t2) => {
  const { app } = await build(t2, { config: { authFailureLimit: { max: 2, windowMs: 6e4 } } });
  for (let i = 0; i < 4; i++) t2.equal((await login(app, ADMIN_EMAIL, ADMIN_PASSWORD, "198.51.100.3")).status, 200);
});
t.test("the per-account lockout still holds on its own: five failures lock the account from any address", async (t2) => {
  const { app } = await build(t2);
  for (let i = 0; i < 5; i++) await login(app, ADMIN_EMAIL, "wrong", `198.51.100.${10 + i}`, `203.0.113.${i}`);
  const res = await login(app, ADMIN_EMAIL, ADMIN_PASSWORD, "198.51.100.20", "203.0.113.99");
  t2.equal(res.status, 429);
  t2.equal(res.body.error, "ERR_ACCOUNT_LOCKED");
});
t.test("reset-code requests and wrong reset codes spend the same budget as failed logins", async (t2) => {
  const { app } = await build(t2, { config: { authFailureLimit: { max: 3, windowMs: 6e4 } } });
  const forgot = (email, from) => send(app, "POST", `/api/forgetpassword/${encodeURIComponent(email)}`, { from });
  const reset = (email, code, from) => send(app, "POST", `/api/resetpasswords/${encodeURIComponent(email)}/${code}/New-pass-123`, { from });
  for (const email of ["a@atrium.test", "b@atrium.test", ADMIN_EMAIL]) await forgot(email, "198.51.100.30");
  const fourth = await forgot("c@atrium.test", "198.51.100.30");
  t2.equal(fourth.status, 429, "a fourth code request from the address is refused");
  t2.equal(fourth.body.error, "ERR_TOO_MANY_ATTEMPTS");
  t2.ok(Number(fourth.headers["retry-after"]) > 0);
  t2.equal((await login(app, ADMIN_EMAIL, ADMIN_PASSWORD, "198.51.100.30")).body.error, "ERR_TOO_MANY_ATTEMPTS", "and so is a login from it");
  t2.equal((await forgot(ADMIN_EMAIL, "198.51.100.31")).status, 200, "another address asks for a code");
  for (const code of ["000001", "000002", "000003"]) t2.equal((await reset(ADMIN_EMAIL, code, "198.51.100.32")).status, 400, "wrong code");
  const guessing = await reset(ADMIN_EMAIL, "000004", "198.51.100.32");
  t2.equal(guessing.status, 429, "a fourth wrong code from one address is refused before it is checked");
  t2.equal(guessing.body.error, "ERR_TOO_MANY_ATTEMPTS");
  const row = await PasswordReset.query().whereNull("usedAt").orderBy("id", "desc").first();
  t2.equal(row.attempts, 3, "the refused guess was not even tried against the code");
});
t.test("TRUST_PROXY off (the default): a forged X-Forwarded-For does not change the address the limits see", async (t2) => {
  const { app } = await build(t2, { config: { authFailureLimit: { max: 3, windowMs: 6e4 } } });
  t2.equal(app.config.trustProxy, false);
  for (let i = 0; i < 3; i++) await login(app, `victim${i}@atrium.test`, "x", "198.51.100.40", `203.0.113.${i}`);
  const res = await login(app, "victim9@atrium.test", "x", "198.51.100.40", "203.0.113.200");
  t2.equal(res.status, 429, "a new X-Forwarded-For for each try changes nothing");
  t2.equal(res.body.error, "ERR_TOO_MANY_ATTEMPTS");
});
t.test("TRUST_PROXY with the proxy's address: the client address comes from X-Forwarded-For only through that proxy", async (t2) => {
  const { app } = await build(t2, { config: { authFailureLimit: { max: 3, windowMs: 6e4 }, trustProxy: ["10.0.0.1"] } });
  const PROXY = "10.0.0.1";
  for (let i = 0; i < 3; i++) await login(app, `victim${i}@atrium.test`, "x", PROXY, "203.0.113.7");
  t2.equal((await login(app, "victim9@atrium.test", "x", PROXY, "203.0.113.7")).status, 429, "the client behind the proxy is limited");
  t2.equal((await login(app, "victim9@atrium.test", "x", PROXY, "203.0.113.8")).status, 401, "another client behind the same proxy is not");
  for (let i = 0; i < 3; i++) await login(app, `victim${i}@atrium.test`, "x", "198.51.100.50", `203.0.113.${50 + i}`);
  t2.equal((await login(app, "victim9@atrium.test", "x", "198.51.100.50", "203.0.113.99")).status, 429);
});
t.test("TRUST_PROXY as a hop count takes the address that many hops back", async (t2) => {
  const { app } = await build(t2, { config: { authFailureLimit: { max: 2, windowMs: 6e4 }, trustProxy: 1 } });
  for (let i = 0; i < 2; i++) await login(app, `victim${i}@atrium.test`, "x", `10.1.0.${i}`, "203.0.113.20");
  t2.equal((await login(app, "victim9@atrium.test", "x", "10.1.0.9", "203.0.113.20")).status, 429, "the same client through different proxy replicas");
  t2.equal((await login(app, "victim9@atrium.test", "x", "10.1.0.9", "203.0.113.21")).status, 401);
});
t.test("TRUST_PROXY is read from the environment: off, a hop count, or proxy addresses / CIDRs; anything else stops start-up", async (t2) => {
  t2.equal(parseTrustProxy(void 0), false);
  t2.equal(parseTrustProxy(""), false);
  t2.equal(parseTrustProxy("false"), false);
  t2.equal(parseTrustProxy("0"), false);
  t2.equal(parseTrustProxy("2"), 2);
  t2.same(parseTrustProxy("10.0.0.1, 172.16.0.0/12,::1"), ["10.0.0.1", "172.16.0.0/12", "::1"]);
  t2.throws(() => parseTrustProxy("true"), /TRUST_PROXY/, "trusting every client is not an option");
  t2.throws(() => parseTrustProxy("proxy.local"), /TRUST_PROXY/);
  const dataDir = t2.testdir();
  t2.same(loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: "127.0.0.1" }).trustProxy, ["127.0.0.1"]);
  t2.same(loadConfig({ DATA_DIR: dataDir }).authFailureLimit, { max: 20, windowMs: 6e5 }, "documented defaults");
});
