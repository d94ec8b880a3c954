import t from "tap";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "../helper.js";
import { Message, Plan, Queue, Ticket, TicketNote } from "../../src/db/models/index.js";
import { defaultConnection, inbound, recordEvents, useFakeProvider } from "../pipeline/fixtures.js";
import { createLoopGuard, LOOP_CAP } from "../../src/messaging/loop-guard.js";
const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), "../fixtures/responders");
async function setFlag(app, on) {
  const company = await app.knex("companies").where({ id: 1 }).first("planId");
  const plan = await Plan.query().findById(company.planId);
  await plan.$query().patch({ features: { ...plan.features ?? {}, useTwoBots: on } });
  app.tenancy.invalidate(1);
}
async function setup(t2) {
  const built = await build(t2, { extraPluginDirs: [fixtures] });
  const { app } = built;
  await setFlag(app, true);
  const provider = useFakeProvider(app);
  const wa = await defaultConnection();
  for (const [i, name] of ["Vendas", "Suporte"].entries()) {
    const queue = await Queue.scoped(1).insertAndFetch({ name, color: `#00000${i}`, orderQueue: i + 1 });
    await app.knex("whatsappQueues").insert({ companyId: 1, whatsappId: wa.id, queueId: queue.id });
  }
  app.pipeline.connections.invalidate();
  const conn = { companyId: 1, whatsappId: wa.id };
  const number = "5511955554444";
  const write = (body, extra = {}) => app.pipeline.inbound.onMessage(conn, inbound(number, body, extra));
  const say = async (body) => {
    const before = provider.sent.length;
    await write(body);
    await app.jobs.idle();
    return provider.sent.slice(before).map((m) => m.body);
  };
  const ticket = async () => await Ticket.scoped(1).orderBy("id", "desc").first();
  const answers = () => app.knex("twobotsAnswers").orderBy("messageId").select("messageId", "responder", "startedAt", "finishedAt");
  return { ...built, provider, wa, conn, write, say, ticket, answers };
}
t.test("one answer per message: the first responder that claims answers; its claim routes the next messages to it until it releases", async (t2) => {
  const { say, ticket, answers } = await setup(t2);
  t2.same(await say("bot hello"), ["echo: bot hello"], "the echo bot claimed the first message: no menu greeting");
  t2.equal((await ticket()).botOwner, "twobots.echo", "the claim is on the ticket");
  t2.equal((await ticket()).chatbot, true, "a bot is talking");
  t2.same(await say("#promo please"), ["echo: #promo please"], "the holder gets the message, though the phrase trigger comes first in the chain");
  t2.same(await say("bye"), ["echo: bye"], "the holder answers and lets go");
  t2.equal((await ticket()).botOwner, null);
  t2.same(await say("#promo please"), ["promo: 10% off today"], "released: the chain runs from its start again");
  t2.same(await say("just a question"), [], "nobody claims it; the menu only greets a new ticket");
  const rows = await answers();
  t2.equal(rows.length, 4, "four answers recorded, one per answered message");
  t2.equal(new Set(rows.map((r) => r.messageId)).size, 4);
});
t.test("a message is answered at most once: its turn asked for again, or the message replayed, answers nothing more", async (t2) => {
  const { app, say, write, provider, ticket } = await setup(t2);
  await say("bot hello");
  const first = await Message.scoped(1).where({ fromMe: false }).first();
  await app.pipeline.responders.schedule(1, first.ticketId, first.id);
  await app.pipeline.responders.turn({ companyId: 1, ticketId: first.ticketId });
  await write("bot hello", { providerId: first.providerId });
  await app.jobs.idle();
  t2.same(provider.sent.map((m) => m.body), ["echo: bot hello"], "still one answer");
  t2.equal(Number((await app.knex("tickets").where({ id: (await ticket()).id }).first("botCursor")).botCursor), first.id, "the cursor stands on the answered message");
});
t.test("order is kept per ticket: a burst is answered one message at a time, in arrival order, while ingestion does not wait", async (t2) => {
  const { app, say, write, provider, answers } = await setup(t2);
  await say("bot start");
  const burst = ["wait 800", "two", "wait 100", "four", "five"];
  for (const body of burst) await write(body);
  t2.equal(provider.sent.length, 1, "the burst is stored while its first answer is still being written: ingestion does not wait for bots");
  await app.jobs.idle();
  t2.same(provider.sent.slice(1).map((m) => m.body), burst.map((b) => `echo: ${b}`), "answers in arrival order");
  const rows = (await answers()).slice(1);
  for (let i = 1; i < rows.length; i++) {
    t2.ok(Number(rows[i].startedAt) >= Number(rows[i - 1].finishedAt), `answer ${i + 1} started after answer ${i} finished`);
  }
});
t.test("a throwing responder hands the ticket to people: pending in its queue, a note for the agents, and no bot answers it afterwards", async (t2) => {
  const { app, say, ticket } = await setup(t2);
  const events = recordEvents(app);
  await say("bot hello");
  const queue = await Queue.scoped(1).first();
  await Ticket.scoped(1).findById((await ticket()).id).patch({ queueId: queue.id });
  t2.same(await say("boom"), [], "no answer");
  const handed = await ticket();
  t2.equal(handed.status, "pending");
  t2.equal(handed.queueId, queue.id, "still in its queue");
  t2.equal(handed.botOwner, "@handoff");
  t2.equal(handed.chatbot, false);
  const notes = await TicketNote.scoped(1).where({ ticketId: handed.id });
  t2.equal(notes.length, 1, "one note");
  t2.match(notes[0].note, /O robô "twobots.echo" passou o atendimento para a equipe: o robô falhou/);
  t2.match(notes[0].note, /The bot "twobots.echo" handed the conversation to the team: the bot failed/);
  t2.match(notes[0].note, /El robot "twobots.echo" pasó la atención al equipo: el robot falló/);
  const noteEvent = events.find((e) => e.event === "ticketNote" && e.payload.action === "create" && e.payload.ticketNote.ticketId === handed.id);
  t2.ok(noteEvent, "the note is announced");
  t2.ok(Array.isArray(noteEvent?.room) && noteEvent.room.includes(app.bus.rooms.admins(1)), "to the ticket's audience, not the whole company");
  t2.ok(events.some((e) => e.event === "ticket" && e.payload.ticket?.id === handed.id && e.payload.ticket.botOwner === "@handoff"), "so is the ticket");
  t2.same(await say("bot are you there?"), [], "bots stay silent until a person acts");
});
t.test("a responder that outlives its timeout hands the ticket to people too, and what it sends late is dropped", async (t2) => {
  const { say, ticket, provider } = await setup(t2);
  await say("bot hello");
  t2.same(await say("slow"), []);
  await new Promise((r) => setTimeout(r, 2e3));
  const handed = await ticket();
  t2.equal(handed.botOwner, "@handoff");
  const notes = await TicketNote.scoped(1).where({ ticketId: handed.id });
  t2.match(notes[0]?.note, /The bot "twobots.echo" handed the conversation to the team: the bot did not answer in time/);
  t2.equal(provider.sent.length, 1, "only the first answer went out");
});
t.test("a responder handing off on purpose: its answer goes out, then people take over", async (t2) => {
  const { say, ticket } = await setup(t2);
  await say("bot hello");
  t2.same(await say("human"), ["a person will answer you"]);
  const handed = await ticket();
  t2.equal(handed.botOwner, "@handoff");
  const notes = await TicketNote.scoped(1).where({ ticketId: handed.id });
  t2.match(notes[0].note, /» the contact asked for a person/);
});
t.test("a ticket an agent accepted silences every bot; accepting drops the bot's claim", async (t2) => {
  const { request, token, say, ticket } = await setup(t2);
  await say("bot hello");
  const accepted = await request("PUT", `/api/tickets/${(await ticket()).id}`, { token, body: { status: "open" } });
  t2.equal(accepted.status, 200);
  t2.equal((await ticket()).botOwner, null, "the claim is gone");
  t2.same(await say("bot still there?"), [], "no bot answers an accepted ticket");
  t2.same(await say("#promo"), []);
});
t.test("a plugin's responders are skipped for a company whose plan lacks its flag: the menu greets instead", async (t2) => {
  const { app, say } = await setup(t2);
  await setFlag(app, false);
  const answer = await say("bot hello");
  t2.equal(answer.length, 1);
  t2.match(answer[0], /\*1\* - Vendas\n\*2\* - Suporte/, "the queue menu");
});
t.test("a responder hands the conversation to another with a start payload: that one answers the same message and holds the ticket", async (t2) => {
  const { say, ticket, answers } = await setup(t2);
  t2.same(await say("#handover hello there"), ["echo started with: hello there"], "the echo ran at once on the message, with the payload");
  t2.equal((await ticket()).botOwner, "twobots.echo", "the claim is the delegate's, not the delegator's");
  t2.same(await say("next one"), ["echo: next one"], "the next message goes straight to the delegate");
  t2.same((await answers()).map((r) => r.responder), ["echo", "echo"], "one answer per message");
  t2.same(await say("bye"), ["echo: bye"]);
  t2.same(await say("#handover-nobody"), ["promo: nobody to hand over to"], "an unknown responder: delegate answers false and the caller answers itself");
});
t.test("registering a responder checks its id, place and uniqueness", async (t2) => {
  const { app } = await setup(t2);
  const handle = () => false;
  t2.throws(() => app.responders.register({ id: "Bad Id", place: "prompt", handle }), /lower-case/);
  t2.throws(() => app.responders.register({ id: "ok", place: "nowhere", handle }), /place must be one of/);
  t2.throws(() => app.responders.register({ id: "twobots.echo", place: "prompt", handle }), /registered twice/);
  t2.same(app.responders.ordered().map((r) => r.id).filter((id) => id.startsWith("twobots.") || id === "menu"), ["twobots.promo", "twobots.echo", "menu"], "kept in chain order");
});
t.test("a bot loop is stopped: past the cap of automated messages in a minute the ticket goes to people with a note, until a person writes", async (t2) => {
  const { app, say, write, ticket, provider } = await setup(t2);
  const events = recordEvents(app);
  await say("bot hello");
  for (let i = 1; i < LOOP_CAP + 5; i += 1) await write(`loop ${i}`);
  await app.jobs.idle();
  t2.equal(provider.sent.length, LOOP_CAP, `${LOOP_CAP} automated answers went out, not one more`);
  const handed = await ticket();
  t2.equal(handed.status, "pending", "the ticket waits for people");
  t2.equal(handed.botOwner, "@handoff");
  const notes = await TicketNote.scoped(1).where({ ticketId: handed.id });
  t2.equal(notes.length, 1, "one note, however many answers were refused");
  t2.match(notes[0].note, new RegExp(`The bot "twobots.echo" handed the conversation to the team: too many automated messages \\(over ${LOOP_CAP} in 60 s`));
  t2.match(notes[0].note, /mensagens automáticas demais/);
  t2.ok(events.some((e) => e.event === "ticketNote" && e.payload.ticketNote?.ticketId === handed.id), "the note is announced live");
  const automated = () => app.services.messages.send({ companyId: 1, ticket: { id: handed.id }, body: "an automated reminder" });
  await t2.rejects(automated(), { code: "ERR_AUTOMATION_LOOP", statusCode: 409 }, "other automation on the ticket is refused too (flows, the external API)");
  t2.equal(provider.sent.length, LOOP_CAP, "and nothing left");
  await app.pipeline.sender.send({ companyId: 1, ticket: handed, body: "Hi, a person here", userId: 1 });
  t2.equal((await automated()).status, "sent", "the result says the provider took it");
  t2.equal(provider.sent.at(-1)?.body, "an automated reminder", "after a person wrote, automated messages go out again");
});
t.test("a long conversation with a bot at a person's pace is never cut: the cap counts one minute only", async (t2) => {
  const clock = { now: 0 };
  const guard = createLoopGuard(() => clock.now);
  for (let i = 0; i < LOOP_CAP * 5; i += 1) {
    clock.now += 4e3;
    t2.equal(guard.automated(7), "ok");
  }
  for (let i = 0; i < LOOP_CAP; i += 1) guard.automated(8);
  t2.equal(guard.automated(8), "tripped", "the same count within a minute trips");
  t2.equal(guard.automated(8), "stopped", "and stays stopped");
  t2.equal(guard.automated(7), "ok", "per ticket");
  guard.person(8);
  t2.equal(guard.automated(8), "ok", "a person writing starts it again");
});
