import t from "tap";
import { build } from "../helper.js";
import { Contact, QuickMessage, Tag, Ticket } from "../../src/db/models/index.js";
import { cascadeKeys } from "../../src/audit/cascades.js";
import { toDbTime } from "../../src/db/time.js";
import { refuseAuditEntries } from "./refuse-entries.js";
t.test("a delete's entry names what went with it", async (t2) => {
  const { app, request, token, createUser } = await build(t2);
  const deleted = async (entity, id) => {
    const entry = await app.knex("auditLogs").where({ action: "delete", entity, entityId: String(id) }).first();
    return entry?.changes ? JSON.parse(entry.changes).cascaded?.before : void 0;
  };
  const post = async (url, body) => {
    const res = await request("POST", url, { token, body });
    t2.equal(res.status, 200, `POST ${url}: ${JSON.stringify(res.body).slice(0, 200)}`);
    return res.body;
  };
  await t2.test("a queue: its options (sub-options too) and the users it was given to", async (t3) => {
    const queue = await post("/api/queue", { name: "Vendas", color: "#112233" });
    const first = await post("/api/queue-options", { queueId: queue.id, title: "Primeira" });
    const sub = await post("/api/queue-options", { queueId: queue.id, title: "Sub", parentId: first.id });
    const second = await post("/api/queue-options", { queueId: queue.id, title: "Segunda" });
    const agent = await createUser(1, { name: "Agente" });
    t3.equal((await request("PUT", `/api/users/${agent.id}`, { token, body: { queueIds: [queue.id] } })).status, 200);
    t3.equal((await request("DELETE", `/api/queue/${queue.id}`, { token })).status, 200);
    const cascaded = await deleted("queues", queue.id);
    t3.same(cascaded?.queueOptions, { count: 3, ids: [first.id, sub.id, second.id].sort((a, b) => a - b) }, `the options: ${JSON.stringify(cascaded)}`);
    t3.same(cascaded?.userQueues, { count: 1, userId: [agent.id] }, "the user it was given to");
  });
  await t2.test("a queue option: its sub-options", async (t3) => {
    const queue = await post("/api/queue", { name: "Suporte", color: "#223344" });
    const top = await post("/api/queue-options", { queueId: queue.id, title: "Topo" });
    const child = await post("/api/queue-options", { queueId: queue.id, title: "Filho", parentId: top.id });
    const grandchild = await post("/api/queue-options", { queueId: queue.id, title: "Neto", parentId: child.id });
    t3.equal((await request("DELETE", `/api/queue-options/${top.id}`, { token })).status, 200);
    t3.same((await deleted("queueOptions", top.id))?.queueOptions, { count: 2, ids: [child.id, grandchild.id] }, "the sub-options, every level");
  });
  await t2.test("a tag: its links to tickets and contacts", async (t3) => {
    const tag = await post("/api/tags", { name: "Etiqueta", color: "#334455" });
    const contact = await Contact.scoped(1).insertAndFetch({ uuid: "cascade-contact", name: "Cliente", number: "5511970000020" });
    const ticket = await Ticket.scoped(1).insertAndFetch({ uuid: "cascade-ticket", contactId: contact.id, status: "open", unreadMessages: 0, isGroup: false, chatbot: false, amountUsedBotQueues: 0, useIntegration: false });
    await app.knex("ticketTags").insert({ companyId: 1, ticketId: ticket.id, tagId: tag.id, createdAt: toDbTime(/* @__PURE__ */ new Date()) });
    t3.equal((await request("DELETE", `/api/tags/${tag.id}`, { token })).status, 200);
    t3.same((await deleted("tags", tag.id))?.ticketTags, { count: 1, ticketId: [ticket.id] }, "the ticket it was on");
    const shown = await request("GET", "/api/audit-logs", { token, query: { entity: "tags", action: "delete" } });
    t3.same(shown.body.auditLogs?.find((e) => e.entityId === String(tag.id))?.changes?.cascaded, { before: { ticketTags: { count: 1, ticketId: [ticket.id] } } }, "as the log screen reads it");
    t3.ok(await Tag.scoped(1).findById(tag.id) === void 0 && (await app.knex("ticketTags").where({ tagId: tag.id })).length === 0, "and they are gone");
  });
  await t2.test("a contact list (a plugin's table): its items", async (t3) => {
    const list = await post("/api/contact-lists", { name: "Lista" });
    const items = [
      await post("/api/contact-list-items", { name: "Um", number: "5511970000031", contactListId: list.id }),
      await post("/api/contact-list-items", { name: "Dois", number: "5511970000032", contactListId: list.id })
    ];
    t3.equal((await request("DELETE", `/api/contact-lists/${list.id}`, { token })).status, 200);
    t3.same((await deleted("contactLists", list.id))?.contactListItems, { count: 2, ids: items.map((i) => i.id) }, "its items");
    t3.equal((await app.knex("contactListItems").where({ contactListId: list.id })).length, 0, "and they are gone");
  });
  await t2.test("a user: their quick messages and sessions", async (t3) => {
    const agent = await createUser(1, { name: "Saindo" });
    const quick = await QuickMessage.scoped(1).insertAndFetch({ userId: agent.id, shortcode: "oi", message: "Ol\xE1", geral: false, status: "active" });
    t3.equal((await request("DELETE", `/api/users/${agent.id}`, { token })).status, 200);
    const cascaded = await deleted("users", agent.id);
    t3.same(cascaded?.quickMessages, { count: 1, ids: [quick.id] }, `their quick message: ${JSON.stringify(cascaded)}`);
    t3.equal(cascaded?.refreshTokenFamilies?.count, 1, "their session");
  });
  await t2.test("a delete without cascades names nothing more", async (t3) => {
    const list = await post("/api/contact-lists", { name: "Vazia" });
    t3.equal((await request("DELETE", `/api/contact-lists/${list.id}`, { token })).status, 200);
    t3.equal(await deleted("contactLists", list.id), void 0);
  });
});
t.test("what went with a delete is read in its transaction: an entry refused, nothing is deleted", async (t2) => {
  const { app, request, token } = await build(t2);
  const queue = (await request("POST", "/api/queue", { token, body: { name: "Fica", color: "#445566" } })).body;
  const option = (await request("POST", "/api/queue-options", { token, body: { queueId: queue.id, title: "Fica tamb\xE9m" } })).body;
  const log = await refuseAuditEntries(app.knex);
  await log.refuse("delete");
  t2.equal((await request("DELETE", `/api/queue/${queue.id}`, { token })).status, 500, "the delete fails");
  t2.ok(await app.knex("queues").where({ id: queue.id }).first(), "the queue is there");
  t2.ok(await app.knex("queueOptions").where({ id: option.id }).first(), "and its option");
});
t.test("the cascading keys are read from the schema, core's and plugins' alike", async (t2) => {
  const { app } = await build(t2);
  const keys = await cascadeKeys(app.knex);
  const has = (table, column, parent) => keys.some((k) => k.table === table && k.column === column && k.parent === parent);
  t2.ok(has("queueOptions", "queueId", "queues"), "a queue's options");
  t2.ok(has("queueOptions", "parentId", "queueOptions"), "an option's sub-options");
  t2.ok(has("ticketTags", "tagId", "tags"), "a tag's ticket links");
  t2.ok(has("contactListItems", "contactListId", "contactLists"), "a plugin's: a contact list's items");
});
