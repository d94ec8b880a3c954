import t from "tap";
import { Value } from "@sinclair/typebox/value";
import { io as connect } from "socket.io-client";
import { build } from "../helper.js";
import { Whatsapp } from "../../src/db/models/index.js";
import { eventSpecOf, socketEvents } from "../../src/bus/events.js";
import { until } from "../connections/util.js";
t.test("every event a socket hears during a conversation is in the catalogue and matches its payload schema", async (t2) => {
  const { app, token, request } = await build(t2);
  const wa = await Whatsapp.scoped(1).where("provider", "sandbox").first();
  await until(() => app.sessions.statusOf(wa.id) === "CONNECTED", 5e3, "sandbox CONNECTED");
  await app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = app.server.address();
  const socket = connect(`http://127.0.0.1:${port}`, { path: "/socket.io", query: { token }, transports: ["websocket"], reconnection: false, forceNew: true });
  t2.teardown(() => {
    socket.close();
  });
  const events = [];
  socket.onAny((name, payload) => events.push({ name, payload }));
  await new Promise((resolve, reject) => {
    socket.once("connect", () => resolve());
    socket.once("connect_error", reject);
  });
  const seen = (name, test = () => true) => events.find((e) => e.name === `company-1-${name}` && test(e.payload));
  const ok = (reply, what) => t2.equal(reply.status, 200, `${what}: ${JSON.stringify(reply.body).slice(0, 200)}`);
  const me = (await request("GET", "/api/auth/me", { token })).body;
  ok(await request("POST", `/api/sandbox/${wa.id}/inbound`, { token, body: { number: "5511988887777", name: "Cliente Cat\xE1logo", body: "Ol\xE1, preciso de ajuda" } }), "inbound");
  const created = await until(() => seen("appMessage", (p) => p.action === "create" && !p.message.fromMe), 5e3, "inbound appMessage");
  const ticketId = created.payload.ticket.id;
  ok(await request("PUT", `/api/tickets/${ticketId}`, { token, body: { status: "open", userId: me.id } }), "accept");
  ok(await request("POST", `/api/messages/${ticketId}`, { token, body: { body: "Bom dia, como posso ajudar?" } }), "reply");
  await until(() => seen("appMessage", (p) => p.action === "update" && p.message.fromMe && p.message.ack >= 2), 5e3, "ack update");
  const note = await request("POST", "/api/ticket-notes", { token, body: { ticketId, contactId: created.payload.contact.id, note: "Cliente VIP" } });
  ok(note, "note");
  const tag = await request("POST", "/api/tags", { token, body: { name: "Urgente", color: "#ff0000" } });
  ok(tag, "tag");
  ok(await request("POST", `/api/tags/sync`, { token, body: { ticketId, tags: [{ id: tag.body.id }] } }), "tag sync");
  const queue = await request("POST", "/api/queue", { token, body: { name: "Financeiro", color: "#00aa00" } });
  ok(queue, "queue");
  ok(await request("PUT", `/api/tickets/${ticketId}`, { token, body: { queueId: queue.body.id } }), "transfer");
  ok(await request("PUT", `/api/tickets/${ticketId}`, { token, body: { status: "closed" } }), "resolve");
  ok(await request("PUT", `/api/contacts/${created.payload.contact.id}`, { token, body: { name: "Cliente Renomeado" } }), "contact update");
  ok(await request("PUT", `/api/whatsapp/${wa.id}`, { token, body: { greetingMessage: "Bem-vindo!" } }), "connection update");
  ok(await request("DELETE", `/api/ticket-notes/${note.body.id}`, { token }), "note delete");
  await until(() => seen("whatsapp") && seen("ticketNote", (p) => p.action === "delete") && seen("ticket", (p) => p.ticket?.status === "closed"), 5e3, "last events");
  const names = /* @__PURE__ */ new Set();
  for (const event of events) {
    const entry = eventSpecOf(event.name);
    if (!entry) {
      t2.fail(`${event.name} is not in the catalogue`);
      continue;
    }
    names.add(entry.name);
    const errors = [...Value.Errors(entry.spec.payload, event.payload)].slice(0, 3).map((e) => `${e.path}: ${e.message}`);
    t2.same(errors, [], `${event.name} ${event.payload?.action ?? ""} matches its schema`);
  }
  for (const name of ["ticket", "appMessage", "ticketNote", "contact", "whatsapp", "tag", "queue"]) {
    t2.ok(names.has(name), `the conversation produced a ${name} event`);
    t2.ok(socketEvents[name], `${name} is catalogued`);
  }
  const transferred = seen("ticket", (p) => p.action === "update" && p.ticket.queueId === queue.body.id);
  t2.match(transferred?.payload.ticket, { queue: { id: queue.body.id, name: "Financeiro", color: "#00aa00" }, whatsapp: { id: wa.id, name: wa.name } }, "a ticket event carries its queue and connection");
  const accepted = seen("ticket", (p) => p.action === "update" && p.ticket.status === "open");
  t2.match(accepted?.payload.ticket, { user: { id: me.id, name: me.name }, whatsapp: { id: wa.id }, contact: { number: "5511988887777" } }, "and its user and contact");
});
t.test("the catalogue rejects a ticket event in another shape (a plugin's own card)", async (t2) => {
  const card = { action: "update", ticket: { id: 1, status: "open", contact: { id: 1, name: "x", number: "1" } } };
  t2.notOk(Value.Check(socketEvents.ticket.payload, card), "a card without queue, user, connection and protocol is no ticket view");
  t2.notOk(Value.Check(socketEvents.appMessage.payload, { action: "create", message: { id: 1 } }), "a message event needs the message view, its ticket and contact");
});
