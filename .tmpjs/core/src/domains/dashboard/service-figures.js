import { randomUUID } from "node:crypto";
import { Ticket } from "../../db/models/index.js";
import { toDbTime } from "../../db/time.js";
import { minutesBetween } from "./range.js";
const BUCKETS = [1, 2, 3, 5, 10, 15, 20, 30, 45, 60, 90, 120, 180, 240, 360, 480, 720, 1440, 2880, 4320, 10080, 43200];
const slots = (prefix, n) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);
const FR = slots("fr", BUCKETS.length + 1);
const RES = slots("res", BUCKETS.length + 1);
const HOURS = slots("h", 24);
const SUMS = ["frSettled", "frBreached", "resSettled", "resBreached", "rated", "ratingSum", "r1", "r2", "r3"];
const COLUMNS = ["n", ...SUMS, ...FR, ...RES, ...HOURS];
const emptyCounts = () => Object.fromEntries(COLUMNS.map((c) => [c, 0]));
function addCounts(to, from) {
  for (const c of COLUMNS) to[c] += from[c];
}
const DAY_MS = 864e5;
const shiftDay = (day, by) => new Date(Date.parse(`${day}T00:00:00Z`) + by * DAY_MS).toISOString().slice(0, 10);
const num = (v) => v === null || v === void 0 ? 0 : Number(v);
const idOf = (v) => v === null || v === void 0 ? null : Number(v);
function serviceFigures(knex) {
  const mysql = String(knex.client.config.client) === "mysql2";
  const bucketOf = (minutes) => `CASE ${BUCKETS.map((b, i) => `WHEN ${minutes} < ${b} THEN ${i}`).join(" ")} ELSE ${BUCKETS.length} END`;
  const frBucket = `CASE WHEN firstRespondedAt IS NULL THEN NULL ELSE ${bucketOf(minutesBetween(knex, "createdAt", "firstRespondedAt"))} END`;
  const resBucket = `CASE WHEN status <> 'closed' OR closedAt IS NULL THEN NULL ELSE ${bucketOf(minutesBetween(knex, "createdAt", "closedAt"))} END`;
  const frBreach = "(firstResponseBreached = 1 OR firstRespondedAt > firstResponseDueAt)";
  const resBreach = "(resolutionBreached = 1 OR closedAt > resolutionDueAt)";
  const sums = [
    "COUNT(*) AS n",
    `SUM(CASE WHEN firstResponseDueAt IS NOT NULL AND (${frBreach} OR firstRespondedAt IS NOT NULL) THEN 1 ELSE 0 END) AS frSettled`,
    `SUM(CASE WHEN firstResponseDueAt IS NOT NULL AND ${frBreach} THEN 1 ELSE 0 END) AS frBreached`,
    `SUM(CASE WHEN resolutionDueAt IS NOT NULL AND (${resBreach} OR status = 'closed') THEN 1 ELSE 0 END) AS resSettled`,
    `SUM(CASE WHEN resolutionDueAt IS NOT NULL AND ${resBreach} THEN 1 ELSE 0 END) AS resBreached`,
    "SUM(CASE WHEN rating BETWEEN 1 AND 3 THEN 1 ELSE 0 END) AS rated",
    "SUM(CASE WHEN rating BETWEEN 1 AND 3 THEN rating ELSE 0 END) AS ratingSum",
    "SUM(CASE WHEN rating = 1 THEN 1 ELSE 0 END) AS r1",
    "SUM(CASE WHEN rating = 2 THEN 1 ELSE 0 END) AS r2",
    "SUM(CASE WHEN rating = 3 THEN 1 ELSE 0 END) AS r3"
  ];
  const hour = mysql ? "HOUR(createdAt)" : "CAST(strftime('%H', createdAt) AS INTEGER)";
  const day = "SUBSTR(createdAt, 1, 10)";
  async function scan(companyId, from, to, queueId, forBuild = false) {
    const created = () => {
      const q = Ticket.scoped(companyId).whereBetween("createdAt", [from, to]);
      if (queueId) q.where("queueId", queueId);
      if (forBuild && mysql) q.forShare();
      return q;
    };
    const [groups, hours] = await Promise.all([
      created().groupBy("queueId", "userId", knex.raw(day), knex.raw(frBucket), knex.raw(resBucket)).select(knex.raw(`${day} AS day`), "queueId", "userId", knex.raw(`${frBucket} AS fr`), knex.raw(`${resBucket} AS res`), ...sums.map((s) => knex.raw(s))),
      created().groupBy("queueId", "userId", knex.raw(day), knex.raw(hour)).select(knex.raw(`${day} AS day`), "queueId", "userId", knex.raw(`${hour} AS h`), knex.raw("COUNT(*) AS n"))
    ]);
    const cells2 = /* @__PURE__ */ new Map();
    const cellOf = (r) => {
      const key = `${String(r.day)}|${String(r.queueId)}|${String(r.userId)}`;
      let cell = cells2.get(key);
      if (!cell) cells2.set(key, cell = { day: String(r.day), queueId: idOf(r.queueId), userId: idOf(r.userId), counts: emptyCounts() });
      return cell.counts;
    };
    for (const r of groups) {
      const counts = cellOf(r);
      const n = num(r.n);
      counts.n += n;
      if (r.fr !== null && r.fr !== void 0) counts[FR[num(r.fr)]] += n;
      if (r.res !== null && r.res !== void 0) counts[RES[num(r.res)]] += n;
      for (const s of SUMS) counts[s] += num(r[s]);
    }
    for (const r of hours) cellOf(r)[HOURS[num(r.h) % 24]] += num(r.n);
    return [...cells2.values()];
  }
  async function rebuild(companyId, days) {
    const token = randomUUID();
    await knex("serviceFigureDays").insert(days.map((d) => ({ companyId, day: d, token, ready: 0 }))).onConflict(["companyId", "day"]).merge(["token", "ready"]);
    const wanted = new Set(days);
    const cells2 = (await scan(companyId, `${days[0]} 00:00:00.000`, `${days[days.length - 1]} 23:59:59.999`, void 0, true)).filter((c) => wanted.has(c.day));
    await knex.transaction(async (trx) => {
      await trx("serviceFigures").where("companyId", companyId).whereIn("day", days).delete();
      const rows = cells2.map((c) => ({ companyId, day: c.day, queueId: c.queueId, userId: c.userId, ...c.counts }));
      if (rows.length) await trx.batchInsert("serviceFigures", rows, 100).transacting(trx);
      await trx("serviceFigureDays").where({ companyId, token }).whereIn("day", days).update({ ready: 1 });
    });
  }
  async function stored(companyId, first, last, queueId) {
    const q = knex("serviceFigures").where("companyId", companyId).whereBetween("day", [first, last]);
    if (queueId) q.where("queueId", queueId);
    const rows = await q.groupBy("queueId", "userId").select("queueId", "userId", ...COLUMNS.map((c) => knex.raw("SUM(??) AS ??", [c, c])));
    return rows.map((r) => ({ day: "", queueId: idOf(r.queueId), userId: idOf(r.userId), counts: Object.fromEntries(COLUMNS.map((c) => [c, num(r[c])])) }));
  }
  async function cells(companyId, { from, to }, queueId, now = Date.now()) {
    const yesterday = shiftDay(toDbTime(now).slice(0, 10), -1);
    const first = from.endsWith(" 00:00:00.000") ? from.slice(0, 10) : shiftDay(from.slice(0, 10), 1);
    let last = to.endsWith(" 23:59:59.999") ? to.slice(0, 10) : shiftDay(to.slice(0, 10), -1);
    if (last > yesterday) last = yesterday;
    if (first > last) return scan(companyId, from, to, queueId);
    const start = `${first} 00:00:00.000`;
    const end = `${last} 23:59:59.999`;
    const edges = Promise.all([
      from < start ? scan(companyId, from, `${shiftDay(first, -1)} 23:59:59.999`, queueId) : [],
      to > end ? scan(companyId, `${shiftDay(last, 1)} 00:00:00.000`, to, queueId) : []
    ]);
    edges.catch(() => void 0);
    const days = [];
    for (let d = first; d <= last; d = shiftDay(d, 1)) days.push(d);
    const ready = new Set((await knex("serviceFigureDays").where({ companyId, ready: 1 }).whereBetween("day", [first, last]).select("day")).map((r) => r.day));
    const missing = days.filter((d) => !ready.has(d));
    if (missing.length) await rebuild(companyId, missing);
    const [body, [head, tail]] = await Promise.all([stored(companyId, first, last, queueId), edges]);
    return [...head, ...body, ...tail];
  }
  return { cells, scan };
}
export {
  BUCKETS,
  COLUMNS,
  FR,
  HOURS,
  RES,
  addCounts,
  emptyCounts,
  serviceFigures
};
