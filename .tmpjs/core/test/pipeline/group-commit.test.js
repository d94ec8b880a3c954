import t from "tap";
import { build } from "../helper.js";
import { Message, Ticket, Whatsapp } from "../../src/db/models/index.js";
import { defaultConnection, inbound, recordEvents, useFakeProvider } from "./fixtures.js";
async function fiveLiveTickets(t2) {
  const built = await build(t2);
  useFakeProvider(built.app);
  const wa = await defaultConnection();
  const conn = { companyId: 1, whatsappId: wa.id };
  const numbers = Array.from({ length: 5 }, (_, i) => `55119888800${10 + i}`);
  for (const number of numbers) await built.app.pipeline.inbound.onMessage(conn, inbound(number, "opening"));
  await built.app.jobs.idle();
  return { ...built, conn, numbers };
}
t.test("a burst of messages to live tickets is stored together: every message once, counts and last message right, one event each", async (t2) => {
  const { app, conn, numbers } = await fiveLiveTickets(t2);
  const events = recordEvents(app);
  let statements = 0;
  const count = () => {
    statements += 1;
  };
  app.knex.on("query", count);
  const burst = Array.from({ length: 100 }, (_, i) => inbound(numbers[i % 5], `burst ${i}`));
  await Promise.all(burst.map((m) => app.pipeline.inbound.onMessage(conn, m)));
  app.knex.off("query", count);
  for (const [n, number] of numbers.entries()) {
    const ticket = await Ticket.scoped(1).joinRelated("contact").where("contact.number", number).select("tickets.*").first();
    const bodies = (await Message.scoped(1).where({ ticketId: ticket.id, fromMe: false }).orderBy("id")).map((m) => m.body);
    t2.equal(bodies.length, 21, `contact ${n}: the opening message and its 20 of the burst`);
    t2.same(bodies.slice(1), burst.filter((_, i) => i % 5 === n).map((m) => m.body), `contact ${n}: stored in arrival order`);
    t2.equal(ticket.unreadMessages, 21, `contact ${n}: unread count`);
    t2.equal(ticket.lastMessage, `burst ${95 + n}`, `contact ${n}: last message is the newest`);
  }
  const created = events.filter((e) => e.event === "appMessage" && e.payload.action === "create");
  t2.equal(created.length, 100, "one appMessage create per message");
  t2.same(new Set(created.map((e) => e.payload.message.body)), new Set(burst.map((m) => m.body)), "each event carries its own message");
  t2.ok(created.every((e) => e.payload.ticket.contact.number === e.payload.contact.number), "each event carries its own ticket");
  t2.ok(statements < 100, `100 messages cost ${statements} statements, fewer than one each`);
});
t.test("a burst holding replays of stored messages and repeated events stores each message exactly once", async (t2) => {
  const { app, conn, numbers } = await fiveLiveTickets(t2);
  const first = Array.from({ length: 20 }, (_, i) => inbound(numbers[i % 5], `first ${i}`));
  await Promise.all(first.map((m) => app.pipeline.inbound.onMessage(conn, m)));
  const fresh = Array.from({ length: 20 }, (_, i) => inbound(numbers[i % 5], `fresh ${i}`));
  await Promise.all([...first, ...fresh, ...fresh].map((m) => app.pipeline.inbound.onMessage(conn, m)));
  const messages = await Message.scoped(1).where({ whatsappId: conn.whatsappId, fromMe: false });
  t2.equal(messages.length, 5 + 20 + 20, "openings, first and fresh, once each");
  t2.equal(new Set(messages.map((m) => m.providerId)).size, messages.length, "no provider id twice");
  const unread = (await Ticket.scoped(1).where({ whatsappId: conn.whatsappId })).reduce((sum, ticket) => sum + ticket.unreadMessages, 0);
  t2.equal(unread, 45, "unread counts follow the messages stored, not the deliveries");
});
t.test("a burst mixing new contacts, known ones and quoted replies: each kind stored, one live ticket per contact", async (t2) => {
  const { app, conn, numbers } = await fiveLiveTickets(t2);
  const quotedTarget = inbound(numbers[0], "the question");
  await app.pipeline.inbound.onMessage(conn, quotedTarget);
  const newcomers = ["5511977770001", "5511977770002"];
  const burst = [
    ...numbers.map((n) => inbound(n, "known")),
    ...newcomers.flatMap((n) => [inbound(n, "hello"), inbound(n, "anyone?")]),
    inbound(numbers[0], "the answer", { quotedProviderId: quotedTarget.providerId })
  ];
  await Promise.all(burst.map((m) => app.pipeline.inbound.onMessage(conn, m)));
  const tickets = await Ticket.scoped(1).where({ whatsappId: conn.whatsappId });
  t2.equal(tickets.length, 7, "five known tickets and one per newcomer");
  const answer = await Message.scoped(1).where({ body: "the answer" }).first();
  const question = await Message.scoped(1).where({ providerId: quotedTarget.providerId }).first();
  t2.equal(answer.quotedMsgId, question.id, "the reply points at the quoted message");
  for (const number of newcomers) {
    const bodies = (await Message.scoped(1).joinRelated("contact").where("contact.number", number).where("messages.fromMe", false).orderBy("messages.id").select("messages.*")).map((m) => m.body);
    t2.same(bodies, ["hello", "anyone?"], `newcomer ${number}: both messages, in order`);
    const ticket = await Ticket.scoped(1).joinRelated("contact").where("contact.number", number).select("tickets.*").first();
    t2.equal(ticket.status, "pending", `newcomer ${number}: a pending ticket`);
    t2.equal(ticket.unreadMessages, 2, `newcomer ${number}: both unread`);
  }
});
t.test("first-time writers in a burst get the welcome of a new ticket once each", async (t2) => {
  const { app } = await build(t2);
  const provider = useFakeProvider(app);
  const wa = await defaultConnection();
  await Whatsapp.scoped(1).findById(wa.id).patch({ greetingMessage: "Ol\xE1! Como podemos ajudar?" });
  app.pipeline.deps.connections.invalidate(wa.id);
  const conn = { companyId: 1, whatsappId: wa.id };
  const numbers = Array.from({ length: 10 }, (_, i) => `55119666600${10 + i}`);
  await Promise.all(numbers.flatMap((n) => [inbound(n, "oi"), inbound(n, "tudo bem?")]).map((m) => app.pipeline.inbound.onMessage(conn, m)));
  await app.jobs.idle();
  const greeted = provider.sent.filter((m) => String(m.body).includes("Como podemos ajudar"));
  t2.equal(greeted.length, 10, "one greeting per new ticket");
  t2.same(new Set(greeted.map((m) => m.to)), new Set(numbers.map((n) => n)), "each newcomer greeted");
});
t.test("a burst mixing messages sent from the phone and from contacts: only the contacts' messages count as unread, per ticket", async (t2) => {
  const { app, conn, numbers } = await fiveLiveTickets(t2);
  const burst = [
    inbound(numbers[0], "sent from the phone", { fromMe: true }),
    inbound(numbers[1], "from the contact"),
    inbound(numbers[2], "contact first"),
    inbound(numbers[2], "then the phone", { fromMe: true }),
    inbound(numbers[0], "the phone again", { fromMe: true })
  ];
  await Promise.all(burst.map((m) => app.pipeline.inbound.onMessage(conn, m)));
  const unread = async (number) => await Ticket.scoped(1).joinRelated("contact").where("contact.number", number).select("tickets.*").first();
  t2.equal((await unread(numbers[0])).unreadMessages, 1, "the phone's messages add nothing to the opening message");
  t2.equal((await unread(numbers[1])).unreadMessages, 2, "the contact's message adds one");
  t2.equal((await unread(numbers[2])).unreadMessages, 2, "one of two counts");
  t2.equal((await unread(numbers[0])).lastMessage, "the phone again", "the last message is the newest, whoever sent it");
  t2.equal((await unread(numbers[2])).lastMessage, "then the phone");
});
t.test("a ticket another writer changes between the batch's read and its UPDATE: stored right, and the events show it as it is now", async (t2) => {
  const { app, conn, numbers } = await fiveLiveTickets(t2);
  const ticketOf = async (number) => await Ticket.scoped(1).joinRelated("contact").where("contact.number", number).select("tickets.*").first();
  const before = await ticketOf(numbers[0]);
  const admin = (await app.knex("users").where({ companyId: 1 }).orderBy("id").first("id")).id;
  const hasFlag = app.tenancy.hasFlag.bind(app.tenancy);
  let accepted = false;
  app.tenancy.hasFlag = async (companyId, flag) => {
    if (!accepted) {
      accepted = true;
      await Ticket.scoped(1).where({ id: before.id }).patch({ status: "open", userId: admin, unreadMessages: 0 });
    }
    return hasFlag(companyId, flag);
  };
  const events = recordEvents(app);
  await Promise.all([app.pipeline.inbound.onMessage(conn, inbound(numbers[0], "still there?")), app.pipeline.inbound.onMessage(conn, inbound(numbers[1], "hi again"))]);
  t2.ok(accepted, "the agent accepted the ticket in between");
  const other = await ticketOf(numbers[1]);
  t2.same([other.unreadMessages, other.lastMessage], [2, "hi again"], "the other ticket of the batch counted its message once");
  const after = await ticketOf(numbers[0]);
  t2.same([after.status, after.userId, after.unreadMessages, after.lastMessage], ["open", admin, 1, "still there?"], "the message counted on the accepted ticket");
  const created = events.find((e) => e.event === "appMessage" && e.payload.action === "create" && e.payload.message.body === "still there?");
  t2.ok(created, "the message's event");
  t2.same(
    [created?.payload.ticket.status, created?.payload.ticket.user?.id, created?.payload.ticket.unreadMessages],
    ["open", admin, 1],
    "its ticket as it is now: accepted by the agent, one unread"
  );
});
