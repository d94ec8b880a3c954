import t from "tap";
import { randomUUID } from "node:crypto";
import {
  Contact,
  ContactCustomField,
  FileList,
  FileListOption,
  Invoice,
  Message,
  Queue,
  QueueOption,
  QuickMessage,
  Schedule,
  Setting,
  Tag,
  Ticket,
  TicketNote,
  User,
  Whatsapp
} from "../../src/db/models/index.js";
import { toDbTime } from "../../src/db/time.js";
import { hashPassword } from "../../src/util/password.js";
import { apiRoutes, buildWithFixturePlugins, FIXTURE_FLAGS } from "./routes.js";
import { assertWalks, foreignCompanyWalk, idsOwnedBy, tablesWithCompanyId } from "./walks.js";
const MARKER = "SECRET-ALPHA";
const A = 1;
const idFor = (slot) => 7e5 + slot * 1e3;
async function seedCompanyA() {
  const uuids = { contact: randomUUID(), ticket: randomUUID() };
  const queue = await Queue.scoped(A).insertAndFetch({ id: idFor(1), name: `${MARKER} queue`, color: "#a1b2c3", greetingMessage: MARKER });
  const wa = await Whatsapp.scoped(A).insertAndFetch({ id: idFor(2), name: `${MARKER} wa`, provider: "sandbox", status: "DISCONNECTED", isDefault: false, greetingMessage: MARKER, token: `${MARKER}-token`, userStopped: true });
  const user = await User.scoped(A).insertAndFetch({ id: idFor(3), name: `${MARKER} user`, email: "secret-alpha@atrium.test", passwordHash: await hashPassword("Secret-1"), profile: "user", super: false, allTicket: "enabled" });
  const contact = await Contact.scoped(A).insertAndFetch({ id: idFor(4), uuid: uuids.contact, name: `${MARKER} contact`, number: "5511977770001", email: "secret-alpha-contact@atrium.test" });
  await ContactCustomField.scoped(A).insert({ id: idFor(5), contactId: contact.id, name: MARKER, value: MARKER });
  const tag = await Tag.scoped(A).insertAndFetch({ id: idFor(6), name: `${MARKER} tag`, color: "#123456" });
  const ticket = await Ticket.scoped(A).insertAndFetch({ id: idFor(7), uuid: uuids.ticket, contactId: contact.id, whatsappId: wa.id, userId: user.id, queueId: queue.id, status: "open", lastMessage: MARKER });
  await Message.scoped(A).insert({ id: idFor(8), ticketId: ticket.id, contactId: contact.id, whatsappId: wa.id, body: MARKER, fromMe: false, ack: 1, providerId: `${MARKER}-msg` });
  await TicketNote.scoped(A).insert({ id: idFor(9), ticketId: ticket.id, contactId: contact.id, userId: user.id, note: MARKER });
  await QuickMessage.scoped(A).insert({ id: idFor(10), userId: user.id, shortcode: `${MARKER}-sc`, message: MARKER });
  await Schedule.scoped(A).insert({ id: idFor(11), contactId: contact.id, ticketId: ticket.id, userId: user.id, whatsappId: wa.id, body: MARKER, sendAt: toDbTime(Date.now() + 30 * 864e5), status: "PENDENTE" });
  const fileList = await FileList.scoped(A).insertAndFetch({ id: idFor(12), name: `${MARKER} files`, message: MARKER });
  await FileListOption.scoped(A).insert({ id: idFor(13), fileListId: fileList.id, name: MARKER });
  await Invoice.scoped(A).insert({ id: idFor(14), detail: MARKER, value: 1, dueDate: "2030-01-01", status: "open" });
  await Setting.scoped(A).insert({ id: idFor(15), key: "secretAlpha", value: MARKER });
  await QueueOption.scoped(A).insert({ id: idFor(16), queueId: queue.id, title: MARKER, message: MARKER, option: "1" });
  await Setting.knex()("relaySettings").insert({ id: idFor(17), companyId: A, url: `https://relay.example/${MARKER}`, apiKey: MARKER, inboundToken: `${MARKER}-inbound` });
  const stamp = "2030-01-01 00:00:00.000";
  await Setting.knex()("flowBuilders").insert({ id: idFor(18), companyId: A, name: `${MARKER} flow`, active: true, flow: JSON.stringify({ nodes: [{ id: "1", type: "message", position: { x: 0, y: 0 }, data: { label: MARKER } }], connections: [] }), createdAt: stamp, updatedAt: stamp });
  await Setting.knex()("flowCampaigns").insert({ id: idFor(19), companyId: A, name: `${MARKER} phrase`, flowId: idFor(18), whatsappId: null, phrase: MARKER, status: true, createdAt: stamp, updatedAt: stamp });
  return { uuids, joins: { userQueues: { companyId: A, userId: user.id, queueId: queue.id }, whatsappQueues: { companyId: A, whatsappId: wa.id, queueId: queue.id }, ticketTags: { companyId: A, ticketId: ticket.id, tagId: tag.id } } };
}
const TENANT_TABLES = [
  "queues",
  "whatsapps",
  "users",
  "contacts",
  "contactCustomFields",
  "tags",
  "tickets",
  "messages",
  "ticketNotes",
  "quickMessages",
  "schedules",
  "fileLists",
  "fileListOptions",
  "invoices",
  "settings",
  "queueOptions",
  "relaySettings",
  "flowBuilders",
  "flowCampaigns"
];
const MARKED_SLOTS = TENANT_TABLES.map((_, i) => idFor(i + 1));
t.test("a user of another company can neither see nor change company 1's data through any route", async (t2) => {
  const { app, createTenant } = await buildWithFixturePlugins(t2);
  const { uuids, joins } = await seedCompanyA();
  for (const [table, row] of Object.entries(joins)) await app.knex(table).insert(row);
  const b = await createTenant("Tenant B", FIXTURE_FLAGS);
  const snapshot = async () => {
    const out = {};
    for (const table of TENANT_TABLES) {
      out[`${table} rows`] = await app.knex(table).where("companyId", A).whereIn("id", MARKED_SLOTS).orderBy("id");
      out[`${table} count`] = (await app.knex(table).where("companyId", A).count({ n: "*" }))[0].n;
    }
    for (const [table, row] of Object.entries(joins)) out[table] = await app.knex(table).where(row);
    return JSON.parse(JSON.stringify(out));
  };
  const before = await snapshot();
  t2.equal(before["tickets rows"].length, 1, "marker rows seeded");
  const aIds = /* @__PURE__ */ new Set();
  for (const table of TENANT_TABLES) for (const { id } of await app.knex(table).where("companyId", A).select("id")) aIds.add(Number(id));
  aIds.add(A);
  const bTables = await tablesWithCompanyId(app.knex);
  const bOwned = async () => /* @__PURE__ */ new Set([b.companyId, b.planId, ...await idsOwnedBy(app.knex, b.companyId, bTables)]);
  const routes = apiRoutes(app);
  t2.ok(routes.some((r) => r.url === "/api/users/:id"), "route table lists the core routes");
  t2.ok(routes.some((r) => r.url === "/api/relay/hooks/:token" && r.isPublic), "and the plugins' routes, their declared public ones marked public");
  const isolation = await foreignCompanyWalk({
    app,
    routes,
    token: b.admin.token,
    marker: MARKER,
    otherValues: [uuids.contact, uuids.ticket],
    probeIds: async () => {
      const owned = await bOwned();
      return [...aIds].filter((id) => !owned.has(id));
    }
  });
  t2.ok(isolation.sent > routes.length, `${isolation.sent} requests sent as company B`);
  assertWalks(t2, { isolation });
  t2.same(await snapshot(), before, "company 1's rows are unchanged");
});
