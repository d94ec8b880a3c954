import t from "tap";
import { build } from "../helper.js";
import { Queue, Ticket } from "../../src/db/models/index.js";
import { withRetries } from "../../src/db/errors.js";
import { defaultConnection, inbound, recordEvents, useFakeProvider } from "../pipeline/fixtures.js";
async function setup(t2) {
  const ctx = await build(t2);
  const { app, createUser } = ctx;
  useFakeProvider(app);
  const [qa, qb] = await Promise.all(["A", "B"].map((n, i) => Queue.scoped(1).insertAndFetch({ name: `Fila ${n}`, color: `#0000a${i}` })));
  const ua = await createUser(1, { name: "Ana" });
  const ub = await createUser(1, { name: "Bruno" });
  await app.knex("userQueues").insert([{ companyId: 1, userId: ua.id, queueId: qa.id }, { companyId: 1, userId: ub.id, queueId: qb.id }]);
  const wa = await defaultConnection();
  const ticketFor = async (number, queueId) => {
    await app.pipeline.inbound.onMessage({ companyId: 1, whatsappId: wa.id }, inbound(number, "oi"));
    const ticket = await Ticket.scoped(1).orderBy("id", "desc").first();
    await app.jobs.idle();
    return withRetries(async () => await Ticket.scoped(1).patchAndFetchById(ticket.id, { queueId }));
  };
  const ta = await ticketFor("5511900000001", qa.id);
  const tb = await ticketFor("5511900000002", qb.id);
  const tn = await ticketFor("5511900000003", null);
  return { ...ctx, qa, qb, ua, ub, ta, tb, tn, wa };
}
const ids = (res) => res.body.tickets.map((x) => x.id).sort();
t.test("a user sees the tickets of their queues; another queue is ERR_NO_PERMISSION; tickets without a queue only admins", async (t2) => {
  const { request, token, ua, ta, tb, tn } = await setup(t2);
  t2.equal((await request("GET", `/api/tickets/${ta.id}`, { token: ua.token })).status, 200);
  const other = await request("GET", `/api/tickets/${tb.id}`, { token: ua.token });
  t2.equal(other.status, 403);
  t2.equal(other.body.error, "ERR_NO_PERMISSION");
  t2.equal((await request("GET", `/api/tickets/u/${tb.uuid}`, { token: ua.token })).status, 403);
  t2.equal((await request("GET", `/api/tickets/${tn.id}`, { token: ua.token })).status, 403);
  t2.equal((await request("GET", `/api/tickets/${tn.id}`, { token })).status, 200, "admin peeks at any ticket");
  t2.same(ids(await request("GET", "/api/tickets", { token: ua.token, query: { status: "pending" } })), [ta.id], "the list holds only their queue");
  t2.same(ids(await request("GET", "/api/tickets", { token: ua.token, query: { status: "pending", showAll: "true" } })), [ta.id], "showAll is for admins only");
  t2.same(ids(await request("GET", "/api/tickets", { token, query: { status: "pending", showAll: "true" } })), [ta.id, tb.id, tn.id].sort(), "admin show-all");
});
t.test("an allTicket user also sees unassigned tickets without a queue", async (t2) => {
  const { request, createUser, tn } = await setup(t2);
  const all = await createUser(1, { allTicket: "enabled" });
  t2.equal((await request("GET", `/api/tickets/${tn.id}`, { token: all.token })).status, 200);
});
t.test('a queue filter keeps the tickets without a queue for whoever may see them (issue 32: "all queues" is all)', async (t2) => {
  const { request, token, createUser, qa, qb, ua, ta, tb, tn } = await setup(t2);
  const everyQueue = JSON.stringify([qa.id, qb.id]);
  const pending = (who, query = {}) => request("GET", "/api/tickets", { token: who, query: { status: "pending", ...query } });
  const adminAll = await pending(token, { showAll: "true", queueIds: everyQueue });
  t2.same(ids(adminAll), [ta.id, tb.id, tn.id].sort(), 'admin, "All" on, every queue chosen: the queue-less ticket is listed');
  t2.equal(adminAll.body.count, 3, "and counted");
  t2.same(ids(await pending(token, { showAll: "true", queueIds: JSON.stringify([qa.id]) })), [ta.id, tn.id].sort(), "one queue chosen: that queue and none");
  const adminOwn = await pending(token, { queueIds: everyQueue });
  t2.same(ids(adminOwn), [tn.id], 'admin in no queue, "All" off: the unassigned queue-less ticket');
  t2.equal(adminOwn.body.count, 1);
  const all = await createUser(1, { allTicket: "enabled" });
  t2.same(ids(await pending(all.token, { queueIds: everyQueue })), [tn.id], "an allTicket user sees it too");
  const userList = await pending(ua.token, { queueIds: everyQueue });
  t2.same(ids(userList), [ta.id], "a user without allTicket does not (as GET /tickets/:id refuses it)");
  t2.equal(userList.body.count, 1);
  t2.same(ids(await request("GET", "/api/tickets", { token: ua.token, query: { status: "closed", queueIds: everyQueue } })), [], "nothing closed yet");
});
t.test("accept, return, transfer and close: allowed for the right user, refused for others", async (t2) => {
  const { app, request, token, ua, ub, ta, qb } = await setup(t2);
  const events = recordEvents(app);
  t2.equal((await request("PUT", `/api/tickets/${ta.id}`, { token: ub.token, body: { status: "open" } })).status, 403, "not their queue: cannot accept");
  const accepted = await request("PUT", `/api/tickets/${ta.id}`, { token: ua.token, body: { status: "open" } });
  t2.equal(accepted.body.status, "open");
  t2.equal(accepted.body.userId, ua.id, "accept assigns the caller");
  t2.ok(events.some((e) => e.event === "ticket" && e.payload.action === "update" && e.payload.ticket.id === ta.id && e.payload.ticket.status === "open"), "update emitted");
  await app.tenancy.settings.set(1, "sendMsgTransfTicket", "enabled");
  const returned = await request("PUT", `/api/tickets/${ta.id}`, { token: ua.token, body: { status: "pending" } });
  t2.equal(returned.body.status, "pending");
  t2.equal(returned.body.userId, null, "return clears the user");
  await request("PUT", `/api/tickets/${ta.id}`, { token: ua.token, body: { status: "open" } });
  const transferred = await request("PUT", `/api/tickets/${ta.id}`, { token: ua.token, body: { queueId: qb.id } });
  t2.equal(transferred.body.status, "pending", "a queue without a user waits there");
  t2.equal(transferred.body.userId, null);
  t2.equal(transferred.body.queue.id, qb.id);
  t2.equal((await request("GET", `/api/tickets/${ta.id}`, { token: ua.token })).status, 403, "gone from the old queue");
  t2.equal((await request("PUT", `/api/tickets/${ta.id}`, { token: ua.token, body: { status: "closed" } })).status, 403, "nor can they close it");
  const toUser = await request("PUT", `/api/tickets/${ta.id}`, { token: ub.token, body: { userId: ub.id, status: "open" } });
  t2.equal(toUser.body.userId, ub.id);
  const closed = await request("PUT", `/api/tickets/${ta.id}`, { token: ub.token, body: { status: "closed" } });
  t2.equal(closed.body.status, "closed");
  t2.equal(closed.body.queueId, null, "closing clears the queue");
  t2.equal(closed.body.userId, ub.id, "closed by the current user");
  const reopened = await request("PUT", `/api/tickets/${ta.id}`, { token: ub.token, body: { status: "open", queueId: qb.id } });
  t2.equal(reopened.body.status, "open");
  t2.equal(reopened.body.queueId, qb.id);
  t2.equal((await request("DELETE", `/api/tickets/${ta.id}`, { token: ub.token })).status, 403, "only admins delete");
  t2.equal((await request("DELETE", `/api/tickets/${ta.id}`, { token })).status, 200);
  t2.ok(events.some((e) => e.event === "ticket" && e.payload.action === "delete" && e.payload.ticketId === ta.id));
  t2.equal((await request("GET", `/api/tickets/${ta.id}`, { token })).status, 404);
});
t.test("POST /tickets: a user must choose one of their queues; a second live ticket is ERR_OTHER_OPEN_TICKET naming its user and queue", async (t2) => {
  const { request, token, ua, qa, qb, ta } = await setup(t2);
  const contactId = ta.contactId;
  const noQueue = await request("POST", "/api/tickets", { token: ua.token, body: { contactId } });
  t2.equal(noQueue.status, 400);
  t2.equal(noQueue.body.error, "ERR_QUEUE_REQUIRED");
  t2.equal((await request("POST", "/api/tickets", { token: ua.token, body: { contactId, queueId: qb.id } })).status, 403);
  await request("PUT", `/api/tickets/${ta.id}`, { token: ua.token, body: { status: "open" } });
  const dup = await request("POST", "/api/tickets", { token, body: { contactId, queueId: qa.id } });
  t2.equal(dup.status, 409);
  t2.equal(dup.body.error, "ERR_OTHER_OPEN_TICKET");
  t2.equal(dup.body.user.name, "Ana");
  t2.equal(dup.body.queue.name, "Fila A");
  await request("PUT", `/api/tickets/${ta.id}`, { token: ua.token, body: { status: "closed" } });
  const created = await request("POST", "/api/tickets", { token: ua.token, body: { contactId, queueId: qa.id } });
  t2.equal(created.status, 200);
  t2.equal(created.body.status, "open");
  t2.equal(created.body.userId, ua.id);
  t2.match(created.body.protocol, /^\d{8}\d+$/);
});
t.test("list filters: status, queueIds, users, tags, unread, date, search by contact and message text", async (t2) => {
  const { app, request, token, ta, tb, tn, qa, ua } = await setup(t2);
  await request("PUT", `/api/tickets/${tb.id}`, { token, body: { userId: ua.id, status: "open" } });
  const tag = await app.knex("tags").insert({ companyId: 1, name: "vip", color: "#fff", kanban: 0, createdAt: "2026-01-01 00:00:00.000", updatedAt: "2026-01-01 00:00:00.000" });
  await app.knex("ticketTags").insert({ companyId: 1, ticketId: tn.id, tagId: tag[0] });
  await app.pipeline.inbound.onMessage({ companyId: 1, whatsappId: ta.whatsappId }, inbound("5511900000001", "meu boleto venceu"));
  const q = (query) => request("GET", "/api/tickets", { token, query: { showAll: "true", ...query } });
  t2.same(ids(await q({ status: "open" })), [tb.id]);
  t2.same(ids(await q({ queueIds: JSON.stringify([qa.id]) })), [ta.id, tn.id].sort(), "the queue and the tickets without one");
  t2.same(ids(await q({ users: JSON.stringify([ua.id]) })), [tb.id]);
  t2.same(ids(await q({ tags: JSON.stringify([tag[0]]) })), [tn.id]);
  t2.equal((await q({ tags: "not json" })).status, 400);
  t2.same(ids(await q({ searchParam: "BOLETO" })), [ta.id], "message text, any case");
  t2.same(ids(await q({ searchParam: "900000002" })), [tb.id], "contact number");
  t2.same(ids(await q({ searchParam: "maria" })), [ta.id, tb.id, tn.id].sort(), "contact name");
  const today = (/* @__PURE__ */ new Date()).toISOString().slice(0, 10);
  t2.equal((await q({ date: today })).body.tickets.length, 3);
  t2.equal((await q({ date: "2001-01-01" })).body.tickets.length, 0);
  await app.knex("tickets").where({ id: tn.id }).update({ unreadMessages: 0 });
  t2.same(ids(await q({ withUnreadMessages: "true" })), [ta.id, tb.id].sort());
  await app.jobs.idle();
  await app.pipeline.inbound.onMessage({ companyId: 1, whatsappId: ta.whatsappId }, inbound("5511900000001", "ainda estou aqui"));
  const page = await q({});
  t2.equal(page.body.count, 3);
  t2.equal(page.body.hasMore, false);
  t2.equal(page.body.tickets[0].id, ta.id, "newest activity first");
  t2.ok(page.body.tickets[0].contact && page.body.tickets[0].whatsapp && Array.isArray(page.body.tickets[0].tags), "relations loaded");
});
t.test("a user of another company gets 404 on every ticket and message route and sees none in lists", async (t2) => {
  const { request, createTenant, ta } = await setup(t2);
  const other = await createTenant("Other Co");
  const tok = other.admin.token;
  for (const [method, url, body] of [
    ["GET", `/api/tickets/${ta.id}`],
    ["GET", `/api/tickets/u/${ta.uuid}`],
    ["PUT", `/api/tickets/${ta.id}`, { status: "closed" }],
    ["DELETE", `/api/tickets/${ta.id}`],
    ["GET", `/api/messages/${ta.id}`],
    ["POST", `/api/messages/${ta.id}`, { body: "x" }]
  ]) {
    const res = await request(method, url, { token: tok, body });
    t2.equal(res.status, 404, `${method} ${url}`);
    t2.equal(res.body.error, "ERR_NO_TICKET_FOUND", `${method} ${url}`);
  }
  const created = await request("POST", "/api/tickets", { token: tok, body: { contactId: ta.contactId } });
  t2.equal(created.status, 404);
  t2.equal(created.body.error, "ERR_NO_CONTACT_FOUND");
  t2.same((await request("GET", "/api/tickets", { token: tok, query: { showAll: "true" } })).body.tickets, []);
});
t.test("sdk.services.tickets.assertVisible: the same rule for plugins (404 outside the company, 403 outside the user's queues)", async (t2) => {
  const { app, ua, ta, tb, createTenant } = await setup(t2);
  const service = app.services.tickets;
  await t2.resolves(service.assertVisible({ id: ua.id, companyId: 1 }, ta.id), "their queue");
  await t2.rejects(service.assertVisible({ id: ua.id, companyId: 1 }, tb.id), { statusCode: 403, code: "ERR_NO_PERMISSION" });
  const other = await createTenant("Other Co");
  await t2.rejects(service.assertVisible({ id: other.admin.id, companyId: other.companyId }, ta.id), { statusCode: 404, code: "ERR_NO_TICKET_FOUND" });
});
