import t from "tap";
import JSZip from "jszip";
import { existsSync } from "node:fs";
import { Message, Schedule } from "../../src/db/models/index.js";
import { PNG } from "../pipeline/http.js";
import { dataTables } from "../db-walk.js";
import { contactDataApp } from "./fixtures.js";
import { mediaKeyOf } from "../../src/privacy/subject.js";
const ANA = { number: "5511987650001", name: "Anaerasa" };
const BIA = { number: "5511987650002", name: "Biacontrol" };
t.test("a contact's data: export and erasure across the core and every plugin", async (t2) => {
  const env = await contactDataApp(t2);
  const { app, request, token, createTenant, createUser } = env;
  const ana = await env.seed(ANA.number, ANA.name);
  const bia = await env.seed(BIA.number, BIA.name);
  const campaign = await env.runCampaign();
  const other = await createTenant("Other Privacy Co");
  const agent = await createUser(1);
  const tables = await dataTables(app.knex);
  const traces = async (who, contactId, ticketIds) => {
    const found = [];
    for (const table of tables) {
      const q = app.knex(table.name).where((w) => {
        if (table.columns.includes("contactId")) w.orWhere("contactId", contactId);
        if (table.columns.includes("ticketId") && ticketIds.length) w.orWhereIn("ticketId", ticketIds);
        for (const c of table.textColumns) w.orWhere(c, "like", `%${who.number}%`).orWhere(c, "like", `%${who.name}%`);
      });
      if (!table.columns.includes("contactId") && !table.columns.includes("ticketId") && table.textColumns.length === 0) continue;
      const n = Number((await q.count("* as n").first())?.n ?? 0);
      if (n) found.push(`${table.name}: ${n}`);
    }
    return found;
  };
  const filesOf = async (contactId, ticketIds) => [
    ...(await Message.scoped(1).whereIn("ticketId", ticketIds).whereNotNull("mediaUrl")).map((m) => mediaKeyOf(m)),
    ...(await Schedule.scoped(1).where({ contactId }).whereNotNull("mediaPath")).map((s) => s.mediaPath)
  ].filter((key) => key !== campaign.mediaPath);
  await t2.test("the fixture put the contact into every plugin (so the walk below can fail)", async (t3) => {
    const before = (await traces(ANA, ana.contactId, ana.ticketIds)).map((line) => line.split(":")[0]);
    for (const table of [
      "contacts",
      "contactCustomFields",
      "tickets",
      "messages",
      "ticketNotes",
      "ticketTags",
      "schedules",
      "sandboxOutbox",
      "contactListItems",
      "campaignShipping",
      "flowRuns",
      "integrationSessions"
    ]) t3.ok(before.includes(table), `${table} holds the contact`);
    t3.ok((await filesOf(ana.contactId, ana.ticketIds)).length >= 3, "its inbound photo, the agent's file and the schedule's file");
  });
  await t2.test("GET /contacts/:id/export: a zip of the contact, its tickets, messages, notes, tags, campaign sends, flow answers and files", async (t3) => {
    t3.equal((await request("GET", `/api/contacts/${bia.contactId}/export`, { token: agent.token })).status, 403, "admins only");
    t3.equal((await request("GET", `/api/contacts/${bia.contactId}/export`, { token: other.admin.token })).body.error, "ERR_NO_CONTACT_FOUND", "another company's admin: not found");
    const note = '<script>alert("x")</script> & mais';
    await request("POST", "/api/ticket-notes", { token, body: { ticketId: bia.ticketIds[0], note } });
    const res = await app.inject({ method: "GET", url: `/api/contacts/${bia.contactId}/export`, headers: { authorization: `Bearer ${token}` } });
    t3.equal(res.statusCode, 200);
    t3.match(res.headers["content-type"], /application\/zip/);
    t3.match(res.headers["content-disposition"], /attachment; filename="contact-\d+\.zip"/);
    const zip = await JSZip.loadAsync(res.rawPayload);
    const json = async (name) => JSON.parse(await zip.file(name).async("string"));
    t3.match(await json("contact.json"), { id: bia.contactId, number: BIA.number, extraInfo: [{ name: "CPF", value: `cpf-${BIA.number}` }] });
    const tickets = await json("tickets.json");
    t3.same(tickets.map((tk) => tk.id).sort(), [...bia.ticketIds].sort(), "every ticket of the contact");
    t3.ok(tickets.some((tk) => tk.tags.includes("VIP")), "with its tags by name");
    const messages = await json("messages.json");
    t3.ok(messages.some((m) => m.body === `foto de ${BIA.name}`), "inbound messages");
    t3.ok(messages.some((m) => m.body === "Oferta para Biacontrol"), "the campaign's message");
    t3.notOk(JSON.stringify(messages).includes("mediaKey"), "no internal storage key");
    const files = messages.filter((m) => m.file).map((m) => m.file);
    t3.ok(files.length >= 3, "the files of its messages");
    for (const file of files) t3.same(await zip.file(file).async("nodebuffer"), PNG, `${file} holds the stored bytes`);
    const texts = await Promise.all(Object.values(zip.files).filter((f) => !f.dir && !f.name.startsWith("media/")).map(async (f) => `${f.name}: ${await f.async("string")}`));
    t3.same(texts.filter((text) => /\/media\/\d+\//.test(text)).map((text) => text.slice(0, 80)), [], "no /media/ link in any file of the export");
    const withMedia = messages.filter((m) => m.file);
    t3.ok(withMedia.every((m) => m.mediaUrl === m.file), "a message's mediaUrl is its file in the zip");
    t3.ok((await json("notes.json")).some((n) => n.note === note), "notes");
    t3.match((await json("schedules.json"))[0], { body: `lembrete para ${BIA.name}`, file: /^media\/schedule-/ });
    const campaigns = await json("plugins/campaigns.json");
    t3.match(campaigns.contactListItems, [{ number: BIA.number, name: BIA.name }]);
    t3.match(campaigns.campaignSends, [{ number: BIA.number, status: "delivered", campaignId: campaign.campaignId }]);
    t3.match((await json("plugins/flowbuilder.json")).flowRuns, [{ variables: { nome: `${BIA.name} Silva` } }]);
    t3.match((await json("plugins/integrations.json")).integrationSessions, [{ sessionId: /^s\d+$/ }]);
    const html = await zip.file("transcript.html").async("string");
    t3.match(html, `foto de ${BIA.name}`, "the transcript reads the conversation");
    t3.match(html, "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; mais", "text is escaped");
    t3.notMatch(html, "<script>", "no markup from a message or a note");
  });
  await t2.test("DELETE /contacts/:id?erase=true leaves nothing of the contact in any table nor its files; others keep theirs", async (t3) => {
    const anaFiles = await filesOf(ana.contactId, ana.ticketIds);
    const biaFiles = await filesOf(bia.contactId, bia.ticketIds);
    const biaBefore = await traces(BIA, bia.contactId, bia.ticketIds);
    t3.equal((await request("DELETE", `/api/contacts/${ana.contactId}`, { token: agent.token, query: { erase: true } })).status, 403, "admins only");
    t3.equal((await request("DELETE", `/api/contacts/${ana.contactId}`, { token: other.admin.token, query: { erase: true } })).body.error, "ERR_NO_CONTACT_FOUND");
    const res = await request("DELETE", `/api/contacts/${ana.contactId}`, { token, query: { erase: true } });
    t3.equal(res.status, 200, JSON.stringify(res.body));
    t3.match(res.body.erased, {
      messages: Number,
      tickets: 2,
      notes: 1,
      schedules: 1,
      contacts: 1,
      files: anaFiles.length,
      "campaigns.contactListItems": 1,
      "campaigns.campaignShipping": 1,
      "flowbuilder.flowRuns": 1,
      "integrations.integrationSessions": 1
    });
    const left = await traces(ANA, ana.contactId, ana.ticketIds);
    t3.same(left, ["privacyEvents: 1"], "only the record of its erasure names it, by id");
    const [event] = await app.knex("privacyEvents").where({ companyId: 1, kind: "erasure" });
    t3.match(event, { contactId: ana.contactId, userId: 1 });
    t3.notMatch(JSON.stringify(event), ANA.number, "the record holds no number");
    t3.notMatch(JSON.stringify(event), ANA.name, "nor the name");
    const deletion = await app.knex("auditLogs").where({ companyId: 1, entity: "contacts", entityId: String(ana.contactId), action: "delete" }).first();
    t3.match(deletion, { userId: 1, changes: null }, "the audit log still says who deleted which contact, without its values");
    t3.ok(res.body.erased.auditEntries > 0, "and the erasure says how many audit entries it blanked");
    for (const key of anaFiles) t3.notOk(existsSync(app.storage.resolve(key)), `${key} removed`);
    for (const key of biaFiles) t3.ok(existsSync(app.storage.resolve(key)), `${key} (another contact's) kept`);
    t3.ok(existsSync(app.storage.resolve(campaign.mediaPath)), "the campaign's file, sent to her too, is kept for the others");
    t3.same(await traces(BIA, bia.contactId, bia.ticketIds), biaBefore, "the other contact's data is untouched");
    const counts = await app.knex("ticketCounts").where({ companyId: 1 }).select("status").sum("n as n").groupBy("status");
    const actual = await app.knex("tickets").where({ companyId: 1 }).select("status").count("* as n").groupBy("status");
    t3.same(Object.fromEntries(counts.map((r) => [r.status, Number(r.n)]).filter(([, n]) => n)), Object.fromEntries(actual.map((r) => [r.status, Number(r.n)])), "the kept ticket counts follow");
    t3.equal((await request("DELETE", `/api/contacts/${ana.contactId}`, { token, query: { erase: true } })).body.error, "ERR_NO_CONTACT_FOUND", "a second erasure: nothing left");
  });
});
