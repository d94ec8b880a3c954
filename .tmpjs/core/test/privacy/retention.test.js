import t from "tap";
import { existsSync } from "node:fs";
import { Contact, Message, Ticket } from "../../src/db/models/index.js";
import { toDbTime } from "../../src/db/time.js";
import { withRetries } from "../../src/db/errors.js";
import { mediaKeyOf } from "../../src/privacy/subject.js";
import { RETENTION_BATCH, SWEEP_JOB } from "../../src/privacy/retention.js";
import { build } from "../helper.js";
import { defaultConnection, inbound } from "../pipeline/fixtures.js";
import { PNG } from "../pipeline/http.js";
const monthsAgo = (n) => toDbTime(Date.now() - n * 31 * 864e5);
t.test("retention: messages and files of tickets closed longer ago than the setting go, in batches; the rest and the dashboard stay", async (t2) => {
  const { app, request, token, createTenant } = await build(t2);
  const wa = await defaultConnection();
  const other = await createTenant("Retention Other Co");
  const otherWa = (await request("POST", "/api/whatsapp", { token: other.admin.token, body: { name: "Other line", provider: "sandbox" } })).body;
  const conversation = async (companyId, whatsappId, number, count, closedMonthsAgo) => {
    await app.pipeline.inbound.onMessage({ companyId, whatsappId }, inbound(number, "foto", { kind: "image", media: { data: async () => PNG, mimetype: "image/png", filename: "f.png" } }));
    const throughPipeline = Math.min(count - 1, 4);
    await Promise.all(Array.from({ length: throughPipeline }, (_, i) => app.pipeline.inbound.onMessage({ companyId, whatsappId }, inbound(number, `msg ${i}`))));
    const contact = await Contact.scoped(companyId).findOne({ number });
    const ticket = await Ticket.scoped(companyId).findOne({ contactId: contact.id });
    const rest = count - 1 - throughPipeline;
    if (rest > 0) {
      const at = toDbTime(Date.now());
      const row = { createdAt: at, updatedAt: at, companyId, ticketId: ticket.id, contactId: contact.id, whatsappId, fromMe: false, ack: 0, read: true, isDeleted: false, isEdited: false };
      await app.knex.batchInsert("messages", Array.from({ length: rest }, (_, i) => ({ ...row, body: `old ${i}`, providerId: `old-${number}-${i}` })), 200);
    }
    if (closedMonthsAgo !== void 0) {
      await app.jobs.idle();
      await withRetries(() => app.knex("tickets").where({ id: ticket.id }).update({ status: "closed", closedAt: monthsAgo(closedMonthsAgo) }));
    }
    const files = (await Message.scoped(companyId).where({ ticketId: ticket.id }).whereNotNull("mediaUrl")).map((m) => app.storage.resolve(mediaKeyOf(m)));
    return { ticketId: ticket.id, files };
  };
  const messagesOf = (companyId, ticketId) => Message.scoped(companyId).where({ ticketId }).resultSize();
  const run = async () => {
    await app.jobs.enqueue(SWEEP_JOB, {}, { jobId: `test-${Math.random()}` });
    await app.jobs.idle();
  };
  const old = await conversation(1, wa.id, "5511966660001", RETENTION_BATCH * 2 + 10, 8);
  const recent = await conversation(1, wa.id, "5511966660002", 5, 1);
  const live = await conversation(1, wa.id, "5511966660003", 5);
  await app.knex("messages").where({ ticketId: live.ticketId }).update({ createdAt: monthsAgo(12) });
  const otherOld = await conversation(other.companyId, otherWa.id, "5511966660004", 5, 2);
  await app.jobs.idle();
  const stored = { old: await messagesOf(1, old.ticketId), recent: await messagesOf(1, recent.ticketId), live: await messagesOf(1, live.ticketId), otherOld: await messagesOf(other.companyId, otherOld.ticketId) };
  t2.ok(stored.old >= RETENTION_BATCH * 2 + 10 && stored.recent >= 5 && stored.live >= 5 && stored.otherOld >= 5, "the conversations are stored");
  await t2.test("the settings: a whole number of months; the maximum is the super user's", async (t3) => {
    t3.equal((await request("GET", "/api/settings", { token })).body.find((s) => s.key === "messageRetentionMonths").value, "0", "off by default");
    t3.equal((await request("PUT", "/api/settings/messageRetentionMonths", { token, body: { value: "six" } })).body.error, "ERR_INVALID_SETTING_VALUE");
    t3.match((await request("PUT", "/api/settings/messageRetentionMonths", { token, body: { value: "121" } })).body, { error: "ERR_INVALID_SETTING_VALUE", max: 120 });
    t3.equal((await request("PUT", "/api/settings/retentionMaxMonths", { token: other.admin.token, body: { value: "3" } })).status, 403, "a company admin sets no platform maximum");
  });
  await t2.test("off: nothing is deleted", async (t3) => {
    await run();
    t3.equal(await messagesOf(1, old.ticketId), stored.old);
  });
  await t2.test("6 months: the ticket closed 8 months ago loses its messages and files, batch by batch; the others keep theirs", async (t3) => {
    const dashboard = async () => (await request("GET", "/api/dashboard", { token, query: { days: 3650 } })).body.counters;
    const before = await dashboard();
    t3.equal((await request("PUT", "/api/settings/messageRetentionMonths", { token, body: { value: "6" } })).status, 200);
    const deletes = [];
    const onQuery = (q) => {
      if (/^delete from [`"]messages[`"]/i.test(q.sql)) deletes.push(q.sql);
    };
    app.knex.on("query", onQuery);
    await run();
    app.knex.off("query", onQuery);
    t3.equal(await messagesOf(1, old.ticketId), 0, "every message of the expired ticket");
    t3.equal(deletes.length, 3, `in batches of ${RETENTION_BATCH} (one short transaction each)`);
    for (const file of old.files) t3.notOk(existsSync(file), "its files");
    const ticket = await Ticket.scoped(1).findById(old.ticketId);
    t3.match(ticket, { status: "closed", lastMessage: "" }, "the ticket stays, without the preview of its last message");
    t3.equal(await messagesOf(1, recent.ticketId), stored.recent, "a ticket closed a month ago keeps its messages");
    t3.equal(await messagesOf(1, live.ticketId), stored.live, "an open ticket keeps its messages, however old");
    for (const file of [...recent.files, ...live.files]) t3.ok(existsSync(file));
    t3.equal(await messagesOf(other.companyId, otherOld.ticketId), stored.otherOld, "another company without the setting keeps everything");
    t3.same(await dashboard(), before, "the dashboard's counters do not move");
    const [event] = await app.knex("privacyEvents").where({ companyId: 1, kind: "retention" });
    t3.same(JSON.parse(event.counts), { messages: stored.old, files: 1 }, "the run is recorded, counts only");
  });
  await t2.test("a platform maximum applies to every company, and caps what a company may choose", async (t3) => {
    t3.equal((await request("PUT", "/api/settings/retentionMaxMonths", { token, body: { value: "1" } })).status, 200);
    t3.match((await request("PUT", "/api/settings/messageRetentionMonths", { token: other.admin.token, body: { value: "6" } })).body, { error: "ERR_RETENTION_ABOVE_MAXIMUM", max: 1 });
    t3.match((await request("PUT", "/api/settings/messageRetentionMonths", { token: other.admin.token, body: { value: "0" } })).body, { error: "ERR_RETENTION_ABOVE_MAXIMUM" }, "nor forever");
    await run();
    t3.equal(await messagesOf(other.companyId, otherOld.ticketId), 0, "the other company's ticket closed 2 months ago is past the maximum");
    t3.equal(await messagesOf(1, recent.ticketId), 0, "company 1's own 6 months are capped at 1: its ticket closed a month ago goes too");
    t3.equal(await messagesOf(1, live.ticketId), stored.live, "open tickets still keep theirs");
  });
});
