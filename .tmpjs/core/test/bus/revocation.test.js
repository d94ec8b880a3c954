import t from "tap";
import { build, ADMIN_EMAIL, ADMIN_PASSWORD } from "../helper.js";
import { closedByServer, openSocket, socketRevocations } from "./revocation-scenarios.js";
async function listen(app) {
  await app.listen({ port: 0, host: "127.0.0.1" });
  return `http://127.0.0.1:${app.server.address().port}`;
}
t.test("sockets follow their user's session and access", async (t2) => {
  const ctx = await build(t2);
  await socketRevocations(t2, ctx, await listen(ctx.app));
});
t.test("a socket lives no longer than its access token, unless renewed in place with a newer one", async (t2) => {
  const ctx = await build(t2, {
    env: { ...process.env, ADMIN_EMAIL, ADMIN_PASSWORD, REDIS_URL: process.env.TEST_REDIS_URL ?? "", PLUGINS_DIR: "", JWT_ACCESS_TTL: "4s" }
  });
  const url = await listen(ctx.app);
  const expiresAt = (token) => JSON.parse(Buffer.from(token.split(".")[1], "base64url").toString()).exp * 1e3;
  await t2.test("not renewed: closed when the token expires", async (t3) => {
    const user = await ctx.createUser(1);
    const open = await openSocket(t3, url, user.token);
    t3.equal(await closedByServer(open, 15e3), "io server disconnect");
    t3.ok(Date.now() >= expiresAt(user.token), "at the token's expiry, not before");
  });
  await t2.test("renewed with a refreshed token: still open past the first token's expiry", async (t3) => {
    const login = await ctx.app.inject({ method: "POST", url: "/api/auth/login", payload: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
    const first = login.json().token;
    const open = await openSocket(t3, url, first);
    while (Math.floor(Date.now() / 1e3) * 1e3 < expiresAt(first) - 2e3) await new Promise((r) => setTimeout(r, 50));
    const cookie = login.cookies.find((c) => c.name === "jrt").value;
    const refreshed = await ctx.app.inject({ method: "POST", url: "/api/auth/refresh_token", cookies: { jrt: cookie } });
    const second = refreshed.json().token;
    t3.ok(expiresAt(second) > expiresAt(first), "the refreshed token lives longer");
    const renewed = await new Promise((resolve) => open.socket.emit("renewToken", second, resolve));
    t3.same(renewed, { ok: true });
    const forged = await new Promise((resolve) => open.socket.emit("renewToken", `${second}x`, resolve));
    t3.same(forged, { ok: false }, "a token that does not verify renews nothing");
    await new Promise((r) => setTimeout(r, Math.max(0, expiresAt(first) - Date.now() + 300)));
    t3.ok(open.socket.connected, "open past the first token's expiry");
    t3.equal(await closedByServer(open, 15e3), "io server disconnect", "and closed at the renewed token's expiry");
    t3.ok(Date.now() >= expiresAt(second));
  });
  await t2.test("another user's token renews nothing", async (t3) => {
    const a = await ctx.createUser(1);
    const b = await ctx.createUser(1);
    const open = await openSocket(t3, url, a.token);
    const reply = await new Promise((resolve) => open.socket.emit("renewToken", b.token, resolve));
    t3.same(reply, { ok: false });
  });
});
