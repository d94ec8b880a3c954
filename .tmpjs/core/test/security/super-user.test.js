import t from "tap";
import { Secret, TOTP } from "otpauth";
import { build } from "../helper.js";
import { User } from "../../src/db/models/index.js";
import { apiRoutes, fillUrl, sample } from "./routes.js";
const READS_ALLOWED = {
  "GET /api/users/:id": "the company's admins list and see every user of it, the super user included (name, e-mail, profile)"
};
const codeAt = (secret) => new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: "SHA1" }).generate();
t.test("an admin of the super user's company cannot act on the super user through any route that names a user", async (t2) => {
  const env = await build(t2);
  const superId = 1;
  const setup = await env.request("POST", "/api/auth/2fa/setup", { token: env.token });
  t2.equal((await env.request("POST", "/api/auth/2fa/enable", { token: env.token, body: { code: codeAt(setup.body.secret) } })).status, 200);
  const sessionsBefore = (await env.request("GET", "/api/auth/sessions", { token: env.token })).body;
  const before = await User.scoped(1).findById(superId);
  const admin = await env.createUser(1, { profile: "admin" });
  const routes = apiRoutes(env.app).filter((r) => !r.isPublic && (r.url.startsWith("/api/users/:id") || r.params.includes("userId")));
  t2.ok(routes.length >= 5, `${routes.length} routes name a user: ${routes.map((r) => `${r.method} ${r.url}`).join(", ")}`);
  for (const route of routes) {
    const key = `${route.method} ${route.url}`;
    const url = fillUrl(route.url, (param) => param === "id" || param === "userId" ? String(superId) : param === "sessionId" ? String(sessionsBefore[0].id) : "1");
    const body = route.schema.body ? sample(route.schema.body, { id: 1, text: "probe", values: { name: "Taken over", email: "taken.over@atrium.test", password: "Taken-over-123", profile: "user", super: false } }) : void 0;
    const res = await env.request(route.method, url, { token: admin.token, body });
    if (READS_ALLOWED[key]) t2.equal(res.status, 200, `${key}: allowed (${READS_ALLOWED[key]})`);
    else t2.equal(res.status, 403, `${key} \u2192 ${res.status} ${res.status === 403 ? "" : JSON.stringify(res.body).slice(0, 160)}`);
  }
  const after = await User.scoped(1).findById(superId);
  t2.ok(after.totpEnabledAt, "the super user's second factor is still on");
  t2.same([after.email, after.name, after.profile, after.super, after.tokenVersion], [before.email, before.name, before.profile, before.super, before.tokenVersion], "their account is unchanged");
  t2.same((await env.request("GET", "/api/auth/sessions", { token: env.token })).body.map((s) => s.id), sessionsBefore.map((s) => s.id), "their sessions too");
});
