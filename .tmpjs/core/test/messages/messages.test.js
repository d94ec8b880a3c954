import t from "tap";
import { build } from "../helper.js";
import { Message, Ticket, Whatsapp } from "../../src/db/models/index.js";
import { renderTemplate } from "../../src/messaging/templates.js";
import { defaultConnection, inbound, recordEvents, useFakeProvider } from "../pipeline/fixtures.js";
async function withTicket(t2) {
  const ctx = await build(t2);
  const provider = useFakeProvider(ctx.app);
  const wa = await defaultConnection();
  await ctx.app.pipeline.inbound.onMessage({ companyId: 1, whatsappId: wa.id }, inbound("5511955554444", "oi"));
  await ctx.app.jobs.idle();
  const ticket = await Ticket.scoped(1).first();
  return { ...ctx, provider, wa, ticket };
}
t.test("an empty or whitespace-only message is refused with 400", async (t2) => {
  const { request, token, ticket } = await withTicket(t2);
  for (const body of ["", "   \n "]) {
    const res = await request("POST", `/api/messages/${ticket.id}`, { token, body: { body } });
    t2.equal(res.status, 400);
    t2.equal(res.body.error, "ERR_VALIDATION");
  }
});
t.test("a send that fails is kept as failed with its error, emitted, and a retry sends it", async (t2) => {
  const { app, request, token, ticket, provider } = await withTicket(t2);
  const events = recordEvents(app);
  provider.fail = true;
  const res = await request("POST", `/api/messages/${ticket.id}`, { token, body: { body: "vai falhar" } });
  t2.equal(res.status, 200);
  const failed = res.body.messages[0];
  t2.equal(failed.status, "failed");
  t2.match(failed.error, /phone offline/);
  t2.ok(events.some((e) => e.event === "appMessage" && e.payload.action === "update" && e.payload.message.status === "failed"));
  provider.fail = false;
  const retried = await request("POST", `/api/messages/${failed.id}/retry`, { token });
  t2.equal(retried.body.status, "sent");
  t2.ok(retried.body.providerId);
  t2.equal((await request("POST", `/api/messages/${failed.id}/retry`, { token })).status, 409, "only a failed message is re-sent");
});
t.test("a sent message, as answered and as emitted, is the stored row as a later read gives it", async (t2) => {
  const { app, request, token, ticket } = await withTicket(t2);
  const events = recordEvents(app);
  const res = await request("POST", `/api/messages/${ticket.id}`, { token, body: { body: "tudo certo?" } });
  t2.equal(res.status, 200);
  const answered = res.body.messages[0];
  const page = await request("GET", `/api/messages/${ticket.id}`, { token });
  const read = page.body.messages.find((m) => m.id === answered.id);
  const { updatedAt: _a, ...answeredRest } = answered;
  const { updatedAt: _r, ...readRest } = read;
  void _a;
  void _r;
  t2.strictSame(answeredRest, readRest, "the answer holds every column with the types a read gives");
  t2.match(answered.createdAt, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  t2.equal(answered.status, "sent");
  const created = events.find((e) => e.event === "appMessage" && e.payload.action === "create" && e.payload.message.id === answered.id);
  t2.ok(created, "the create event was emitted");
  t2.equal(created.payload.message.status, "sending");
  t2.equal(created.payload.message.fromMe, true);
  t2.equal(created.payload.message.createdAt, answered.createdAt);
  t2.equal(created.payload.ticket.whatsapp?.name, (await Whatsapp.scoped(1).findById(ticket.whatsappId)).name, "the ticket view names its connection");
});
t.test("without a connected session the message is stored as failed with ERR_WAPP_NOT_INITIALIZED", async (t2) => {
  const { app, request, token, ticket } = await withTicket(t2);
  app.pipeline.deps.provider = () => {
    throw Object.assign(new Error("not connected"), { code: "ERR_WAPP_NOT_INITIALIZED" });
  };
  const res = await request("POST", `/api/messages/${ticket.id}`, { token, body: { body: "ol\xE1" } });
  t2.equal(res.body.messages[0].status, "failed");
  t2.equal(await Message.scoped(1).where({ status: "failed" }).resultSize(), 1, "never lost");
});
t.test("only own messages can be deleted; a provider failure is ERR_DELETE_WAPP_MSG", async (t2) => {
  const { request, token, ticket, provider, createUser, app } = await withTicket(t2);
  const mine = (await request("POST", `/api/messages/${ticket.id}`, { token, body: { body: "apagar" } })).body.messages[0];
  const theirs = await Message.scoped(1).where({ fromMe: false }).first();
  t2.equal((await request("DELETE", `/api/messages/${theirs.id}`, { token })).status, 403, "the contact's message");
  const other = await createUser(1, { profile: "admin" });
  t2.equal((await request("DELETE", `/api/messages/${mine.id}`, { token: other.token })).status, 403, "another agent's message");
  provider.deleteMessage = async () => {
    throw new Error("too old");
  };
  const failed = await request("DELETE", `/api/messages/${mine.id}`, { token });
  t2.equal(failed.status, 400);
  t2.equal(failed.body.error, "ERR_DELETE_WAPP_MSG");
  provider.deleteMessage = async () => {
  };
  const events = recordEvents(app);
  const deleted = await request("DELETE", `/api/messages/${mine.id}`, { token });
  t2.equal(deleted.body.isDeleted, true);
  t2.ok(events.some((e) => e.event === "appMessage" && e.payload.message.id === mine.id && e.payload.message.isDeleted));
});
t.test("messages page newest first, each page oldest to newest; reading marks the ticket read", async (t2) => {
  const { app, request, token, ticket, wa } = await withTicket(t2);
  for (let i = 1; i <= 44; i++) await app.pipeline.inbound.onMessage({ companyId: 1, whatsappId: wa.id }, inbound("5511955554444", `m${i}`));
  const events = recordEvents(app);
  const first = await request("GET", `/api/messages/${ticket.id}`, { token });
  t2.equal(first.body.count, 46, "oi, the greeting and 44 more");
  t2.equal(first.body.hasMore, true);
  t2.same(first.body.messages.map((m) => m.body), Array.from({ length: 20 }, (_, i) => `m${i + 25}`));
  const last = await request("GET", `/api/messages/${ticket.id}`, { token, query: { pageNumber: 3 } });
  t2.equal(last.body.hasMore, false);
  t2.equal(last.body.messages.length, 6);
  t2.equal(last.body.messages[0].body, "oi");
  t2.equal((await ticket.$query()).unreadMessages, 0);
  t2.ok(events.some((e) => e.event === "ticket" && e.payload.action === "updateUnread" && e.payload.ticketId === ticket.id));
});
t.test("a reply quotes a message of the ticket", async (t2) => {
  const { request, token, ticket, provider } = await withTicket(t2);
  const theirs = await Message.scoped(1).where({ fromMe: false }).first();
  const res = await request("POST", `/api/messages/${ticket.id}`, { token, body: { body: "respondendo", quotedMsg: { id: theirs.id } } });
  t2.equal(res.body.messages[0].quotedMsgId, theirs.id);
  t2.equal(provider.sent.at(-1).quotedProviderId, theirs.providerId);
});
t.test("services.messages.sendToContact reuses the live ticket or opens one on the default connection", async (t2) => {
  const { app, ticket, provider } = await withTicket(t2);
  const send = app.services.messages.sendToContact;
  const again = await send({ companyId: 1, contactId: ticket.contactId, body: "lembrete" });
  t2.equal(again.ticket.id, ticket.id, "the live ticket is reused");
  await app.pipeline.tickets.close(1, await ticket.$query(), null);
  const fresh = await send({ companyId: 1, contactId: ticket.contactId, body: "novo" });
  t2.not(fresh.ticket.id, ticket.id, "a new ticket after closing");
  t2.equal(fresh.message.status, "sent");
  t2.equal(provider.sent.at(-1).body, "novo");
});
t.test("inactivity: expiresTicket closes a quiet ticket with expiresInactiveMessage; timeToTransfer moves a waiting one", async (t2) => {
  const { app, ticket, provider, wa } = await withTicket(t2);
  const queue = await app.knex("queues").insert({ companyId: 1, name: "Espera", color: "#123", createdAt: "2026-01-01 00:00:00.000", updatedAt: "2026-01-01 00:00:00.000" });
  await Whatsapp.scoped(1).findById(wa.id).patch({ expiresTicket: 1, expiresInactiveMessage: "Encerrado por inatividade", timeToTransfer: 5, transferQueueId: queue[0] });
  app.pipeline.connections.invalidate();
  await app.knex("tickets").where({ id: ticket.id }).update({ createdAt: "2020-01-01 00:00:00.000" });
  await app.jobs.enqueue("tickets.transfer", { companyId: 1, ticketId: ticket.id });
  await new Promise((r) => setTimeout(r, 200));
  await app.jobs.idle();
  t2.equal((await ticket.$query()).queueId, queue[0], "moved to the transfer queue");
  await app.jobs.enqueue("tickets.expire", { companyId: 1, ticketId: ticket.id });
  await new Promise((r) => setTimeout(r, 200));
  await app.jobs.idle();
  t2.equal((await ticket.$query()).status, "pending", "recent activity: not closed yet");
  await app.knex("tickets").where({ id: ticket.id }).update({ updatedAt: "2020-01-01 00:00:00.000" });
  await app.jobs.enqueue("tickets.expire", { companyId: 1, ticketId: ticket.id });
  await new Promise((r) => setTimeout(r, 200));
  await app.jobs.idle();
  t2.equal((await ticket.$query()).status, "closed");
  t2.equal(provider.sent.at(-1).body, "Encerrado por inatividade");
});
t.test("templates fill first name, name, greeting, protocol and hour", async (t2) => {
  const at = new Date(2026, 0, 5, 9, 7);
  t2.equal(
    renderTemplate("{{greeting}} {{firstName}} ({{name}}) #{{protocol}} {{hour}} {{unknown}}", { name: "Maria Souza", protocol: "202601051", now: at }),
    "Bom dia Maria (Maria Souza) #202601051 09:07 {{unknown}}"
  );
  t2.match(renderTemplate("{{greeting}}", { now: new Date(2026, 0, 5, 15) }), "Boa tarde");
  t2.match(renderTemplate("{{greeting}}", { now: new Date(2026, 0, 5, 22) }), "Boa noite");
});
t.test("a ticket's messages include the contact's earlier tickets on the connection, older pages on scroll; not later ones, not other contacts'", async (t2) => {
  const { app, request, token, createTenant } = await build(t2);
  useFakeProvider(app);
  const wa = await defaultConnection();
  const say = async (number, body) => {
    await app.pipeline.inbound.onMessage({ companyId: 1, whatsappId: wa.id }, inbound(number, body));
    await app.jobs.idle();
  };
  await say("5511900001111", "primeira conversa");
  const first = await Ticket.scoped(1).orderBy("id", "desc").first();
  await say("5511900002222", "outro contato");
  t2.equal((await request("PUT", `/api/tickets/${first.id}`, { token, body: { status: "closed" } })).body.status, "closed");
  await app.jobs.idle();
  await say("5511900001111", "voltei");
  const second = await Ticket.scoped(1).where("contactId", first.contactId).orderBy("id", "desc").first();
  t2.not(second.id, first.id, "writing again opened a new ticket");
  const page = await request("GET", `/api/messages/${second.id}`, { token });
  t2.equal(page.status, 200);
  const bodies = page.body.messages.filter((m) => !m.fromMe).map((m) => [m.ticketId, m.body]);
  t2.same(bodies, [[first.id, "primeira conversa"], [second.id, "voltei"]], "the earlier conversation first, then this one; no other contact's");
  const earlier = await request("GET", `/api/messages/${first.id}`, { token });
  t2.notOk(earlier.body.messages.some((m) => m.ticketId === second.id), "a ticket does not show the later one");
  for (let i = 0; i < 25; i++) await Message.scoped(1).insert({ ticketId: second.id, contactId: second.contactId, whatsappId: wa.id, body: `m${i}`, fromMe: true, ack: 1 });
  const top = await request("GET", `/api/messages/${second.id}`, { token });
  t2.equal(top.body.hasMore, true);
  t2.ok(top.body.messages.every((m) => m.ticketId === second.id), "the newest page is this ticket's");
  const older = await request("GET", `/api/messages/${second.id}`, { token, query: { pageNumber: 2 } });
  t2.ok(older.body.messages.some((m) => m.body === "primeira conversa"), "the earlier conversation on an older page");
  t2.equal(top.body.count, older.body.count);
  const other = await createTenant("Outra Conversa");
  t2.equal((await request("GET", `/api/messages/${second.id}`, { token: other.admin.token })).status, 404, "another company: not found");
});
