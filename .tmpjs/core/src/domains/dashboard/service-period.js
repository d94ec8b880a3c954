import { Type } from "@sinclair/typebox";
import { Queue, User } from "../../db/models/index.js";
import { notFound } from "../../http/errors.js";
import { sendExport } from "../../sheets/export.js";
import { rangeOf } from "./range.js";
import { addCounts, BUCKETS, emptyCounts, FR, HOURS, RES, serviceFigures } from "./service-figures.js";
import { BUCKETS as BUCKETS2 } from "./service-figures.js";
const Day = Type.String({ pattern: "^\\d{4}-\\d{2}-\\d{2}$" });
const Nullable = Type.Union([Type.Number(), Type.Null()]);
const Times = Type.Object({ count: Type.Integer(), median: Nullable, p90: Nullable });
const Compliance = Type.Object({ settled: Type.Integer(), breached: Type.Integer(), rate: Nullable });
const Figures = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  tickets: Type.Integer(),
  firstResponse: Times,
  resolution: Times,
  sla: Type.Object({ firstResponse: Compliance, resolution: Compliance }),
  rating: Type.Object({ count: Type.Integer(), average: Nullable, ones: Type.Integer(), twos: Type.Integer(), threes: Type.Integer() })
});
const PeriodReply = Type.Object({
  from: Type.String(),
  to: Type.String(),
  total: Figures,
  queues: Type.Array(Figures),
  agents: Type.Array(Figures),
  /** Tickets created per hour of the day, UTC (the console shifts them to the viewer's zone). */
  byHour: Type.Array(Type.Integer(), { minItems: 24, maxItems: 24 })
});
const PeriodQuery = Type.Object({
  days: Type.Optional(Type.Integer({ minimum: 1, maximum: 366 })),
  date_from: Type.Optional(Day),
  date_to: Type.Optional(Day),
  queueId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647 }))
});
function quantile(counts, q) {
  const total = counts.reduce((a, b) => a + b, 0);
  if (!total) return null;
  const rank = q * total;
  let seen = 0;
  for (let i = 0; i < counts.length; i++) {
    if (!counts[i]) continue;
    if (seen + counts[i] >= rank) {
      const low = i === 0 ? 0 : BUCKETS[i - 1];
      const high = BUCKETS[i] ?? low;
      return Math.round((low + (rank - seen) / counts[i] * (high - low)) * 10) / 10;
    }
    seen += counts[i];
  }
  return BUCKETS[BUCKETS.length - 1];
}
const rate = (settled, breached) => ({ settled, breached, rate: settled ? Math.round((settled - breached) / settled * 1e3) / 10 : null });
const times = (counts) => ({ count: counts.reduce((a, b) => a + b, 0), median: quantile(counts, 0.5), p90: quantile(counts, 0.9) });
function figures(id, name, t) {
  return {
    id,
    name,
    tickets: t.n,
    firstResponse: times(FR.map((c) => t[c])),
    resolution: times(RES.map((c) => t[c])),
    sla: { firstResponse: rate(t.frSettled, t.frBreached), resolution: rate(t.resSettled, t.resBreached) },
    rating: { count: t.rated, average: t.rated ? Math.round(t.ratingSum / t.rated * 100) / 100 : null, ones: t.r1, twos: t.r2, threes: t.r3 }
  };
}
const servicePeriodRoutes = async (app) => {
  const figureCells = serviceFigures(app.knex).cells;
  async function period(companyId, query) {
    const range = rangeOf(query);
    const { queueId } = query;
    if (queueId && !await Queue.scoped(companyId).findById(queueId).select("id")) throw notFound("ERR_NO_QUEUE_FOUND", "Queue not found");
    const [cells, queues, users] = await Promise.all([
      figureCells(companyId, range, queueId),
      Queue.scoped(companyId).select("id", "name").orderBy("name"),
      User.scoped(companyId).select("id", "name").orderBy("name")
    ]);
    const total = emptyCounts();
    const byQueue = /* @__PURE__ */ new Map();
    const byAgent = /* @__PURE__ */ new Map();
    const tallyOf = (map, id) => map.get(id) ?? map.set(id, emptyCounts()).get(id);
    for (const cell of cells) {
      addCounts(total, cell.counts);
      if (cell.queueId) addCounts(tallyOf(byQueue, cell.queueId), cell.counts);
      if (cell.userId) addCounts(tallyOf(byAgent, cell.userId), cell.counts);
    }
    const iso = (text) => `${text.replace(" ", "T")}Z`;
    return {
      from: iso(range.from),
      to: iso(range.to),
      total: figures(0, "", total),
      queues: queues.filter((q) => byQueue.has(q.id)).map((q) => figures(q.id, q.name, byQueue.get(q.id))),
      agents: users.filter((u) => byAgent.has(u.id)).map((u) => figures(u.id, u.name, byAgent.get(u.id))),
      byHour: HOURS.map((c) => total[c])
    };
  }
  app.get("/dashboard/service/period", {
    preHandler: app.requireAdmin,
    schema: { tags: ["dashboard"], querystring: PeriodQuery, response: { 200: PeriodReply } }
  }, async (request) => period(request.user.companyId, request.query));
  app.get("/dashboard/service/period/export", {
    preHandler: app.requireAdmin,
    schema: { tags: ["dashboard"], querystring: PeriodQuery, produces: ["text/csv"] }
  }, async (request, reply) => {
    const data = await period(request.user.companyId, request.query);
    const row = (kind, f) => [
      kind,
      f.name,
      f.tickets,
      f.firstResponse.median,
      f.firstResponse.p90,
      f.resolution.median,
      f.resolution.p90,
      f.sla.firstResponse.rate,
      f.sla.firstResponse.breached,
      f.sla.resolution.rate,
      f.sla.resolution.breached,
      f.rating.average,
      f.rating.count
    ];
    const rows = [row("total", data.total), ...data.queues.map((f) => row("queue", f)), ...data.agents.map((f) => row("agent", f))];
    return sendExport(reply, "csv", {
      name: `service-desk-${data.from.slice(0, 10)}-${data.to.slice(0, 10)}`,
      header: [
        "kind",
        "name",
        "tickets",
        "firstResponseMedianMin",
        "firstResponseP90Min",
        "resolutionMedianMin",
        "resolutionP90Min",
        "firstResponseSlaPct",
        "firstResponseBreached",
        "resolutionSlaPct",
        "resolutionBreached",
        "ratingAverage",
        "ratings"
      ],
      pages: async function* () {
        yield rows;
      }
    });
  });
};
var service_period_default = servicePeriodRoutes;
export {
  BUCKETS2 as BUCKETS,
  service_period_default as default,
  quantile
};
