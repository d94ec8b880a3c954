import { rooms } from "../../bus/rooms.js";
import { dbNow, fromDbTime } from "../../db/time.js";
import { isUniqueViolation } from "../../db/errors.js";
function responderFailures(knex, bus) {
  const table = () => knex("responderFailures");
  async function remember(companyId, source, failure, ticketId) {
    const row = { kind: failure.kind, detail: failure.detail.slice(0, 255), ticketId, updatedAt: dbNow() };
    const key = { companyId, source: source.kind.slice(0, 40), sourceId: source.id };
    if (await table().where(key).update(row)) return;
    try {
      await table().insert({ ...key, ...row, createdAt: row.updatedAt });
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      await table().where(key).update(row);
    }
  }
  return {
    /** Keeps the failure as the bot's last (when it names one) and tells the admins. Never throws: a note already went. */
    async record(companyId, notice, log) {
      try {
        if (notice.source) await remember(companyId, notice.source, notice, notice.ticketId);
      } catch (err) {
        log.warn({ err }, "bot failure not kept");
      }
      bus.emit(companyId, "responderFailure", notice, rooms.admins(companyId));
    },
    /** The last failure of each of the company's bots of `kind` among `ids` (those without one are absent). */
    async last(companyId, kind, ids) {
      if (!ids.length) return /* @__PURE__ */ new Map();
      const rows = await table().where({ companyId, source: kind }).whereIn("sourceId", ids).select("sourceId", "kind", "detail", "ticketId", "updatedAt");
      return new Map(rows.map((r) => [Number(r.sourceId), { kind: r.kind, detail: r.detail, ticketId: r.ticketId === null ? null : Number(r.ticketId), at: fromDbTime(r.updatedAt) }]));
    },
    /** Forgets a bot's last failure (its settings were saved again, or it was removed). */
    async clear(companyId, kind, id) {
      await table().where({ companyId, source: kind, sourceId: id }).del();
    }
  };
}
export {
  responderFailures
};
