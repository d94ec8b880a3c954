import t from "tap";
import { randomUUID } from "node:crypto";
import { build } from "../helper.js";
import { Company } from "../../src/db/models/index.js";
import { keptTicketCount } from "../../src/domains/tickets/counts.js";
const NOW = "2026-01-01 00:00:00.000";
function random(seed) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}
t.test("the kept ticket counts equal a real COUNT after creates, transfers, closes, deletes and company deletion", async (t2) => {
  const { app, createTenant, createUser } = await build(t2);
  const knex = app.knex;
  const rnd = random(18);
  const pick = (list) => list[Math.floor(rnd() * list.length)];
  const statuses = ["open", "pending", "closed"];
  const tenants = [await createTenant("Counts A"), await createTenant("Counts B"), await createTenant("Counts C")];
  const world = /* @__PURE__ */ new Map();
  for (const { companyId } of tenants) {
    const users = [];
    for (let i = 0; i < 3; i++) users.push((await createUser(companyId, { email: `u${i}-${companyId}@counts.test` })).id);
    const queues = [];
    for (let i = 0; i < 3; i++) queues.push(Number((await knex("queues").insert({ companyId, name: `Q${i}`, color: `#00000${i}`, createdAt: NOW, updatedAt: NOW }))[0]));
    const contacts = [];
    for (let i = 0; i < 6; i++) contacts.push(Number((await knex("contacts").insert({ uuid: randomUUID(), companyId, name: `C${i}`, number: `55119${companyId}${i}000`, createdAt: NOW, updatedAt: NOW }))[0]));
    world.set(companyId, { users, queues, contacts });
  }
  const ticketsOf = async (companyId) => knex("tickets").where({ companyId }).select("id");
  const compare = async (label) => {
    const real = await knex("tickets").select("companyId", "status").select(knex.raw("COALESCE(??, 0) AS ??", ["queueId", "queueId"])).select(knex.raw("COALESCE(??, 0) AS ??", ["userId", "userId"])).count({ n: "*" }).groupBy("companyId", "status", knex.raw("COALESCE(??, 0)", ["queueId"]), knex.raw("COALESCE(??, 0)", ["userId"]));
    const kept = await knex("ticketCounts").where("n", "<>", 0).select("companyId", "status", "queueId", "userId", "n");
    const key = (r) => `${r.companyId}/${r.status}/${r.queueId}/${r.userId}=${Number(r.n)}`;
    t2.same(kept.map(key).sort(), real.map(key).sort(), label);
  };
  for (let step = 0; step < 400; step++) {
    const companyId = pick(tenants).companyId;
    const { users, queues, contacts } = world.get(companyId);
    const maybe = (ids) => rnd() < 0.3 ? null : pick(ids);
    const existing = await ticketsOf(companyId);
    const action = existing.length < 5 ? 0 : Math.floor(rnd() * 6);
    if (action === 0) {
      await knex("tickets").insert({ uuid: randomUUID(), companyId, contactId: pick(contacts), status: pick(statuses), queueId: maybe(queues), userId: maybe(users), createdAt: NOW, updatedAt: NOW });
    } else if (action === 1) {
      await knex("tickets").where({ id: pick(existing).id }).update({ queueId: maybe(queues), userId: maybe(users) });
    } else if (action === 2) {
      await knex("tickets").where({ id: pick(existing).id }).update({ status: pick(statuses) });
    } else if (action === 3) {
      await knex("tickets").where({ id: pick(existing).id }).update({ unreadMessages: step, lastMessage: "unrelated" });
    } else if (action === 4) {
      await knex("tickets").where({ companyId, userId: pick(users) }).update({ status: "closed", userId: null });
    } else {
      await knex("tickets").where({ id: pick(existing).id }).del();
    }
  }
  await compare("after 400 random creates, transfers, closes and deletes");
  const [a, b] = tenants;
  const wa = world.get(a.companyId);
  await knex("users").where({ id: wa.users[0] }).del();
  await compare("after deleting a user (its tickets' user becomes none)");
  await knex("queues").where({ id: wa.queues[0] }).del();
  await compare("after deleting a queue (its tickets' queue becomes none)");
  await knex("contacts").where({ id: wa.contacts[0] }).del();
  await compare("after deleting a contact (its tickets go with it)");
  await Company.query().deleteById(b.companyId);
  await compare("after deleting a company");
  t2.equal((await knex("ticketCounts").where({ companyId: b.companyId })).length, 0, "a deleted company's counts are gone");
  const rows = await knex("tickets").where({ companyId: a.companyId }).select("status", "queueId", "userId");
  const actors = [
    { id: wa.users[1], companyId: a.companyId, isAdmin: true, allTicket: false, queueIds: [], whatsappId: null, name: "admin" },
    { id: wa.users[1], companyId: a.companyId, isAdmin: false, allTicket: false, queueIds: [wa.queues[1]], whatsappId: null, name: "user" },
    { id: wa.users[2], companyId: a.companyId, isAdmin: false, allTicket: true, queueIds: [wa.queues[1], wa.queues[2]], whatsappId: null, name: "allTicket" },
    { id: wa.users[2], companyId: a.companyId, isAdmin: false, allTicket: false, queueIds: [], whatsappId: null, name: "no queues" }
  ];
  const filters = [
    { showAll: true },
    { showAll: false },
    { showAll: false, status: "open" },
    { showAll: true, status: "pending", queueIds: [wa.queues[1]] },
    { showAll: false, queueIds: [wa.queues[2], wa.queues[1]] },
    { showAll: true, users: [wa.users[1]] },
    { showAll: true, queueIds: [0] },
    { showAll: false, status: "closed", users: [0, wa.users[2]] }
  ];
  for (const actor of actors) {
    for (const filter of filters) {
      const showAll = actor.isAdmin && filter.showAll;
      const expected = rows.filter((r) => (!filter.status || r.status === filter.status) && (showAll || r.userId === actor.id || r.userId === null && (r.queueId === null ? actor.isAdmin || actor.allTicket : actor.queueIds.includes(r.queueId))) && (!filter.queueIds || r.queueId === null || filter.queueIds.includes(r.queueId)) && (!filter.users || r.userId !== null && filter.users.includes(r.userId))).length;
      t2.equal(await keptTicketCount(actor, { ...filter, showAll }), expected, `${actor.name} ${JSON.stringify(filter)}`);
    }
  }
});
