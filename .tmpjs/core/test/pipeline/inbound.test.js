import t from "tap";
import { build } from "../helper.js";
import { Company, Contact, Message, Plan, Ticket } from "../../src/db/models/index.js";
import { defaultConnection, inbound, recordEvents, useFakeProvider } from "./fixtures.js";
t.test("200 messages from one new contact, sent concurrently, make one contact, one ticket and 200 messages; a replay stores nothing", async (t2) => {
  const { app } = await build(t2);
  useFakeProvider(app);
  const wa = await defaultConnection();
  const conn = { companyId: 1, whatsappId: wa.id };
  const messages = Array.from({ length: 200 }, (_, i) => inbound("5511999990001", `msg ${i}`));
  await Promise.all(messages.map((m) => app.pipeline.inbound.onMessage(conn, m)));
  t2.equal(await Contact.scoped(1).where({ number: "5511999990001" }).resultSize(), 1, "one contact");
  const tickets = await Ticket.scoped(1).where({ whatsappId: wa.id });
  t2.equal(tickets.length, 1, "one ticket");
  t2.equal(await Message.scoped(1).where({ ticketId: tickets[0].id, fromMe: false }).resultSize(), 200, "200 messages");
  t2.equal(tickets[0].unreadMessages, 200, "every message counted unread");
  t2.equal(tickets[0].status, "pending");
  await Promise.all(messages.map((m) => app.pipeline.inbound.onMessage(conn, m)));
  t2.equal(await Message.scoped(1).where({ ticketId: tickets[0].id, fromMe: false }).resultSize(), 200, "replay stored nothing");
  t2.equal((await Ticket.scoped(1).findById(tickets[0].id)).unreadMessages, 200, "replay counted nothing");
});
t.test("a message from a known contact with a live ticket costs at most 5 database statements, the responder chain's included", async (t2) => {
  const { app } = await build(t2);
  useFakeProvider(app);
  const company = await Company.query().findById(1);
  await Plan.query().findById(Number(company.planId)).patch({ useFlowbuilder: false, useOpenAi: false, useIntegrations: false });
  app.tenancy.invalidate(1);
  const wa = await defaultConnection();
  const conn = { companyId: 1, whatsappId: wa.id };
  await app.pipeline.inbound.onMessage(conn, inbound("5511999990002", "first"));
  await app.pipeline.inbound.onMessage(conn, inbound("5511999990002", "warm the caches"));
  await app.jobs.idle();
  await new Promise((r) => setTimeout(r, 100));
  const statements = [];
  const onQuery = (q) => {
    statements.push(q.sql);
  };
  app.knex.on("query", onQuery);
  await app.pipeline.inbound.onMessage(conn, inbound("5511999990002", "second"));
  await new Promise((r) => setTimeout(r, 100));
  app.knex.off("query", onQuery);
  const pipeline = statements.filter((sql) => !/^select .* from [`"]jobs[`"]/i.test(sql));
  t2.ok(pipeline.length <= 5, `statements: ${pipeline.length}`, { statements: pipeline });
  t2.ok(pipeline.length >= 4, "the counter sees the statements");
  t2.notOk(pipeline.some((sql) => /^insert into [`"]jobs[`"]/i.test(sql)), "nobody could answer: no turn");
  t2.notOk(pipeline.some((sql) => /[`"]botCursor[`"] = /.test(sql)), "and no cursor move");
  const ticket = await Ticket.scoped(1).where({ contactId: (await app.knex("contacts").where({ companyId: 1, number: "5511999990002" }).first("id")).id }).first();
  const newest = await app.knex("messages").where({ ticketId: ticket.id }).orderBy("id", "desc").first("body", "botPassed");
  t2.same([newest.body, Number(newest.botPassed)], ["second", 1], "the message is stored marked passed, in the same INSERT");
  t2.equal(ticket.unreadMessages, 3, "the ticket counts the three unread messages");
  t2.equal(ticket.lastMessage, "second");
});
t.test("the events: ticket update and appMessage create with message, ticket and contact", async (t2) => {
  const { app } = await build(t2);
  useFakeProvider(app);
  const events = recordEvents(app);
  const wa = await defaultConnection();
  await app.pipeline.inbound.onMessage({ companyId: 1, whatsappId: wa.id }, inbound("5511999990003", "hello"));
  const ticketEvent = events.find((e) => e.event === "ticket" && e.payload.action === "update");
  const created = events.find((e) => e.event === "appMessage" && e.payload.action === "create" && !e.payload.message.fromMe);
  t2.ok(ticketEvent, "ticket event");
  t2.equal(ticketEvent.payload.ticket.contact.number, "5511999990003");
  t2.equal(ticketEvent.payload.ticket.whatsapp.name, wa.name);
  t2.equal(created.payload.message.body, "hello");
  t2.equal(created.payload.contact.name, "Maria Souza", "the push name names a new contact");
  t2.equal(created.payload.ticket.id, ticketEvent.payload.ticket.id);
});
t.test("an @lid id maps to the number: the same person stays one contact", async (t2) => {
  const { app } = await build(t2);
  useFakeProvider(app);
  const wa = await defaultConnection();
  const conn = { companyId: 1, whatsappId: wa.id };
  await app.pipeline.inbound.onMessage(conn, inbound("5511999990004", "by number"));
  await Promise.all([
    app.pipeline.inbound.onMessage(conn, inbound("5511999990004@s.whatsapp.net", "with lid", { lid: "123456789012345@lid" })),
    app.pipeline.inbound.onMessage(conn, inbound("5511999990004", "again", { lid: "123456789012345@lid" }))
  ]);
  const contacts = await Contact.scoped(1).where({ number: "5511999990004" });
  t2.equal(contacts.length, 1);
  t2.equal(contacts[0].lid, "123456789012345");
  t2.equal(await Ticket.scoped(1).where({ contactId: contacts[0].id }).resultSize(), 1);
});
t.test("media is saved through the storage and linked to the message", async (t2) => {
  const { app } = await build(t2);
  useFakeProvider(app);
  const wa = await defaultConnection();
  const png = Buffer.from("89504e470d0a1a0a", "hex");
  await app.pipeline.inbound.onMessage({ companyId: 1, whatsappId: wa.id }, inbound("5511999990005", "", {
    kind: "image",
    media: { data: async () => png, mimetype: "image/png", filename: "photo.png" }
  }));
  const message = await Message.scoped(1).where({ fromMe: false }).first();
  t2.equal(message.mediaType, "image");
  t2.equal(message.mediaName, "photo.png");
  t2.match(message.mediaUrl, /\/media\/1\/[0-9a-f]{32}-photo\.png$/);
  const res = await app.inject({ method: "GET", url: new URL(message.mediaUrl).pathname });
  t2.equal(res.statusCode, 200);
  t2.same(res.rawPayload, png);
});
t.test("group messages are ignored while CheckMsgIsGroup is enabled, and kept as a group ticket when disabled", async (t2) => {
  const { app } = await build(t2);
  useFakeProvider(app);
  const wa = await defaultConnection();
  const conn = { companyId: 1, whatsappId: wa.id };
  await app.pipeline.inbound.onMessage(conn, inbound("120363000000000001@g.us", "hi all", { isGroup: true, participant: "5511999990006" }));
  t2.equal(await Message.scoped(1).resultSize(), 0, "ignored");
  await app.tenancy.settings.set(1, "CheckMsgIsGroup", "disabled");
  await app.pipeline.inbound.onMessage(conn, inbound("120363000000000001@g.us", "hi all", { isGroup: true, participant: "5511999990006" }));
  await app.jobs.idle();
  const ticket = await Ticket.scoped(1).first();
  t2.equal(ticket.isGroup, true);
  t2.equal(await Message.scoped(1).where({ fromMe: true }).resultSize(), 0, "no greeting to a group");
});
t.test("acks only rise and are emitted as appMessage updates", async (t2) => {
  const { app } = await build(t2);
  useFakeProvider(app);
  const events = recordEvents(app);
  const wa = await defaultConnection();
  const conn = { companyId: 1, whatsappId: wa.id };
  await app.pipeline.inbound.onMessage(conn, inbound("5511999990007", "hello"));
  await app.jobs.idle();
  const greeting = await Message.scoped(1).where({ fromMe: true }).first();
  t2.equal(greeting.status, "sent", "the greeting of a new ticket went out");
  await app.pipeline.inbound.onAck(conn, { providerId: greeting.providerId, ack: 3 });
  await app.pipeline.inbound.onAck(conn, { providerId: greeting.providerId, ack: 2 });
  t2.equal((await greeting.$query()).ack, 3, "a late lower ack is ignored");
  const updates = events.filter((e) => e.event === "appMessage" && e.payload.action === "update" && e.payload.message.id === greeting.id && e.payload.message.ack === 3);
  t2.equal(updates.length, 1);
});
t.test("with calls disabled a call is logged as a call_log message and the contact is told", async (t2) => {
  const { app } = await build(t2);
  const provider = useFakeProvider(app);
  await app.tenancy.settings.set(1, "call", "disabled");
  const wa = await defaultConnection();
  await app.pipeline.inbound.onCall({ companyId: 1, whatsappId: wa.id }, { from: "5511999990008", providerId: "call-1", isVideo: false, timestamp: /* @__PURE__ */ new Date() });
  const log = await Message.scoped(1).where({ mediaType: "call_log" });
  t2.equal(log.length, 1);
  t2.match(log[0].body, /Chamada de voz perdida/);
  t2.ok(provider.sent.some((m) => /chamadas de voz e vídeo estão desabilitadas/.test(m.body ?? "")));
});
