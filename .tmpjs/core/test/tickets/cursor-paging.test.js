import t from "tap";
import { randomUUID } from "node:crypto";
import { build } from "../helper.js";
const at = (second) => new Date(Date.UTC(2030, 0, 1, 12, 0, second)).toISOString().replace("T", " ").replace("Z", "");
async function addTickets(knex, n, updatedAt) {
  const ids = [];
  for (let i = 0; i < n; i++) {
    const [contactId] = await knex("contacts").insert({ uuid: randomUUID(), companyId: 1, name: `C ${randomUUID().slice(0, 8)}`, number: `5511${String(Math.random()).slice(2, 11)}`, createdAt: updatedAt(i), updatedAt: updatedAt(i) });
    const [id] = await knex("tickets").insert({ uuid: randomUUID(), companyId: 1, contactId: Number(contactId), status: "open", createdAt: updatedAt(i), updatedAt: updatedAt(i) });
    ids.push(Number(id));
  }
  return ids;
}
t.test("GET /tickets: cursor pages under concurrent inserts", async (t2) => {
  const { app, request, token } = await build(t2);
  const before = await addTickets(app.knex, 50, (i) => at(Math.floor(i / 3)));
  const seen = [];
  let cursor = {};
  let arriving = 0;
  for (let page = 0; page < 10; page++) {
    const res = await request("GET", "/api/tickets", { token, query: { status: "open", showAll: "true", ...cursor } });
    t2.equal(res.status, 200);
    seen.push(...res.body.tickets.map((x) => x.id));
    if (!res.body.hasMore) break;
    cursor = { nextUpdatedAt: res.body.nextUpdatedAt, nextTicketId: res.body.nextTicketId };
    await addTickets(app.knex, 4, () => at(100 + page));
    arriving += 4;
  }
  t2.equal(new Set(seen).size, seen.length, "no ticket is repeated across pages");
  t2.same(before.filter((id) => !seen.includes(id)), [], "no ticket that was there is skipped");
  const offsetPage2 = await request("GET", "/api/tickets", { token, query: { status: "open", showAll: "true", pageNumber: 2 } });
  t2.ok(offsetPage2.body.tickets.some((x) => seen.slice(0, 20).includes(x.id)), "an offset page repeats rows that moved down (what the cursor avoids)");
  const since = await request("GET", "/api/tickets", { token, query: { status: "open", showAll: "true", minUpdatedAt: new Date(Date.UTC(2030, 0, 1, 12, 1, 40)).toISOString() } });
  t2.equal(since.body.count, arriving, "minUpdatedAt answers the tickets changed since (counted)");
  t2.ok(since.body.tickets.every((x) => x.updatedAt >= "2030-01-01T12:01:40.000Z"), "only tickets changed since minUpdatedAt");
  const half = await request("GET", "/api/tickets", { token, query: { nextTicketId: 5 } });
  t2.same([half.status, half.body.error], [400, "ERR_VALIDATION"], "the two halves of the cursor go together");
});
t.test("GET /messages/:ticketId: nextId pages under concurrent inserts", async (t2) => {
  const { app, request, token } = await build(t2);
  const [ticketId] = await addTickets(app.knex, 1, () => at(0));
  const add = async (n, second) => {
    for (let i = 0; i < n; i++) await app.knex("messages").insert({ companyId: 1, ticketId, body: `m${second}.${i}`, fromMe: false, createdAt: at(second), updatedAt: at(second) });
  };
  await add(45, 1);
  const existing = (await app.knex("messages").where({ ticketId }).select("id")).map((r) => Number(r.id));
  const seen = [];
  let nextId;
  for (let page = 0; page < 10; page++) {
    const res = await request("GET", `/api/messages/${ticketId}`, { token, query: nextId ? { nextId } : {} });
    t2.equal(res.status, 200);
    seen.push(...res.body.messages.map((m) => m.id));
    if (!res.body.hasMore) {
      t2.equal(res.body.nextId, void 0, "the last page names no next id");
      break;
    }
    nextId = res.body.nextId;
    await add(7, 50 + page);
  }
  t2.equal(new Set(seen).size, seen.length, "no message is repeated across pages");
  t2.same(existing.filter((id) => !seen.includes(id)), [], "no message that was there is skipped");
  const since = await request("GET", `/api/messages/${ticketId}`, { token, query: { minUpdatedAt: "2030-01-01T12:00:50Z" } });
  t2.ok(since.body.messages.length > 0 && since.body.messages.every((m) => !m.body.startsWith("m1.")), "minUpdatedAt: only messages changed since");
});
