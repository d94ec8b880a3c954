import { dbNow } from "../db/time.js";
import { currentActor } from "./context.js";
const MASKED = "\u2022\u2022\u2022\u2022\u2022\u2022";
const SEALED = /^enc:v\d+:/;
function loggedValue(value) {
  if (value && typeof value === "object" && !isPlainData(value)) return "(computed)";
  if (typeof value === "string") return SEALED.test(value) ? MASKED : value.length > 2e3 ? `${value.slice(0, 2e3)}\u2026` : value;
  if (value && typeof value === "object") {
    const text = JSON.stringify(value);
    return /enc:v\d+:/.test(text) ? MASKED : text.length > 2e3 ? `${text.slice(0, 2e3)}\u2026` : value;
  }
  return value;
}
const isPlainData = (value) => Array.isArray(value) || Object.getPrototypeOf(value) === Object.prototype || Object.getPrototypeOf(value) === null;
const same = (a, b) => {
  if (a === b) return true;
  try {
    return JSON.stringify(loggedValue(a)) === JSON.stringify(loggedValue(b));
  } catch {
    return false;
  }
};
const differStored = (a, b) => {
  if (a === b) return false;
  try {
    return JSON.stringify(a) !== JSON.stringify(b);
  } catch {
    return true;
  }
};
function diff(before, after, secret) {
  const out = {};
  for (const key of /* @__PURE__ */ new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (key === "updatedAt" || key === "createdAt" || key === "id" || key === "companyId") continue;
    const b = before[key];
    const a = after[key];
    if (!(key in after) && Object.keys(after).length > 0) continue;
    const mask = secret.has(key);
    const masked = (v) => mask && v != null && v !== "" ? MASKED : loggedValue(v);
    if (key in after && key in before) {
      if (masked(b) === MASKED && masked(a) === MASKED) {
        if (differStored(b, a)) out[key] = { before: MASKED, after: MASKED, changed: true };
        continue;
      }
      if (same(b, a)) continue;
    }
    out[key] = {
      ...key in before ? { before: masked(b) } : {},
      ...key in after ? { after: masked(a) } : {}
    };
  }
  return out;
}
function rows(entries, actor) {
  const now = dbNow();
  return entries.map((e) => ({
    createdAt: now,
    companyId: e.companyId,
    userId: actor?.userId ?? null,
    impersonatorId: actor?.impersonatorId ?? null,
    action: e.action.slice(0, 40),
    entity: e.entity.slice(0, 60),
    entityId: e.entityId === void 0 || e.entityId === null ? null : String(e.entityId).slice(0, 64),
    changes: e.changes && Object.keys(e.changes).length ? JSON.stringify(e.changes) : null,
    route: actor?.route?.slice(0, 200) ?? null,
    ip: actor?.ip?.slice(0, 64) ?? null
  }));
}
async function writeAudit(trx, entries, actor = currentActor()) {
  if (!actor || entries.length === 0) return;
  await trx("auditLogs").insert(rows(entries, actor));
  actor.written += entries.length;
}
async function auditedRawWrite(knex, write, entries) {
  const actor = currentActor();
  if (!actor) return write(knex);
  return knex.transaction(async (trx) => {
    const result = await write(trx);
    await writeAudit(trx, entries(result), actor);
    return result;
  });
}
const createAuditApi = (knex) => ({ record: (entries) => writeAudit(knex, entries) });
export {
  MASKED,
  auditedRawWrite,
  createAuditApi,
  diff,
  loggedValue,
  writeAudit
};
