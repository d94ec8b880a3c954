import { randomUUID } from "node:crypto";
import { dbNow } from "../../db/time.js";
import { readSheet } from "../../sheets/index.js";
import { isValidNumber, normalizeNumber } from "../../util/phone.js";
import { auditedRawWrite, diff } from "../../audit/record.js";
const BATCH = 500;
const MAX_LOGGED_ROWS = 200;
const HEADERS = {
  name: "name",
  nome: "name",
  number: "number",
  numero: "number",
  n\u00FAmero: "number",
  email: "email",
  "e-mail": "email"
};
async function importContactsSheet(knex, companyId, file) {
  const result = { newContacts: [], errorBag: [] };
  await readSheet(file, {
    headers: HEADERS,
    required: ["number"],
    batchSize: BATCH,
    onBatch: (rows) => insertBatch(knex, companyId, rows.map((r) => ({ name: r.name ?? "", number: r.number ?? "", email: r.email || null })), result)
  });
  return result;
}
async function insertBatch(knex, companyId, rows, result) {
  const now = dbNow();
  const fresh = [];
  const seen = /* @__PURE__ */ new Set();
  for (const row of rows) {
    const number = normalizeNumber(row.number);
    const name = (row.name || number).slice(0, 255);
    if (!isValidNumber(number)) {
      result.errorBag.push({ contactName: name || row.number, error: { message: "ERR_WAPP_INVALID_CONTACT: not a valid number" } });
      continue;
    }
    if (seen.has(number)) {
      result.errorBag.push({ contactName: name, error: { message: "ERR_DUPLICATED_CONTACT: repeated in the sheet" } });
      continue;
    }
    seen.add(number);
    fresh.push({ uuid: randomUUID(), name, number, email: row.email?.slice(0, 255) ?? null });
  }
  if (fresh.length === 0) return;
  const byUuid = new Map(fresh.map((f) => [f.uuid, f]));
  const inserted = await auditedRawWrite(knex, async (trx) => {
    await trx("contacts").insert(fresh.map((f) => ({ ...f, companyId, isGroup: false, createdAt: now, updatedAt: now }))).onConflict(["companyId", "number"]).ignore();
    return trx("contacts").where({ companyId }).whereIn("uuid", [...byUuid.keys()]).select("id", "uuid", "name", "number", "email");
  }, (rows2) => rows2.length > MAX_LOGGED_ROWS ? [{ companyId, action: "create", entity: "contacts", entityId: null, changes: { rows: { after: rows2.length } } }] : rows2.map((r) => ({ companyId, action: "create", entity: "contacts", entityId: r.id, changes: diff({}, { name: r.name, number: r.number, email: r.email }, /* @__PURE__ */ new Set()) })));
  const insertedUuids = /* @__PURE__ */ new Set();
  for (const row of inserted) {
    insertedUuids.add(row.uuid);
    result.newContacts.push({ contactId: Number(row.id), contactName: row.name });
  }
  for (const f of fresh) {
    if (!insertedUuids.has(f.uuid)) result.errorBag.push({ contactName: f.name, error: { message: "ERR_DUPLICATED_CONTACT: a contact with this number exists" } });
  }
}
export {
  importContactsSheet,
  insertBatch
};
