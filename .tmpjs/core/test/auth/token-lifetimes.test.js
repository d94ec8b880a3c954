import t from "tap";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { Secret, TOTP } from "otpauth";
import { ADMIN_EMAIL, ADMIN_PASSWORD, build } from "../helper.js";
import { Company, Whatsapp } from "../../src/db/models/index.js";
const claims = (token) => JSON.parse(Buffer.from(token.split(".")[1], "base64url").toString());
const codeAt = (secret) => new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: "SHA1" }).generate();
const cookieOf = (headers) => String([headers["set-cookie"]].flat().find((c) => String(c).startsWith("jrt=")) ?? "").split(";")[0];
let serial = 0;
const unique = () => `${Date.now().toString(36)}${serial += 1}`;
async function signIn(env, email, password) {
  const res = await env.request("POST", "/api/auth/login", { body: { email, password } });
  if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${JSON.stringify(res.body)}`);
  return { token: res.body.token, cookie: cookieOf(res.headers) };
}
async function agentOf(env) {
  const tenant = await env.createTenant(`Lifetimes ${unique()}`);
  const password = "Agent-pass-123";
  const { id, email } = await env.createUser(tenant.companyId, { password });
  return { id, companyId: tenant.companyId, email, password, ...await signIn(env, email, password), manager: async () => tenant.admin.token };
}
async function superUser(env) {
  const email = `super.${unique()}@atrium.test`;
  const password = "Super-pass-123";
  const created = await env.request("POST", "/api/users", { token: (await signIn(env, ADMIN_EMAIL, ADMIN_PASSWORD)).token, body: { name: "Second super", email, password, profile: "admin", super: true } });
  if (created.status !== 200) throw new Error(`super user: ${created.status} ${JSON.stringify(created.body)}`);
  return { id: created.body.id, companyId: 1, email, password, ...await signIn(env, email, password), manager: async () => (await signIn(env, ADMIN_EMAIL, ADMIN_PASSWORD)).token };
}
const accepted = (status) => status >= 200 && status < 300;
const KINDS = [
  {
    name: "access token",
    async issue(env) {
      const owner = await agentOf(env);
      return { owner, use: async () => accepted((await env.request("GET", "/api/auth/me", { token: owner.token })).status) };
    },
    endings: ["logout", "ends it in their sessions list", "an admin ends it", "signs in elsewhere", "password reset", "deleted"]
  },
  {
    name: "refresh token",
    async issue(env) {
      const owner = await agentOf(env);
      return { owner, use: async () => accepted((await env.request("POST", "/api/auth/refresh_token", { headers: { cookie: owner.cookie } })).status) };
    },
    endings: ["logout", "ends it in their sessions list", "an admin ends it", "signs in elsewhere", "password reset", "deleted"]
  },
  {
    name: "two-factor challenge",
    async issue(env) {
      const owner = await agentOf(env);
      const setup = await env.request("POST", "/api/auth/2fa/setup", { token: owner.token });
      const enabled = await env.request("POST", "/api/auth/2fa/enable", { token: owner.token, body: { code: codeAt(setup.body.secret) } });
      const [recoveryCode] = enabled.body.recoveryCodes;
      const login = await env.request("POST", "/api/auth/login", { body: { email: owner.email, password: owner.password } });
      const challenge = login.body.challenge;
      if (!challenge) throw new Error(`no challenge: ${JSON.stringify(login.body)}`);
      return { owner, use: async () => accepted((await env.request("POST", "/api/auth/login/2fa", { body: { challenge, recoveryCode } })).status) };
    },
    endings: ["password reset", "deleted"]
  },
  {
    name: "impersonation token",
    async issue(env) {
      const owner = await superUser(env);
      const tenant = await env.createTenant(`Viewed ${unique()}`);
      const view = await env.request("POST", `/api/auth/impersonate/${tenant.companyId}`, { token: owner.token });
      if (view.status !== 200) throw new Error(`impersonate: ${view.status} ${JSON.stringify(view.body)}`);
      const token = view.body.token;
      return {
        owner: { ...owner, viewToken: token },
        use: async () => accepted((await env.request("GET", "/api/auth/me", { token })).status)
      };
    },
    endings: ["logout", "ends it in their sessions list", "an admin ends it", "signs in elsewhere", "password reset", "deleted", "super user demoted", "back from the view"]
  },
  {
    name: "renewal token (an expired company's admin)",
    async issue(env) {
      const tenant = await env.createTenant(`Lapsed ${unique()}`);
      await Company.query().findById(tenant.companyId).patch({ dueDate: "2001-02-03" });
      const login = await env.request("POST", "/api/auth/login", { body: { email: tenant.admin.email, password: tenant.admin.password } });
      const renewal = login.body.renewalToken;
      if (!renewal) throw new Error(`no renewal token: ${JSON.stringify(login.body)}`);
      const owner = { id: tenant.admin.id, companyId: tenant.companyId, email: tenant.admin.email, password: tenant.admin.password, token: "", cookie: "", manager: async () => "" };
      return { owner, use: async () => accepted((await env.request("GET", "/api/invoices/all", { token: renewal })).status) };
    },
    endings: ["password reset"]
  },
  {
    name: "external API token (a connection's)",
    async issue(env) {
      const admin = (await env.createTenant(`Api ${unique()}`)).admin;
      const created = await env.request("POST", "/api/whatsapp", { token: admin.token, body: { name: `Api ${unique()}`, provider: "sandbox" } });
      if (created.status !== 200) throw new Error(`connection: ${created.status} ${JSON.stringify(created.body)}`);
      const connection = await Whatsapp.unscoped("test").findById(created.body.id);
      const apiToken = connection.token;
      const owner = { id: connection.id, companyId: connection.companyId, email: "", password: "", token: admin.token, cookie: "", manager: async () => admin.token };
      return { owner, use: async () => (await env.app.inject({ method: "GET", url: "/api/external/messages/999999/history", headers: { authorization: `Bearer ${apiToken}` } })).statusCode !== 401 };
    },
    endings: ["connection token replaced", "connection deleted"]
  }
];
function outboxCode(env, email) {
  const dir = path.join(env.app.config.dataDir, "outbox");
  const mails = readdirSync(dir).sort().map((file) => JSON.parse(readFileSync(path.join(dir, file), "utf8")));
  const mail = mails.reverse().find((m) => JSON.stringify(m.to).includes(email));
  const code = mail && /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no reset code mailed to ${email}`);
  return code;
}
async function end(env, issued, ending, t2) {
  const { owner } = issued;
  const call = async (method, url, token, body) => {
    const res = await env.request(method, url, { token, body });
    t2.ok(accepted(res.status), `${ending}: ${method} ${url} \u2192 ${res.status} ${res.status >= 300 ? JSON.stringify(res.body) : ""}`);
    return res;
  };
  const sid = () => claims(owner.token).sid;
  switch (ending) {
    case "logout":
      await call("DELETE", "/api/auth/logout", owner.token);
      break;
    case "ends it in their sessions list":
      await call("DELETE", `/api/auth/sessions/${sid()}`, owner.token);
      break;
    case "an admin ends it":
      await call("DELETE", `/api/users/${owner.id}/sessions/${sid()}`, await owner.manager());
      break;
    case "signs in elsewhere":
      await signIn(env, owner.email, owner.password);
      break;
    case "password reset": {
      const email = encodeURIComponent(owner.email);
      const remoteAddress = `127.0.${serial % 250}.${(serial += 1) % 250}`;
      for (const url of [`/api/forgetpassword/${email}`, () => `/api/resetpasswords/${email}/${outboxCode(env, owner.email)}/Brand-new-pass-1`]) {
        const res = await env.app.inject({ method: "POST", url: typeof url === "string" ? url : url(), remoteAddress });
        t2.equal(res.statusCode, 200, `${ending}: ${res.body.slice(0, 120)}`);
      }
      break;
    }
    case "deleted":
      await call("DELETE", `/api/users/${owner.id}`, await owner.manager());
      break;
    case "super user demoted":
      await call("PUT", `/api/users/${owner.id}`, await owner.manager(), { super: false });
      break;
    case "back from the view":
      await call("POST", "/api/auth/impersonate/back", owner.viewToken);
      break;
    case "connection token replaced":
      await call("PUT", `/api/whatsapp/${owner.id}`, owner.token, { token: `replaced-${unique()}` });
      break;
    case "connection deleted":
      await call("DELETE", `/api/whatsapp/${owner.id}`, owner.token);
      break;
  }
}
t.test("every token the server issues is refused once its session has ended, whichever way it ended", async (t2) => {
  const env = await build(t2);
  for (const kind of KINDS) {
    await t2.test(kind.name, async (t3) => {
      const control = await kind.issue(env);
      t3.ok(await control.use(), "accepted while its session lasts (the control)");
      for (const ending of kind.endings) {
        const issued = await kind.issue(env);
        await end(env, issued, ending, t3);
        t3.notOk(await issued.use(), `refused after: ${ending}`);
      }
    });
  }
});
t.test("the sign-in answer, which every user of the company gets, carries no secret setting", async (t2) => {
  const env = await build(t2);
  t2.equal((await env.request("PUT", "/api/settings/asaas", { token: env.token, body: { value: "aact_live_secret_key_123456" } })).status, 200);
  const login = await env.request("POST", "/api/auth/login", { body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
  const keys = login.body.user.company.settings.map((s) => s.key);
  t2.ok(keys.length > 5, "the company's settings are there");
  t2.notOk(keys.includes("asaas"), "the gateway key is not");
  t2.notOk(JSON.stringify(login.body).includes("aact_live"), "nor any part of it");
});
