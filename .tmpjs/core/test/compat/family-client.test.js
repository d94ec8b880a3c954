import t from "tap";
import { io as connect } from "socket.io-client";
import { build } from "../helper.js";
import { connectedSandbox } from "../pipeline/http.js";
import { until } from "../connections/util.js";
import { recordedCalls, recordedListeners } from "./family-client.fixtures.js";
function reads(value, path) {
  const [head, ...rest] = path.split(".");
  if (head === "[]") return Array.isArray(value) && (rest.length === 0 || value.every((v) => reads(v, rest.join("."))));
  if (value === null || typeof value !== "object") return false;
  const list = head.endsWith("[]");
  const field = value[list ? head.slice(0, -2) : head];
  if (field === void 0) return false;
  if (list) return Array.isArray(field) && (rest.length === 0 || field.every((v) => reads(v, rest.join("."))));
  return rest.length === 0 || reads(field, rest.join("."));
}
t.test("reads: the path rules the suite checks with", async (t2) => {
  t2.ok(reads({ a: { b: 0 } }, "a.b"));
  t2.notOk(reads({ a: {} }, "a.b"));
  t2.ok(reads({ a: [{ b: null }] }, "a[].b"));
  t2.notOk(reads({ a: [{ c: 1 }] }, "a[].b"));
  t2.notOk(reads({ a: { b: 1 } }, "a[]"));
  t2.ok(reads([{ key: "x" }], "[].key"));
  t2.notOk(reads({ records: [] }, "[]"));
});
async function idsFor(env) {
  const { request, token, app } = env;
  const wa = await connectedSandbox(app);
  const queue = await request("POST", "/api/queue", { token, body: { name: "Recep\xE7\xE3o", color: "#9c27b0" } });
  const list = await request("POST", "/api/contact-lists", { token, body: { name: "Clientes" } });
  const campaign = await request("POST", "/api/campaigns", { token, body: { name: "Boas-vindas", message1: "Ol\xE1", whatsappId: wa.id, contactListId: list.body.id } });
  if (queue.status !== 200 || campaign.status !== 200) throw new Error(`setup: ${JSON.stringify([queue.body, campaign.body])}`);
  return { company: 1, queue: queue.body.id, campaign: campaign.body.id, whatsapp: wa.id, contactList: list.body.id };
}
function filled(call, ids) {
  const fill = (text) => text.replace(/\{(\w+)\}/g, (_, name) => String(ids[name]));
  const body = call.body === void 0 ? void 0 : JSON.parse(JSON.stringify(call.body), (_key, value) => typeof value === "string" && /^\{\w+\}$/.test(value) ? Number(fill(value)) : value);
  return { url: fill(call.url), body };
}
t.test("every recorded call of the family's client answers what the client reads", async (t2) => {
  const env = await build(t2);
  const ids = await idsFor(env);
  for (const call of recordedCalls) {
    const { url, body } = filled(call, ids);
    const reply = await env.request(call.method, url, { token: env.token, body, query: call.query });
    const what = `${call.screen}: ${call.name} (${call.method} ${call.url})`;
    t2.equal(reply.status, call.status, `${what} \u2192 ${call.status} ${reply.status === call.status ? "" : JSON.stringify(reply.body).slice(0, 300)}`);
    if (call.error) t2.equal(reply.body?.error, call.error, `${what}: ${call.error}`);
    const missing = call.reads.filter((path) => !reads(reply.body, path));
    t2.same(missing, [], `${what}: the fields the client reads are there`);
  }
});
t.test("every live event the family's client listens to arrives with the fields it reads", async (t2) => {
  const env = await build(t2);
  const ids = await idsFor(env);
  const { app, token, request, createUser } = env;
  await app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = app.server.address();
  const open = (as) => {
    const socket = connect(`http://127.0.0.1:${port}`, { path: "/socket.io", query: { token: as }, transports: ["websocket"], reconnection: false, forceNew: true });
    t2.teardown(() => {
      socket.close();
    });
    const heard = [];
    socket.onAny((name, payload) => heard.push({ name, payload }));
    return { socket, heard };
  };
  const admin = open(token);
  for (const listener of recordedListeners) {
    const name = listener.event.replace("{company}", String(ids.company));
    const from = admin.heard.length;
    if ("call" in listener.trigger) {
      const { url, body } = filled(listener.trigger.call, ids);
      const reply = await request(listener.trigger.call.method, url, { token, body });
      t2.equal(reply.status, listener.trigger.call.status, `${listener.name}: the trigger answers ${JSON.stringify(reply.body).slice(0, 200)}`);
    } else if ("otherUserComesAndGoes" in listener.trigger) {
      const agent = await createUser(1, { name: "Agente Fam\xEDlia" });
      const { socket } = open(agent.token);
      await new Promise((resolve, reject) => {
        socket.once("connect", () => resolve());
        socket.once("connect_error", reject);
      });
      socket.close();
    }
    const start = "connect" in listener.trigger ? 0 : from;
    const event = await until(() => admin.heard.slice(start).find((e) => e.name === name), 5e3, `${name} (${listener.name})`).catch(() => void 0);
    t2.ok(event, `${listener.name}: the client hears ${name}`);
    if (!event) continue;
    t2.same(listener.reads.filter((path) => !reads(event.payload, path)), [], `${listener.name}: the fields the client reads are there`);
  }
});
export {
  reads
};
