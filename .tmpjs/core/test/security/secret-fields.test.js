import t from "tap";
import { randomBytes } from "node:crypto";
import { SECRET_KEYWORD } from "../../src/secrets/index.js";
import { hasSecret } from "../../src/secrets/schema.js";
import { SECRET_KEYS } from "../../src/domains/settings/values.js";
import { Queue } from "../../src/db/models/index.js";
import { socketFor, waitFor } from "../pipeline/http.js";
import { apiRoutes, buildWithFixturePlugins, fillUrl, sample } from "./routes.js";
const BODIES = {
  "PUT /api/relay/settings": ({ secret }) => ({ url: "http://127.0.0.1:9/hook", apiKey: secret("relay-apiKey") }),
  // A Cloud API connection's Graph token, app secret and webhook verify token (its base URL: the fake's kind, unreachable here).
  "PUT /api/whatsapp-cloud/:connectionId/settings": ({ secret }) => ({
    phoneNumberId: "1098765432",
    wabaId: "2233445566",
    baseUrl: "http://127.0.0.1:9",
    accessToken: secret("cloud-accessToken"),
    appSecret: secret("cloud-appSecret"),
    verifyToken: secret("cloud-verifyToken")
  }),
  // A Cloud API connection made with its settings in one step (issue 41): the same secrets, on the create.
  "POST /api/whatsapp": ({ secret }) => ({
    name: `Cloud secrets ${randomBytes(3).toString("hex")}`,
    provider: "cloud",
    cloud: {
      phoneNumberId: "1098765433",
      wabaId: "2233445567",
      baseUrl: "http://127.0.0.1:9",
      accessToken: secret("cloud-accessToken"),
      appSecret: secret("cloud-appSecret"),
      verifyToken: secret("cloud-verifyToken")
    }
  }),
  "POST /api/queueIntegration": ({ secret }) => ({
    type: "dialogflow",
    name: "Dialogflow probe",
    projectName: "probe",
    jsonContent: JSON.stringify({ type: "service_account", private_key: secret("dialogflow-private_key") }),
    webhookSecret: secret("integration-webhookSecret")
  }),
  "PUT /api/queueIntegration/:id": ({ secret }) => ({
    type: "webhook",
    name: "Webhook probe",
    urlN8N: "http://127.0.0.1:9/hook",
    webhookSecret: secret("integration-webhookSecret"),
    jsonContent: JSON.stringify({ private_key: secret("dialogflow-private_key") })
  }),
  "POST /api/queueIntegration/testSession": ({ secret }) => ({ projectName: "probe", jsonContent: JSON.stringify({ private_key: secret("dialogflow-private_key") }) }),
  // The OpenAI node's secrets are in the node's free-form data: saved on a new flow, which is then copied.
  "POST /api/flowbuilder/flow": async ({ secret, call }) => {
    const flow = await call("POST", "/api/flowbuilder", { name: `Secrets ${randomBytes(3).toString("hex")}` });
    const ai = { name: "Bot", projectName: "Bot", prompt: "Be kind", voice: "Francisca", voiceRegion: "brazilsouth", apiKey: secret("flow-apiKey"), voiceKey: secret("flow-voiceKey") };
    return { idFlow: flow.body.id, nodes: [{ id: "ai", type: "openai", position: { x: 0, y: 0 }, data: { typebotIntegration: ai } }], connections: [] };
  }
};
const CANNOT_SUCCEED = {
  "POST /api/queueIntegration/testSession": "asks Dialogflow, which this test does not fake; it stores nothing"
};
const isObject = (v) => typeof v === "object" && v !== null && !Array.isArray(v);
const isSecretSchema = (s) => Boolean(s && (s[SECRET_KEYWORD] === true || (s.anyOf ?? s.oneOf ?? []).some((b) => b[SECRET_KEYWORD] === true)));
function withSecrets(schema, value, secret, name) {
  if (!schema) return value;
  if (isSecretSchema(schema)) return secret(name);
  const objectBranch = [schema, ...schema.anyOf ?? schema.oneOf ?? []].find((s) => s.properties);
  if (objectBranch && isObject(value)) {
    return Object.fromEntries(Object.entries(objectBranch.properties).map(([key, prop]) => [key, withSecrets(prop, value[key], secret, `${name}.${key}`)]).filter(([, v]) => v !== void 0));
  }
  const arrayBranch = [schema, ...schema.anyOf ?? schema.oneOf ?? []].find((s) => s.items);
  if (arrayBranch && Array.isArray(value)) return value.map((item) => withSecrets(arrayBranch.items, item, secret, name));
  return value;
}
async function tableNames(knex) {
  const client = String(knex.client.config.client);
  return client.includes("sqlite") ? knex("sqlite_master").where({ type: "table" }).whereNot("name", "like", "sqlite_%").pluck("name") : knex("information_schema.tables").whereRaw("table_schema = database()").pluck("TABLE_NAME");
}
const ENCRYPTED = /enc:v1:[\w-]+:[\w-]+:[\w-]*/g;
async function secretsContext(request, token, queueName) {
  const clear = /* @__PURE__ */ new Set();
  const secret = (label) => {
    const value = `${label.replace(/\W/g, "")}-${randomBytes(12).toString("base64url")}`;
    clear.add(value);
    return value;
  };
  const call = async (method, url, body) => request(method, url, { token, body });
  const queueId = (await Queue.scoped(1).insertAndFetch({ name: queueName, color: "#abcdef", orderQueue: 9 })).id;
  const ctx = { secret, call, queueId };
  return { clear, secret, call, queueId, ctx };
}
t.test("no secret is stored in clear, nor answered or emitted in clear, by any route", async (t2) => {
  const { app, token, request, createUser } = await buildWithFixturePlugins(t2, { config: { allowPrivateUrls: true } });
  const plain = await createUser(1, { profile: "user" });
  const { clear, secret, call, queueId, ctx } = await secretsContext(request, token, "Secrets queue");
  const socket = await socketFor(t2, app, token);
  const frames = [];
  socket.io.engine.on("packet", (packet) => {
    frames.push(typeof packet.data === "string" ? packet.data : JSON.stringify(packet.data ?? ""));
  });
  const routes = apiRoutes(app);
  const writes = routes.filter((r) => ["POST", "PUT", "PATCH"].includes(r.method) && !r.isPublic && (hasSecret(r.schema.body) || BODIES[`${r.method} ${r.url}`])).sort((a, b) => a.params.length - b.params.length);
  t2.ok(writes.some((r) => r.pluginId === "relay") && writes.some((r) => r.url === "/api/prompt"), "the walk finds secret fields in the core's plugins and the test plugins");
  const createdIds = /* @__PURE__ */ new Map();
  const ids = /* @__PURE__ */ new Set([1]);
  const answers = [];
  const failed = [];
  for (const route of writes) {
    const key = `${route.method} ${route.url}`;
    const body = BODIES[key] ? await BODIES[key](ctx) : withSecrets(route.schema.body, sample(route.schema.body, { id: queueId, text: "probe" }), secret, "body");
    const owner = [...createdIds.keys()].filter((url2) => route.url.startsWith(`${url2}/`)).sort((a, b) => b.length - a.length)[0];
    const url = fillUrl(route.url, () => String(owner ? createdIds.get(owner) : 1));
    const res = await call(route.method, url, body);
    answers.push(`${key} \u2192 ${JSON.stringify(res.body)}`);
    if (res.status >= 200 && res.status < 300) {
      if (typeof res.body?.id === "number") {
        createdIds.set(route.url, res.body.id);
        ids.add(res.body.id);
      }
    } else if (!CANNOT_SUCCEED[key]) failed.push(`${key} \u2192 ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
  }
  t2.same(failed, [], "every write with a secret field stored it (a new one needs a body in BODIES)");
  const flows = await call("GET", "/api/flowbuilder");
  for (const flow of flows.body.flows) t2.equal((await call("POST", "/api/flowbuilder/duplicate", { flowId: flow.id })).status, 200, "flow copied");
  for (const key of SECRET_KEYS) t2.equal((await call("PUT", `/api/settings/${key}`, { value: secret(`setting-${key}`) })).status, 200, `setting ${key} saved`);
  const inClear = [];
  for (const table of await tableNames(app.knex)) {
    for (const row of await app.knex(table).select("*")) {
      for (const [column, value] of Object.entries(row)) {
        if (typeof value !== "string") continue;
        for (const c of clear) if (value.includes(c)) inClear.push(`${table}.${column} holds ${c}`);
        for (const [sealed] of value.matchAll(ENCRYPTED)) {
          clear.add(app.atrium.secrets.decrypt(sealed));
          if (typeof row.id === "number") ids.add(row.id);
        }
      }
    }
  }
  t2.same(inClear, [], "no secret is stored in clear");
  t2.ok(clear.size >= 10, `${clear.size} secrets written and found encrypted`);
  for (const bearer of [token, plain.token]) {
    for (const route of routes.filter((r) => r.method === "GET" && !r.isPublic)) {
      for (const id of route.params.length ? ids : [0]) {
        const res = await request("GET", fillUrl(route.url, () => String(id)), { token: bearer });
        answers.push(`GET ${fillUrl(route.url, () => String(id))}${bearer === token ? "" : " (plain user)"} \u2192 ${JSON.stringify(res.body)}`);
      }
    }
  }
  await waitFor(() => frames.some((f) => f.includes("company-1-settings") && f.includes("asaasWebhookToken")), 1e4, "the last settings event");
  const leaks = [...answers, ...frames.map((f) => `socket frame ${f}`)].flatMap((text) => [...clear].filter((c) => text.includes(c)).map((c) => `${text.slice(0, 160)} \u2026 holds ${c}`));
  t2.ok(answers.length > 100, `${answers.length} answers read`);
  t2.same(leaks, [], "no answer and no socket frame holds a secret in clear");
});
t.test("a PUT with a new secret writes an audit entry that says it changed, without the value", async (t2) => {
  const { app, token, request } = await buildWithFixturePlugins(t2, { config: { allowPrivateUrls: true } });
  const { clear, secret, call, queueId, ctx } = await secretsContext(request, token, "Rotation queue");
  const bodyFor = async (route) => {
    const key = `${route.method} ${route.url}`;
    return BODIES[key] ? BODIES[key](ctx) : withSecrets(route.schema.body, sample(route.schema.body, { id: queueId, text: "probe" }), secret, "body");
  };
  const lastEntryId = async () => Number((await app.knex("auditLogs").max("id as id"))[0].id ?? 0);
  const entriesAfter = async (id) => await app.knex("auditLogs").where("id", ">", id).orderBy("id");
  const routes = apiRoutes(app).filter((r) => !r.isPublic && (hasSecret(r.schema.body) || BODIES[`${r.method} ${r.url}`]) && !CANNOT_SUCCEED[`${r.method} ${r.url}`]);
  const createdIds = /* @__PURE__ */ new Map();
  for (const route of routes.filter((r) => r.method === "POST" && r.params.length === 0)) {
    const res = await call(route.method, route.url, await bodyFor(route));
    if (typeof res.body?.id === "number") createdIds.set(route.url, res.body.id);
  }
  const updates = routes.filter((r) => r.method === "PUT" || r.method === "PATCH");
  t2.ok(updates.some((r) => r.url === "/api/prompt/:id") && updates.some((r) => r.url.includes("whatsapp-cloud")), "the walk finds the prompt's and the Cloud connection's secrets");
  const rotations = [
    ...updates.map((route) => ({
      label: `${route.method} ${route.url}`,
      rotate: async () => {
        const owner = [...createdIds.keys()].filter((url) => route.url.startsWith(`${url}/`)).sort((a, b) => b.length - a.length)[0];
        return call(route.method, fillUrl(route.url, () => String(owner ? createdIds.get(owner) : 1)), await bodyFor(route));
      }
    })),
    ...[...SECRET_KEYS].map((key) => ({ label: `setting ${key}`, rotate: () => call("PUT", `/api/settings/${key}`, { value: secret(`setting-${key}`) }) }))
  ];
  const untraced = [];
  for (const { label, rotate } of rotations) {
    const first = await rotate();
    t2.ok(first.status >= 200 && first.status < 300, `${label}: first value stored (${first.status})`);
    const mark = await lastEntryId();
    const second = await rotate();
    t2.ok(second.status >= 200 && second.status < 300, `${label}: new value stored (${second.status})`);
    const entries = await entriesAfter(mark);
    const rotated = entries.flatMap((e) => Object.entries(JSON.parse(e.changes ?? "{}")).filter(([, c]) => c.changed === true && c.before === "\u2022\u2022\u2022\u2022\u2022\u2022" && c.after === "\u2022\u2022\u2022\u2022\u2022\u2022").map(([field]) => `${e.entity}.${field}`));
    if (rotated.length === 0) untraced.push(`${label} \u2192 ${JSON.stringify(entries)}`);
    const text = JSON.stringify(entries);
    t2.notOk([...clear].some((c) => text.includes(c)) || /enc:v\d+:/.test(text), `${label}: the entries hold no secret value (${rotated.join(", ")})`);
  }
  t2.same(untraced, [], "every rotated secret shows as changed in its audit entry");
});
