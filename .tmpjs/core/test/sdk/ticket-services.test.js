import t from "tap";
import { randomUUID } from "node:crypto";
import { build } from "../helper.js";
import { Contact, Queue, Tag, Ticket, TicketNote } from "../../src/db/models/index.js";
import { toDbTime } from "../../src/db/time.js";
import { newTicketFields } from "../../src/domains/tickets/lifecycle.js";
async function setup(t2) {
  const built = await build(t2);
  const { app } = built;
  const other = await built.createTenant("Other Co");
  let n = 0;
  const queue = (companyId, name) => Queue.scoped(companyId).insertAndFetch({ name, color: `#1234${String(++n).padStart(2, "0")}` });
  const ticket = async (companyId, fields = {}) => {
    n += 1;
    const contact = await Contact.scoped(companyId).insertAndFetch({ uuid: randomUUID(), name: `Contact ${n}`, number: `55119800${String(n).padStart(5, "0")}` });
    const row = await Ticket.scoped(companyId).insertAndFetch(newTicketFields({ contactId: contact.id, status: "open", ...fields }));
    await app.knex("tickets").where({ id: row.id }).update({ updatedAt: toDbTime(Date.UTC(2026, 0, 1, 0, 0, n)) });
    return row;
  };
  const tickets = app.services.tickets;
  const ticketEvents = [];
  const emitTicketChange = app.bus.emitTicketChange.bind(app.bus);
  app.bus.emitTicketChange = (companyId, action, view, previous) => {
    ticketEvents.push({ companyId, action, ticket: view });
    emitTicketChange(companyId, action, view, previous);
  };
  const updates = [];
  app.hooks.on("onTicketUpdate", "test-recorder", (event) => {
    updates.push(event);
  });
  return { ...built, other, queue, ticket, tickets, ticketEvents, updates };
}
t.test("the SDK a plugin gets has no models: the core's data goes through sdk.services", async (t2) => {
  const { app } = await build(t2);
  t2.notOk("models" in app.atrium, "no sdk.models");
  t2.type(app.services.tickets?.view, "function");
  t2.type(app.services.tickets?.views, "function");
});
t.test("tickets.view answers the company's ticket in the core's ticket view; another company's id reads as missing", async (t2) => {
  const { tickets, queue, ticket, other } = await setup(t2);
  const sales = await queue(1, "Vendas");
  const tag = await Tag.scoped(1).insertAndFetch({ name: "Lead", color: "#FF0000", kanban: 1 });
  const mine = await ticket(1, { queueId: sales.id, lastMessage: "ol\xE1" });
  await Ticket.knex()("ticketTags").insert({ companyId: 1, ticketId: mine.id, tagId: tag.id });
  const view = await tickets.view(1, mine.id);
  t2.match(view, {
    id: mine.id,
    uuid: mine.uuid,
    companyId: 1,
    status: "open",
    lastMessage: "ol\xE1",
    queueId: sales.id,
    queue: { id: sales.id, name: "Vendas" },
    contact: { id: mine.contactId, name: /^Contact / },
    tags: [{ id: tag.id, name: "Lead", color: "#FF0000" }]
  });
  t2.type(view.updatedAt, "string");
  t2.notOk("botCursor" in view, "the chain's bookkeeping stays hidden");
  const theirs = await ticket(other.companyId);
  t2.equal(await tickets.view(1, theirs.id), null, "another company's ticket is missing for this company");
  t2.equal(await tickets.view(other.companyId, mine.id), null, "and the other way round");
  t2.equal(await tickets.view(1, 999999), null);
});
t.test("tickets.views filters by status and queues (with unqueued ones, optionally one user's), newest first, within the company and the limit", async (t2) => {
  const { tickets, queue, ticket, other, createUser } = await setup(t2);
  const sales = await queue(1, "Vendas");
  const support = await queue(1, "Suporte");
  const agent = await createUser(1);
  const inSales = await ticket(1, { queueId: sales.id });
  const inSupport = await ticket(1, { queueId: support.id, status: "pending" });
  const unqueuedMine = await ticket(1, { userId: agent.id });
  const unqueuedOther = await ticket(1);
  const closed = await ticket(1, { queueId: sales.id, status: "closed", closedAt: null });
  await ticket(other.companyId);
  const ids = (views) => views.map((v) => v.id);
  t2.same(ids(await tickets.views(1, { limit: 50 })), [closed.id, unqueuedOther.id, unqueuedMine.id, inSupport.id, inSales.id], "all of the company's, newest first");
  t2.same(ids(await tickets.views(1, { statuses: ["open", "pending"], limit: 50 })), [unqueuedOther.id, unqueuedMine.id, inSupport.id, inSales.id]);
  t2.same(ids(await tickets.views(1, { statuses: ["open", "pending"], limit: 2 })), [unqueuedOther.id, unqueuedMine.id], "the limit");
  t2.same(ids(await tickets.views(1, { statuses: ["open", "pending"], queues: { ids: [sales.id] }, limit: 50 })), [inSales.id], "one queue");
  t2.same(
    ids(await tickets.views(1, { statuses: ["open", "pending"], queues: { ids: [sales.id], unqueued: true }, limit: 50 })),
    [unqueuedOther.id, unqueuedMine.id, inSales.id],
    "a queue and the unqueued tickets"
  );
  t2.same(
    ids(await tickets.views(1, { statuses: ["open", "pending"], queues: { ids: [support.id], unqueued: { userId: agent.id } }, limit: 50 })),
    [unqueuedMine.id, inSupport.id],
    "a queue and the unqueued tickets of one user"
  );
  t2.same(ids(await tickets.views(1, { queues: { ids: [] }, limit: 50 })), [], "no queues: nothing");
  t2.same(ids(await tickets.views(1, { queues: { ids: [], unqueued: { userId: agent.id } }, limit: 50 })), [unqueuedMine.id]);
  t2.same(ids(await tickets.views(other.companyId, { queues: { ids: [sales.id] }, limit: 50 })), [], "another company's queue id matches none of its tickets");
  const view = (await tickets.views(1, { queues: { ids: [sales.id] }, statuses: ["open"], limit: 1 }))[0];
  t2.match(view, { id: inSales.id, queue: { id: sales.id, name: "Vendas" }, contact: { id: inSales.contactId }, tags: [] });
});
t.test("tickets.handOff from a job: to people in the queue, announced and counted as one change, only while the responder holds the ticket", async (t2) => {
  const { app, tickets, queue, ticket, other, ticketEvents, updates } = await setup(t2);
  const sales = await queue(1, "Vendas");
  const held = await ticket(1, { status: "pending", botOwner: "bot.run", chatbot: true });
  const pendingIn = async (queueId) => Number((await app.knex("ticketCounts").where({ companyId: 1, status: "pending", queueId }).sum({ n: "n" }).first()).n ?? 0);
  const salesBefore = await pendingIn(sales.id);
  t2.equal(await tickets.handOff(1, held.id, { owners: ["another.bot"], reason: "nope" }), false, "a responder that does not hold it hands nothing");
  t2.equal(await tickets.handOff(other.companyId, held.id, { owners: ["bot.run"], reason: "nope" }), false, "another company's ticket is refused");
  t2.equal(ticketEvents.length, 0);
  t2.equal((await Ticket.scoped(1).findById(held.id)).botOwner, "bot.run", "untouched");
  t2.equal(await tickets.handOff(1, held.id, { owners: ["bot.run", "bot.phrase"], reason: "asked for a person", queueId: sales.id }), true);
  const after = await Ticket.scoped(1).findById(held.id);
  t2.match(after, { status: "pending", botOwner: "@handoff", chatbot: false, queueId: sales.id });
  t2.equal(ticketEvents.filter((e) => e.ticket.id === held.id).length, 1, "one ticket event");
  t2.match(ticketEvents[0], { companyId: 1, action: "update", ticket: { id: held.id, queueId: sales.id, queue: { name: "Vendas" } } });
  const update = updates.find((u) => u.ticket.id === held.id);
  t2.ok(update.changed.includes("queueId"), "onTicketUpdate names the queue change");
  t2.equal(update.previous.queueId, null);
  t2.equal(await pendingIn(sales.id), salesBefore + 1, "the queue's pending count moved");
  const notes = await TicketNote.scoped(1).where({ ticketId: held.id });
  t2.equal(notes.length, 1);
  t2.match(notes[0].note, /bot\.run[\s\S]*» asked for a person/, "the agents see which bot and why");
  t2.equal(await tickets.handOff(1, held.id, { owners: ["bot.run"], reason: "again" }), false, "handed off already: nothing more");
});
t.test("tickets.handOff keeps the queue when the queue is another company's; release ends the hold only for its holder", async (t2) => {
  const { tickets, queue, ticket, other, ticketEvents, updates } = await setup(t2);
  const theirQueue = await queue(other.companyId, "Theirs");
  const held = await ticket(1, { status: "pending", botOwner: "bot.run", chatbot: true });
  t2.equal(await tickets.handOff(1, held.id, { owners: ["bot.run"], reason: "x", queueId: theirQueue.id }), true, "the people still get the ticket");
  t2.match(await Ticket.scoped(1).findById(held.id), { botOwner: "@handoff", queueId: null });
  const flowing = await ticket(1, { status: "pending", botOwner: "bot.run", chatbot: true });
  const events = ticketEvents.length;
  t2.equal(await tickets.release(1, flowing.id, { owners: ["another.bot"] }), false);
  t2.equal(await tickets.release(other.companyId, flowing.id, { owners: ["bot.run"] }), false, "another company's ticket is refused");
  t2.equal(ticketEvents.length, events, "nothing announced");
  t2.equal(await tickets.release(1, flowing.id, { owners: ["bot.run"] }), true);
  t2.match(await Ticket.scoped(1).findById(flowing.id), { botOwner: null, chatbot: false, status: "pending" });
  t2.equal(ticketEvents.length, events + 1, "the release is announced");
  t2.ok(updates.find((u) => u.ticket.id === flowing.id)?.changed.includes("botOwner"));
});
t.test("messages.send with a ticket id reads the ticket in the caller's company", async (t2) => {
  const { app, ticket, other } = await setup(t2);
  const theirs = await ticket(other.companyId);
  const messages = app.services.messages;
  await t2.rejects(messages.send({ companyId: 1, ticket: { id: theirs.id }, body: "hi" }), { code: "ERR_NO_TICKET_FOUND" });
  t2.equal(await app.knex("messages").where({ ticketId: theirs.id }).count({ n: "*" }).first().then((r) => Number(r.n)), 0, "nothing stored on their ticket");
});
