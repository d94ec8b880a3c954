import t from "tap";
import { build } from "../helper.js";
import { Ticket, Whatsapp } from "../../src/db/models/index.js";
import { connectedSandbox, waitFor } from "../pipeline/http.js";
t.test("each ticket change runs its lifecycle hook once with the previous and the next ticket", async (t2) => {
  const { app, request, token } = await build(t2);
  const wa = await connectedSandbox(app);
  const calls = [];
  for (const hook of ["onTicketCreate", "onTicketUpdate", "onTicketDelete"]) {
    app.hooks.on(hook, "test-recorder", (event) => {
      calls.push({ hook, ticketId: event.ticket.id, event });
    });
  }
  async function during(act) {
    const start = calls.length;
    await act();
    await app.jobs.idle();
    return calls.slice(start);
  }
  const inbound = (number, body) => request("POST", `/api/sandbox/${wa.id}/inbound`, { token, body: { number, body, name: "Cliente" } });
  const liveTicketOf = (number) => waitFor(async () => Ticket.scoped(1).joinRelated("contact").where("contact.number", number).whereNot("tickets.status", "closed").select("tickets.*").first(), 5e3, "the live ticket");
  let first;
  const opened = await during(async () => {
    await inbound("5511970000001", "Oi");
    first = await liveTicketOf("5511970000001");
  });
  const created = opened.filter((c) => c.hook === "onTicketCreate");
  t2.equal(created.length, 1, "one onTicketCreate for the inbound ticket");
  t2.equal(created[0].ticketId, first.id);
  t2.equal(created[0].event.origin, "contact");
  const accepted = await during(() => request("PUT", `/api/tickets/${first.id}`, { token, body: { status: "open" } }));
  t2.equal(accepted.length, 1, "one hook call for the accept");
  t2.equal(accepted[0].hook, "onTicketUpdate");
  t2.equal(accepted[0].event.previous.status, "pending");
  t2.equal(accepted[0].event.ticket.status, "open");
  t2.ok(accepted[0].event.changed.includes("status") && accepted[0].event.changed.includes("userId"), "status and user named as changed");
  await app.tenancy.settings.set(1, "userRating", "enabled");
  const closed = await during(() => request("PUT", `/api/tickets/${first.id}`, { token, body: { status: "closed" } }));
  t2.equal(closed.length, 1);
  t2.same([closed[0].event.previous.status, closed[0].event.ticket.status], ["open", "closed"]);
  const rated = await during(async () => {
    await inbound("5511970000001", "3");
    await waitFor(async () => (await first.$query()).rating === 3, 5e3, "the rating");
  });
  t2.equal(rated.length, 1, "the rating answer is one ticket change");
  t2.same(rated[0].event.changed, ["rating"]);
  t2.equal(rated[0].event.previous.rating, null);
  t2.equal(rated[0].event.ticket.rating, 3);
  let second;
  const reopened = await during(async () => {
    await inbound("5511970000001", "Outra d\xFAvida");
    second = await liveTicketOf("5511970000001");
  });
  const createdAgain = reopened.filter((c) => c.hook === "onTicketCreate");
  t2.equal(createdAgain.length, 1, "one onTicketCreate on the single path");
  t2.equal(createdAgain[0].ticketId, second.id);
  t2.not(second.id, first.id);
  const tag = await request("POST", "/api/tags", { token, body: { name: "Urgente", color: "#ff0000" } });
  const tagged = await during(() => request("POST", "/api/tags/sync", { token, body: { ticketId: second.id, tags: [{ id: tag.body.id }] } }));
  t2.equal(tagged.length, 1);
  t2.same(tagged[0].event.changed, ["tags"]);
  t2.equal(tagged[0].ticketId, second.id);
  const tickets = app.services.tickets;
  const said = await during(() => tickets.emitChange(1, second.id, { changed: ["kanbanLane"], userId: 1 }));
  t2.equal(said.length, 1);
  t2.same(said[0].event.changed, ["kanbanLane"]);
  t2.equal(said[0].event.userId, 1);
  await Ticket.scoped(1).findById(second.id).patch({ botOwner: "flow" });
  const column = await during(() => tickets.emitChange(1, second.id, { previous: { botOwner: null } }));
  t2.same(column.map((c) => c.event.changed), [["botOwner"]], "the changed column is found from previous");
  t2.equal(column[0].event.previous.botOwner, null);
  t2.equal(column[0].event.ticket.botOwner, "flow");
  const unsaid = await during(() => tickets.emitChange(1, second.id));
  t2.same(unsaid.map((c) => c.event.changed), [[]], "a change the plugin did not describe still runs the hook once");
  await Ticket.scoped(1).findById(second.id).patch({ botOwner: null, userId: null, status: "pending" });
  const waiting = await Ticket.scoped(1).findById(second.id);
  const [queueId] = await app.knex("queues").insert({ companyId: 1, name: "Espera", color: "#123", createdAt: "2026-01-01 00:00:00.000", updatedAt: "2026-01-01 00:00:00.000" });
  await Whatsapp.scoped(1).findById(wa.id).patch({ timeToTransfer: 5, transferQueueId: queueId });
  app.pipeline.connections.invalidate();
  await app.knex("tickets").where({ id: second.id }).update({ createdAt: "2020-01-01 00:00:00.000" });
  const transferred = await during(async () => {
    await app.jobs.enqueue("tickets.transfer", { companyId: 1, ticketId: second.id });
    await waitFor(async () => (await Ticket.scoped(1).findById(second.id)).queueId === queueId, 5e3, "the transfer");
  });
  t2.equal(transferred.length, 1, "one hook call for the transfer");
  t2.equal(transferred[0].event.previous.queueId, waiting.queueId ?? null);
  t2.equal(transferred[0].event.ticket.queueId, queueId);
  t2.ok(transferred[0].event.changed.includes("queueId"));
  const contact = await request("POST", "/api/contacts", { token, body: { name: "Manual", number: "5511970000002" } });
  let manualId = 0;
  const made = await during(async () => {
    const res = await request("POST", "/api/tickets", { token, body: { contactId: contact.body.id, status: "open" } });
    t2.equal(res.status, 200, "the ticket is created");
    manualId = res.body.id;
  });
  t2.same(made.map((c) => [c.hook, c.ticketId, c.event.origin]), [["onTicketCreate", manualId, "agent"]]);
  t2.equal(made[0].event.ticket.status, "open");
  t2.ok(made[0].event.userId, "the agent who opened it");
  const deleted = await during(() => request("DELETE", `/api/tickets/${manualId}`, { token }));
  t2.same(deleted.map((c) => [c.hook, c.ticketId]), [["onTicketDelete", manualId]]);
  t2.equal(deleted[0].event.ticket.contactId, contact.body.id, "the ticket as it was");
});
t.test("a send to a contact without a live ticket opens one and runs onTicketCreate once", async (t2) => {
  const { app, request, token } = await build(t2);
  await connectedSandbox(app);
  const created = [];
  app.hooks.on("onTicketCreate", "test-recorder", (event) => {
    created.push(event);
  });
  const contact = await request("POST", "/api/contacts", { token, body: { name: "Destino", number: "5511970000003" } });
  const messages = app.services.messages;
  const { ticket } = await messages.sendToContact({ companyId: 1, contactId: contact.body.id, body: "Ol\xE1" });
  await messages.sendToContact({ companyId: 1, contactId: contact.body.id, body: "De novo" });
  t2.same(created.map((e) => [e.ticket.id, e.origin]), [[ticket.id, "send"]], "once: the second send reuses the live ticket");
});
