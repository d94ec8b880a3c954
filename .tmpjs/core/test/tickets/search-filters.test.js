import t from "tap";
import { randomUUID } from "node:crypto";
import { build } from "../helper.js";
import { SEARCH_DEPTH } from "../../src/db/search.js";
const at = (day, time = "10:00:00.000") => `${day} ${time}`;
async function insertBatches(app, table, rows) {
  await app.knex.batchInsert(table, rows, 500);
}
async function seed(app, companyId, whatsappId, prefix) {
  const contact = async (name, number) => Number((await app.knex("contacts").insert({ uuid: randomUUID(), companyId, name, number, isGroup: false, whatsappId, createdAt: at("2026-01-01"), updatedAt: at("2026-01-01") }))[0]);
  const ticket = async (contactId, fields) => Number((await app.knex("tickets").insert({ uuid: randomUUID(), companyId, contactId, whatsappId, lastMessage: "", ...fields }))[0]);
  return { contact: (name, n) => contact(name, `${prefix}${String(n).padStart(6, "0")}`), ticket };
}
t.test("a filtered search finds matches older than the newest SEARCH_DEPTH matching messages, every filter, page by page, one company only", async (t2) => {
  const { app, request, token, createUser, createTenant } = await build(t2);
  const companyId = 1;
  const whatsappId = Number((await app.knex("whatsapps").where({ companyId }).first("id")).id);
  const queue = async (name, color) => Number((await app.knex("queues").insert({ companyId, name, color, createdAt: at("2026-01-01"), updatedAt: at("2026-01-01") }))[0]);
  const [q1, q2, q3] = [await queue("Fila A", "#aa0000"), await queue("Fila B", "#00aa00"), await queue("Fila C", "#0000aa")];
  const u1 = await createUser(companyId, { profile: "user" });
  const u2 = await createUser(companyId, { profile: "user" });
  const u3 = await createUser(companyId, { profile: "user" });
  const tag = async (name) => Number((await app.knex("tags").insert({ companyId, name, color: "#654321", createdAt: at("2026-01-01"), updatedAt: at("2026-01-01") }))[0]);
  const [tagA, tagB] = [await tag("Tag A"), await tag("Tag B")];
  const { contact, ticket } = await seed(app, companyId, whatsappId, "55119");
  const targets = [
    { label: "open, queue A, agent 1, tag A", status: "open", queue: q1, user: u1.id, tag: tagA, created: "2026-01-05", updated: "2026-01-06", unread: 2, body: "Sobre a GARANTIA do meu pedido" },
    { label: "open, queue B, agent 2, tag B", status: "open", queue: q2, user: u2.id, tag: tagB, created: "2026-01-04", updated: "2026-01-05", unread: 0, body: "a garant\xEDa venceu?" },
    { label: "pending, queue B, unassigned", status: "pending", queue: q2, user: null, tag: null, created: "2026-01-05", updated: "2026-01-05", unread: 1, body: "garantias estendidas" },
    { label: "closed, queue A, agent 1", status: "closed", queue: q1, user: u1.id, tag: tagA, created: "2026-01-03", updated: "2026-01-04", unread: 0, body: "garantia antiga" },
    { label: "open, queue C, agent 2, matched by contact", status: "open", queue: q3, user: u2.id, tag: null, created: "2026-01-05", updated: "2026-01-06", unread: 3, contactName: "Garantia Express" },
    { label: "open, queue A, agent 1: a rare word", status: "open", queue: q1, user: u1.id, tag: null, created: "2026-01-02", updated: "2026-01-03", unread: 0, body: "um assunto rar\xEDssimo" }
  ];
  const ids = /* @__PURE__ */ new Map();
  for (const [i, target] of targets.entries()) {
    const id = await ticket(await contact(target.contactName ?? `Cliente antigo ${i}`, i), {
      status: target.status,
      queueId: target.queue,
      userId: target.user,
      unreadMessages: target.unread,
      createdAt: at(target.created),
      updatedAt: at(target.updated, `10:00:0${i}.000`)
    });
    ids.set(target, id);
    if (target.tag) await app.knex("ticketTags").insert({ companyId, ticketId: id, tagId: target.tag, createdAt: at("2026-01-01") });
    await app.knex("messages").insert({ companyId, ticketId: id, whatsappId, providerId: `old-${i}`, body: target.body ?? "ol\xE1, bom dia", fromMe: false, ack: 0, read: true, createdAt: at(target.created), updatedAt: at(target.created) });
  }
  const rareTarget = targets[5];
  const fillerContacts = [];
  for (let i = 0; i < 450; i++) fillerContacts.push({ uuid: randomUUID(), companyId, name: `Sem assunto ${i}`, number: `55218${String(i).padStart(6, "0")}`, isGroup: false, whatsappId, createdAt: at("2026-02-01"), updatedAt: at("2026-02-01") });
  await insertBatches(app, "contacts", fillerContacts);
  const fillerContactIds = (await app.knex("contacts").where({ companyId }).where("number", "like", "55218%").orderBy("id").select("id")).map((r) => Number(r.id));
  await insertBatches(app, "tickets", fillerContactIds.map((contactId, i) => ({
    uuid: randomUUID(),
    companyId,
    contactId,
    whatsappId,
    status: "open",
    queueId: [q1, q2, q3][i % 3],
    userId: [u1.id, u2.id, u3.id][i % 3],
    lastMessage: "",
    unreadMessages: 1,
    createdAt: at("2026-02-01"),
    updatedAt: at("2026-02-02", `10:${String(Math.floor(i / 60)).padStart(2, "0")}:${String(i % 60).padStart(2, "0")}.000`)
  })));
  const fillerTickets = (await app.knex("tickets").whereIn("contactId", fillerContactIds).select("id")).map((r) => Number(r.id));
  await insertBatches(app, "messages", fillerTickets.map((ticketId, i) => ({ companyId, ticketId, whatsappId, providerId: `filler-${i}`, body: "nada a ver com o assunto", fromMe: false, ack: 0, read: true, createdAt: at("2026-02-01"), updatedAt: at("2026-02-01") })));
  const noise = [];
  for (let i = 0; i < 60; i++) noise.push(await ticket(await contact(`Cliente novo ${i}`, 1e3 + i), { status: "closed", queueId: q3, userId: u3.id, unreadMessages: 0, createdAt: at("2026-03-01"), updatedAt: at("2026-03-02", `11:00:${String(i).padStart(2, "0")}.000`) }));
  const perTicket = Math.ceil((SEARCH_DEPTH + 100) / noise.length);
  const noiseMessages = [];
  for (const [n, ticketId] of noise.entries()) {
    for (let m = 0; m < perTicket; m++) noiseMessages.push({ companyId, ticketId, whatsappId, providerId: `new-${n}-${m}`, body: `preciso da garantia nova ${m}`, fromMe: false, ack: 0, read: true, createdAt: at("2026-03-01"), updatedAt: at("2026-03-01") });
  }
  await insertBatches(app, "messages", noiseMessages);
  t2.ok(noiseMessages.length > SEARCH_DEPTH, `${noiseMessages.length} newer matching messages`);
  const other = await createTenant("Other Search Filters Co");
  const [otherWhatsapp] = await app.knex("whatsapps").insert({ companyId: other.companyId, name: "Other", provider: "sandbox", status: "CONNECTED", isDefault: true, createdAt: at("2026-01-01"), updatedAt: at("2026-01-01") });
  const theirs = await seed(app, other.companyId, Number(otherWhatsapp), "55319");
  const theirTicket = await theirs.ticket(await theirs.contact("Garantia de Outra Empresa", 1), { status: "open", queueId: null, userId: null, unreadMessages: 1, createdAt: at("2026-04-01"), updatedAt: at("2026-04-01") });
  await app.knex("messages").insert({ companyId: other.companyId, ticketId: theirTicket, whatsappId: Number(otherWhatsapp), providerId: "theirs-1", body: "garantia e rar\xEDssimo", fromMe: false, ack: 0, read: true, createdAt: at("2026-04-01"), updatedAt: at("2026-04-01") });
  const allPages = async (query, authorization = token) => {
    const seen = [];
    const hasMore = [];
    let cursor = {};
    for (let page = 0; page < 20; page++) {
      const res = await request("GET", "/api/tickets", { token: authorization, query: { ...query, ...cursor } });
      t2.equal(res.status, 200, `${JSON.stringify(query)} answers`);
      seen.push(...res.body.tickets.map((x) => x.id));
      hasMore.push(res.body.hasMore);
      if (!res.body.hasMore) break;
      cursor = { nextUpdatedAt: res.body.nextUpdatedAt, nextTicketId: String(res.body.nextTicketId) };
    }
    return { seen, hasMore };
  };
  const targetIds = (keep) => targets.filter((x) => x !== rareTarget && keep(x)).map((x) => ids.get(x));
  const ordered = async (wanted) => (await app.knex("tickets").whereIn("id", wanted.length ? wanted : [0]).orderBy("updatedAt", "desc").orderBy("id", "desc").select("id")).map((r) => Number(r.id));
  const noiseKeeps = { status: "closed", queue: q3, user: u3.id, tag: null, created: "2026-03-01", updated: "2026-03-02", unread: 0 };
  const filters = [
    ["no filter", {}, () => true],
    ["status open", { status: "open" }, (x) => x.status === "open"],
    ["status pending", { status: "pending" }, (x) => x.status === "pending"],
    ["status closed", { status: "closed" }, (x) => x.status === "closed"],
    ["queue A", { queueIds: JSON.stringify([q1]) }, (x) => x.queue === q1],
    ["queue B, open", { queueIds: JSON.stringify([q2]), status: "open" }, (x) => x.queue === q2 && x.status === "open"],
    ["agent 1", { users: JSON.stringify([u1.id]) }, (x) => x.user === u1.id],
    ["agent 2, open", { users: JSON.stringify([u2.id]), status: "open" }, (x) => x.user === u2.id && x.status === "open"],
    ["tag A", { tags: JSON.stringify([tagA]) }, (x) => x.tag === tagA],
    ["tag B, open", { tags: JSON.stringify([tagB]), status: "open" }, (x) => x.tag === tagB && x.status === "open"],
    ["created on a day", { date: "2026-01-05" }, (x) => x.created === "2026-01-05"],
    ["updated on a day", { updatedAt: "2026-01-06" }, (x) => x.updated === "2026-01-06"],
    ["with unread messages, open", { withUnreadMessages: "true", status: "open" }, (x) => x.unread > 0 && x.status === "open"]
  ];
  for (const [label, filter, keeps] of filters) {
    const expected = await ordered([...targetIds(keeps), ...keeps(noiseKeeps) ? noise : []]);
    const { seen, hasMore } = await allPages({ showAll: "true", searchParam: "garantia", ...filter });
    t2.same(seen, expected, `${label}: every match, old ones included, newest activity first (${expected.length})`);
    t2.equal(new Set(seen).size, seen.length, `${label}: no ticket twice across pages`);
    t2.same(hasMore, hasMore.map((_, i) => i < hasMore.length - 1), `${label}: hasMore while matches remain, false at the end`);
  }
  const byNumber = [];
  for (let pageNumber = 1; pageNumber <= 5; pageNumber++) {
    const res = await request("GET", "/api/tickets", { token, query: { showAll: "true", searchParam: "garantia", pageNumber: String(pageNumber) } });
    byNumber.push(...res.body.tickets.map((x) => x.id));
    t2.equal(res.body.hasMore, byNumber.length < 65, `page ${pageNumber}: hasMore`);
    if (!res.body.hasMore) break;
  }
  t2.same(byNumber, await ordered([...targetIds(() => true), ...noise]), "page numbers answer the same tickets in the same order");
  const rare = await request("GET", "/api/tickets", { token, query: { showAll: "true", searchParam: "rarissimo", status: "open" } });
  t2.same(rare.body.tickets.map((x) => x.id), [ids.get(rareTarget)], "a rare word past the walked tickets");
  t2.equal(rare.body.count, 1, "its count");
  t2.equal(rare.body.hasMore, false);
  t2.same((await allPages({ showAll: "true", searchParam: "rarissimo", status: "closed" })).seen, [], "not under a filter that excludes it");
  const { seen: mine } = await allPages({ searchParam: "garantia", status: "open" }, u1.token);
  t2.same(mine, targetIds((x) => x.user === u1.id && x.status === "open"), "an agent finds their own old open ticket, nobody else's");
  const { seen: theirsSeen } = await allPages({ showAll: "true", searchParam: "garantia", status: "open" }, other.admin.token);
  t2.same(theirsSeen, [theirTicket], "the other company's admin finds their ticket only");
  const { seen: rareTheirs } = await allPages({ showAll: "true", searchParam: "rarissimo" }, other.admin.token);
  t2.same(rareTheirs, [theirTicket], "a rare word: their own only");
});
