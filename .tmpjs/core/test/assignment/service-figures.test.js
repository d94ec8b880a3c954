import t from "tap";
import { randomUUID } from "node:crypto";
import { build } from "../helper.js";
import { Contact, Ticket } from "../../src/db/models/index.js";
let seq = 0;
const DAY = new Date(Date.now() - 3 * 864e5);
const at = (h, m = 0) => new Date(Date.UTC(DAY.getUTCFullYear(), DAY.getUTCMonth(), DAY.getUTCDate(), h, m)).toISOString();
const dayText = at(0).slice(0, 10);
async function pastTicket(app, companyId, token, queueId, userId) {
  const contact = await Contact.scoped(companyId).insertAndFetch({ uuid: randomUUID(), name: `Cliente Rollup ${++seq}`, number: `55117${String(1e7 + seq)}` });
  const res = await app.request("POST", "/api/tickets", { token, body: { contactId: contact.id, queueId, userId, status: "open" } });
  if (res.status !== 200) throw new Error(`ticket not created: ${JSON.stringify(res.body)}`);
  await Ticket.scoped(companyId).where({ id: res.body.id }).patch({ createdAt: at(9), firstRespondedAt: at(9, 4) });
  return { id: res.body.id, contactId: contact.id };
}
async function setup(t2) {
  const app = await build(t2);
  const { request, token } = app;
  const sales = (await request("POST", "/api/queue", { token, body: { name: "Vendas Rollup", color: "#151515" } })).body;
  const support = (await request("POST", "/api/queue", { token, body: { name: "Suporte Rollup", color: "#161616" } })).body;
  const ana = await app.createUser(1, { name: "Ana Rollup" });
  const bia = await app.createUser(1, { name: "Bia Rollup" });
  const knex = app.app.knex;
  const figures = async (tok = token) => {
    const res = await request("GET", "/api/dashboard/service/period", { token: tok, query: { days: 7 } });
    t2.equal(res.status, 200);
    const { from: _from, to: _to, ...figures2 } = res.body;
    return figures2;
  };
  const rebuilt = async () => {
    await knex("serviceFigureDays").where("companyId", 1).delete();
    return figures();
  };
  const readyDay = async (companyId = 1) => Boolean(await knex("serviceFigureDays").where({ companyId, day: dayText, ready: 1 }).first());
  return { app, request, token, sales, support, ana, bia, knex, figures, rebuilt, readyDay };
}
const row = (list, id) => list.find((r) => r.id === id);
t.test("the rollup is built for past days (the backfill) and a close, a reopen and a new close update it", async (t2) => {
  const { app, request, token, sales, ana, figures, rebuilt, readyDay, knex } = await setup(t2);
  const one = await pastTicket(app, 1, token, sales.id, ana.id);
  await pastTicket(app, 1, token, sales.id, ana.id);
  t2.notOk(await readyDay(), "no day is built before a period is read");
  let body = await figures();
  t2.ok(await readyDay(), "reading the period built the past day (existing tickets backfilled)");
  t2.ok(Number((await knex("serviceFigures").where({ companyId: 1, day: dayText }).sum({ n: "n" }).first())?.n) >= 2, "the day's rows hold its tickets");
  t2.equal(row(body.queues, sales.id).tickets, 2);
  t2.equal(row(body.queues, sales.id).resolution.count, 0, "none resolved yet");
  t2.equal(row(body.queues, sales.id).firstResponse.count, 2);
  const closed = await request("PUT", `/api/tickets/${one.id}`, { token, body: { status: "closed" } });
  t2.equal(closed.status, 200, "closed");
  t2.notOk(await readyDay(), "closing a past day's ticket forgets the day in the same write");
  body = await figures();
  t2.same([body.total.resolution.count, body.total.tickets, row(body.queues, sales.id).tickets], [1, 2, 1], "the close counts at once");
  t2.same(body, await rebuilt(), "equal to a rollup built afresh");
  t2.equal((await request("PUT", `/api/tickets/${one.id}`, { token, body: { status: "open" } })).status, 200, "reopened");
  body = await figures();
  t2.same([body.total.resolution.count, body.total.tickets], [0, 2], "a reopened ticket is no longer resolved; still two tickets");
  t2.equal((await request("PUT", `/api/tickets/${one.id}`, { token, body: { status: "closed" } })).status, 200, "closed again");
  body = await figures();
  t2.same([body.total.resolution.count, body.total.tickets], [1, 2], "closed again: resolved once, not twice");
  t2.same(body, await rebuilt(), "equal to a rollup built afresh");
});
t.test("a transfer between queues and agents moves the ticket in the figures; deletes take it away", async (t2) => {
  const { app, request, token, sales, support, ana, bia, figures, rebuilt } = await setup(t2);
  const one = await pastTicket(app, 1, token, sales.id, ana.id);
  const two = await pastTicket(app, 1, token, sales.id, ana.id);
  let body = await figures();
  t2.same(
    [row(body.queues, sales.id)?.tickets, row(body.queues, support.id)?.tickets, row(body.agents, ana.id)?.tickets, row(body.agents, bia.id)?.tickets],
    [2, void 0, 2, void 0],
    "both in sales with Ana"
  );
  t2.equal((await request("PUT", `/api/tickets/${one.id}`, { token, body: { queueId: support.id, userId: bia.id } })).status, 200, "transferred");
  body = await figures();
  t2.same(
    [row(body.queues, sales.id)?.tickets, row(body.queues, support.id)?.tickets, row(body.agents, ana.id)?.tickets, row(body.agents, bia.id)?.tickets],
    [1, 1, 1, 1],
    "one moved to support and Bia"
  );
  const narrowed = await request("GET", "/api/dashboard/service/period", { token, query: { days: 7, queueId: support.id } });
  t2.same([narrowed.body.total.tickets, narrowed.body.agents.map((a) => a.id)], [1, [bia.id]], "narrowed to the new queue");
  t2.same(body, await rebuilt(), "equal to a rollup built afresh");
  t2.equal((await request("DELETE", `/api/tickets/${one.id}`, { token })).status, 200, "ticket deleted");
  body = await figures();
  t2.same([body.total.tickets, row(body.queues, support.id)], [1, void 0], "a deleted ticket leaves the figures");
  t2.equal((await request("DELETE", `/api/contacts/${two.contactId}`, { token })).status, 200, "contact deleted (its tickets go with it)");
  body = await figures();
  t2.equal(body.total.tickets, 0, "a deleted contact's tickets leave the figures (a cascade, on MariaDB without the tickets' triggers)");
});
t.test("tenant isolation: another company's tickets and changes stay out of ours", async (t2) => {
  const { app, request, token, sales, ana, figures, readyDay } = await setup(t2);
  await pastTicket(app, 1, token, sales.id, ana.id);
  const other = await app.createTenant("Outra Rollup");
  const theirQueue = (await request("POST", "/api/queue", { token: other.admin.token, body: { name: "Fila Rollup", color: "#171717" } })).body;
  const contact = await Contact.scoped(other.companyId).insertAndFetch({ uuid: randomUUID(), name: "Cliente Deles", number: "5511799999999" });
  const theirs = await Ticket.scoped(other.companyId).insertAndFetch({
    uuid: randomUUID(),
    contactId: contact.id,
    status: "open",
    queueId: theirQueue.id,
    userId: other.admin.id,
    createdAt: at(10),
    firstRespondedAt: at(10, 2)
  });
  const ours = await figures();
  t2.same([ours.total.tickets, ours.queues.map((q) => q.id)], [1, [sales.id]], "ours only");
  const mine = await figures(other.admin.token);
  t2.same([mine.total.tickets, mine.queues.map((q) => q.id), mine.agents.map((a) => a.id)], [1, [theirQueue.id], [other.admin.id]], "theirs only");
  t2.ok(await readyDay(1) && await readyDay(other.companyId), "each company has its own day");
  t2.equal((await request("PUT", `/api/tickets/${theirs.id}`, { token: other.admin.token, body: { status: "closed" } })).status, 200);
  t2.ok(await readyDay(1), "their close leaves our day's rollup alone");
  t2.notOk(await readyDay(other.companyId), "and forgets theirs");
  t2.equal((await figures(other.admin.token)).total.resolution.count, 1, "their close counts for them");
  t2.equal((await figures()).total.resolution.count, 0, "not for us");
});
