import t from "tap";
import { Model } from "objection";
import { io as connect } from "socket.io-client";
import { build, secondInstance } from "../helper.js";
import { Queue, Ticket } from "../../src/db/models/index.js";
import { withRetries } from "../../src/db/errors.js";
import { defaultConnection, inbound, useFakeProvider } from "../pipeline/fixtures.js";
async function listen(app) {
  await app.listen({ port: 0, host: "127.0.0.1" });
  return `http://127.0.0.1:${app.server.address().port}`;
}
async function listener(t2, url, token) {
  const socket = connect(url, { path: "/socket.io", query: { token }, transports: ["websocket"], reconnection: false, forceNew: true });
  t2.teardown(() => {
    socket.close();
  });
  const events = [];
  socket.onAny((name, payload) => events.push({ name, payload }));
  await new Promise((resolve, reject) => {
    socket.once("connect", () => resolve());
    socket.once("connect_error", reject);
  });
  return { socket, events };
}
function ticketOf(payload) {
  return payload?.ticket?.id ?? payload?.ticketId ?? payload?.message?.ticketId ?? payload?.ticketNote?.ticketId;
}
let probes = 0;
async function settle(app, companyId, listeners) {
  await app.jobs.idle();
  const n = ++probes;
  const deadline = Date.now() + 15e3;
  const arrived = listeners.map((l) => new Promise((resolve, reject) => {
    const check = () => {
      if (l.events.some((e) => e.name === `company-${companyId}-probe` && e.payload === n)) resolve();
      else if (Date.now() > deadline || l.socket.disconnected) reject(new Error(`probe ${n} never reached socket ${l.socket.id} (connected: ${l.socket.connected})`));
      else setTimeout(check, 10);
    };
    check();
  }));
  app.bus.emit(companyId, "probe", n, [app.bus.rooms.company(companyId), "nobody"]);
  await Promise.all(arrived);
}
const about = (l, ticketId, kind) => l.events.filter((e) => (!kind || e.name.endsWith(`-${kind}`)) && !e.name.endsWith("-probe") && ticketOf(e.payload) === ticketId);
async function scenario(t2, ctx, socketsOn) {
  const { app, createUser, token } = ctx;
  const provider = useFakeProvider(app);
  if (socketsOn !== app) useFakeProvider(socketsOn);
  const [qa, qb] = await Promise.all(["A", "B"].map((n, i) => Queue.scoped(1).insertAndFetch({ name: `Fila ${n}`, color: `#00a0b${i}` })));
  const ana = await createUser(1, { name: "Ana" });
  const bruno = await createUser(1, { name: "Bruno" });
  const nina = await createUser(1, { name: "Nina" });
  const tiago = await createUser(1, { name: "Tiago", allTicket: "enabled" });
  await app.knex("userQueues").insert([{ companyId: 1, userId: ana.id, queueId: qa.id }, { companyId: 1, userId: bruno.id, queueId: qb.id }]);
  const url = await listen(socketsOn);
  const [sAna, sBruno, sNina, sTiago, sAdmin] = await Promise.all([ana, bruno, nina, tiago, { token }].map((u) => listener(t2, url, u.token)));
  const all = [sAna, sBruno, sNina, sTiago, sAdmin];
  const wa = await defaultConnection();
  let numbers = 0;
  const ticketIn = async (queueId) => {
    numbers += 1;
    const number = `55119300000${String(numbers).padStart(2, "0")}`;
    await app.pipeline.inbound.onMessage({ companyId: 1, whatsappId: wa.id }, inbound(number, "primeira"));
    const row = await Ticket.scoped(1).orderBy("id", "desc").first();
    await app.jobs.idle();
    return { ticket: await withRetries(async () => Ticket.scoped(1).patchAndFetchById(row.id, { queueId })), number };
  };
  const settleAll = async () => {
    if (socketsOn !== app) await socketsOn.jobs.idle();
    await settle(app, 1, all);
  };
  const reset = async () => {
    await settleAll();
    for (const l of all) l.events.length = 0;
  };
  return { ...ctx, provider, qa, qb, ana, bruno, nina, tiago, sAna, sBruno, sNina, sTiago, sAdmin, all, wa, ticketIn, settleAll, reset };
}
async function queueTicketIsHeardOnlyByItsQueueAndAdmins(t2, s) {
  const { app, request, wa, ticketIn, settleAll, reset, ana, sAna, sBruno, sNina, sTiago, sAdmin } = s;
  const { ticket, number } = await ticketIn(s.qa.id);
  await reset();
  await app.pipeline.inbound.onMessage({ companyId: 1, whatsappId: wa.id }, inbound(number, "segredo do cliente"));
  t2.equal((await request("POST", `/api/messages/${ticket.id}`, { token: ana.token, body: { body: "resposta da Ana" } })).status, 200);
  t2.equal((await request("POST", "/api/ticket-notes", { token: ana.token, body: { ticketId: ticket.id, note: "nota interna" } })).status, 200);
  await settleAll();
  const created = about(sAna, ticket.id, "appMessage").find((e) => e.payload.action === "create" && e.payload.message.body === "segredo do cliente");
  t2.ok(created, "a member of the queue gets the message");
  t2.equal(created?.payload.ticket.queue?.id, s.qa.id, "with the ticket view");
  t2.ok(about(sAna, ticket.id, "ticket").length > 0, "and the ticket update");
  t2.ok(about(sAna, ticket.id, "ticketNote").length > 0, "and the note");
  for (const kind of ["ticket", "appMessage", "ticketNote"]) t2.ok(about(sAdmin, ticket.id, kind).length > 0, `the admin gets ${kind}`);
  for (const [who, l] of [["another queue", sBruno], ["no queue", sNina], ["allTicket outside the queue", sTiago]]) {
    t2.same(about(l, ticket.id), [], `a user of ${who} gets nothing about the ticket`);
    t2.notOk(l.events.some((e) => JSON.stringify(e.payload).includes("segredo do cliente")), `nor its messages (${who})`);
  }
}
async function unqueuedTicketFollowsAllTicket(t2, s) {
  const { app, wa, ticketIn, settleAll, reset, sAna, sBruno, sNina, sTiago, sAdmin } = s;
  const { ticket, number } = await ticketIn(null);
  await reset();
  await app.pipeline.inbound.onMessage({ companyId: 1, whatsappId: wa.id }, inbound(number, "sem fila"));
  await settleAll();
  t2.ok(about(sTiago, ticket.id, "appMessage").length > 0, "an allTicket user hears a ticket without a queue");
  t2.ok(about(sAdmin, ticket.id, "appMessage").length > 0, "so does the admin");
  for (const l of [sAna, sBruno, sNina]) t2.same(about(l, ticket.id), [], "users without allTicket do not");
}
async function transferMovesWhoHears(t2, s) {
  const { app, request, token, wa, ticketIn, settleAll, reset, ana, nina, sAna, sBruno, sNina, sTiago, sAdmin } = s;
  const { ticket, number } = await ticketIn(s.qa.id);
  t2.equal((await request("PUT", `/api/tickets/${ticket.id}`, { token: ana.token, body: { status: "open" } })).status, 200);
  await reset();
  t2.equal((await request("PUT", `/api/tickets/${ticket.id}`, { token: ana.token, body: { queueId: s.qb.id } })).status, 200, "Ana transfers it to queue B");
  await settleAll();
  t2.same(about(sAna, ticket.id).map((e) => e.payload), [{ action: "delete", ticketId: ticket.id, moved: true }], "the old queue drops it (delete, moved away), and hears nothing else");
  t2.ok(about(sBruno, ticket.id, "ticket").some((e) => e.payload.action === "update" && e.payload.ticket.queueId === s.qb.id), "the new queue gets the update");
  t2.notOk(about(sBruno, ticket.id).some((e) => e.payload.action === "delete"), "and no delete");
  t2.same(about(sAdmin, ticket.id).map((e) => e.payload.action), ["update"], "the admin just sees the update");
  t2.same(about(sNina, ticket.id), []);
  t2.same(about(sTiago, ticket.id), []);
  await reset();
  await app.pipeline.inbound.onMessage({ companyId: 1, whatsappId: wa.id }, inbound(number, "depois da transfer\xEAncia"));
  await settleAll();
  t2.same(about(sAna, ticket.id), [], "after the transfer the old queue hears none of its messages");
  t2.ok(about(sBruno, ticket.id, "appMessage").length > 0, "the new queue does");
  await reset();
  const assigned = await request("PUT", `/api/tickets/${ticket.id}`, { token, body: { userId: nina.id, status: "open" } });
  t2.equal(assigned.body.userId, nina.id, "the admin gives it to Nina (no queue)");
  await app.pipeline.inbound.onMessage({ companyId: 1, whatsappId: wa.id }, inbound(number, "para a Nina"));
  await settleAll();
  t2.ok(about(sNina, ticket.id, "ticket").some((e) => e.payload.action === "update" && e.payload.ticket.userId === nina.id), "the assigned user hears their ticket");
  t2.ok(about(sNina, ticket.id, "appMessage").some((e) => e.payload.message.body === "para a Nina"), "and its messages");
}
async function queueChangeUpdatesRooms(t2, s) {
  const { app, request, token, wa, ticketIn, settleAll, reset, nina, sNina } = s;
  const { ticket, number } = await ticketIn(s.qa.id);
  t2.equal((await request("PUT", `/api/users/${nina.id}`, { token, body: { queueIds: [s.qa.id] } })).status, 200);
  await reset();
  await app.pipeline.inbound.onMessage({ companyId: 1, whatsappId: wa.id }, inbound(number, "Nina entrou na fila"));
  await settleAll();
  t2.ok(about(sNina, ticket.id, "appMessage").length > 0, "added to queue A, her open socket hears it without reconnecting");
  t2.equal((await request("PUT", `/api/users/${nina.id}`, { token, body: { queueIds: [] } })).status, 200);
  await reset();
  await app.pipeline.inbound.onMessage({ companyId: 1, whatsappId: wa.id }, inbound(number, "Nina saiu da fila"));
  await settleAll();
  t2.same(about(sNina, ticket.id), [], "taken out of it, she stops hearing it");
  t2.equal((await request("PUT", `/api/users/${nina.id}`, { token, body: { profile: "admin" } })).status, 200);
  await reset();
  await app.pipeline.inbound.onMessage({ companyId: 1, whatsappId: wa.id }, inbound(number, "Nina \xE9 admin"));
  await settleAll();
  t2.ok(about(sNina, ticket.id, "appMessage").length > 0, "made admin, she hears every ticket");
}
async function chatRoomNeedsVisibility(t2, s) {
  const { ticketIn, sBruno, sAna, app } = s;
  const { ticket } = await ticketIn(s.qa.id);
  const members = async () => (await app.bus.io.in(app.bus.rooms.ticket(ticket.id)).fetchSockets()).map((x) => x.id).sort();
  sBruno.socket.emit("joinChatBox", String(ticket.id));
  sAna.socket.emit("joinChatBox", String(ticket.id));
  let joined = [];
  for (let i = 0; i < 100 && joined.length === 0; i++) {
    await new Promise((r) => setTimeout(r, 20));
    joined = await members();
  }
  await new Promise((r) => setTimeout(r, 100));
  t2.same(await members(), [sAna.socket.id], "Ana (queue A) joins the ticket's room; Bruno (queue B) is refused");
}
const cases = [
  ["a queue's ticket, its messages and notes reach the queue's members and the admins, nobody else", queueTicketIsHeardOnlyByItsQueueAndAdmins],
  ["a ticket without a queue reaches allTicket users and admins only", unqueuedTicketFollowsAllTicket],
  ["a transfer moves who hears the ticket: the old queue gets delete, the new one the update; the assigned user hears it", transferMovesWhoHears],
  ["changing a user's queues or profile changes what their open sockets hear", queueChangeUpdatesRooms]
];
for (const [name, run] of cases) {
  t.test(name, async (t2) => {
    const ctx = await build(t2);
    await run(t2, await scenario(t2, ctx, ctx.app));
  });
}
t.test("joining a ticket's room needs the right to see the ticket", async (t2) => {
  const ctx = await build(t2);
  await chatRoomNeedsVisibility(t2, await scenario(t2, ctx, ctx.app));
});
t.test("a deleted user's open sockets are closed, and a token of a deleted user cannot connect", async (t2) => {
  const ctx = await build(t2);
  const s = await scenario(t2, ctx, ctx.app);
  const closed = new Promise((resolve) => s.sNina.socket.on("disconnect", (reason) => resolve(reason)));
  t2.equal((await ctx.request("DELETE", `/api/users/${s.nina.id}`, { token: ctx.token })).status, 200);
  t2.equal(await closed, "io server disconnect");
  const url = `http://127.0.0.1:${ctx.app.server.address().port}`;
  const again = connect(url, { path: "/socket.io", query: { token: s.nina.token }, transports: ["websocket"], reconnection: false, forceNew: true });
  t2.teardown(() => {
    again.close();
  });
  const err = await new Promise((resolve) => again.on("connect_error", resolve));
  t2.match(err.message, /ERR_SESSION_EXPIRED/);
});
t.test("bus.emit refuses a ticket event without a target (it would reach the whole company)", async (t2) => {
  const { app } = await build(t2);
  t2.throws(() => app.bus.emit(1, "ticket", { action: "update", ticket: { id: 1 } }), /whole company/);
  t2.throws(() => app.bus.emit(1, "appMessage", { action: "create" }), /whole company/);
});
t.test("with two app instances sharing Redis, visibility holds across processes", { skip: !process.env.TEST_REDIS_URL && "needs TEST_REDIS_URL" }, async (t2) => {
  const ctx = await build(t2);
  const second = await secondInstance(ctx.app);
  try {
    const s = await scenario(t2, ctx, second);
    for (const [name, run] of cases) await t2.test(name, (tt) => run(tt, s));
  } finally {
    await second.close();
    Model.knex(ctx.app.knex);
  }
});
