import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { Queue, User } from '../../db/models/index.js';
import { notFound } from '../../http/errors.js';
import { sendExport, type ExportCell } from '../../sheets/export.js';
import { rangeOf } from './range.js';
import { addCounts, BUCKETS, emptyCounts, FR, HOURS, RES, serviceFigures, type Counts } from './service-figures.js';

export { BUCKETS } from './service-figures.js';

const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
const Nullable = Type.Union([Type.Number(), Type.Null()]);
const Times = Type.Object({ count: Type.Integer(), median: Nullable, p90: Nullable });
const Compliance = Type.Object({ settled: Type.Integer(), breached: Type.Integer(), rate: Nullable });
const Figures = Type.Object({
  id: Type.Integer(), name: Type.String(), tickets: Type.Integer(),
  firstResponse: Times, resolution: Times,
  sla: Type.Object({ firstResponse: Compliance, resolution: Compliance }),
  rating: Type.Object({ count: Type.Integer(), average: Nullable, ones: Type.Integer(), twos: Type.Integer(), threes: Type.Integer() }),
});
const PeriodReply = Type.Object({
  from: Type.String(), to: Type.String(), total: Figures, queues: Type.Array(Figures), agents: Type.Array(Figures),
  /** Tickets created per hour of the day, UTC (the console shifts them to the viewer's zone). */
  byHour: Type.Array(Type.Integer(), { minItems: 24, maxItems: 24 }),
});
type Figures = typeof Figures.static;
const PeriodQuery = Type.Object({
  days: Type.Optional(Type.Integer({ minimum: 1, maximum: 366 })), date_from: Type.Optional(Day), date_to: Type.Optional(Day),
  queueId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })),
});

/** The `q` quantile (0–1) of counts per bucket, interpolated linearly inside its bucket; null without tickets. */
export function quantile(counts: number[], q: number): number | null {
  const total = counts.reduce((a, b) => a + b, 0);
  if (!total) return null;
  const rank = q * total;
  let seen = 0;
  for (let i = 0; i < counts.length; i++) {
    if (!counts[i]) continue;
    if (seen + counts[i] >= rank) {
      const low = i === 0 ? 0 : BUCKETS[i - 1];
      const high = BUCKETS[i] ?? low;
      return Math.round((low + ((rank - seen) / counts[i]) * (high - low)) * 10) / 10;
    }
    seen += counts[i];
  }
  return BUCKETS[BUCKETS.length - 1];
}

const rate = (settled: number, breached: number) => ({ settled, breached, rate: settled ? Math.round(((settled - breached) / settled) * 1000) / 10 : null });
const times = (counts: number[]) => ({ count: counts.reduce((a, b) => a + b, 0), median: quantile(counts, 0.5), p90: quantile(counts, 0.9) });
function figures(id: number, name: string, t: Counts): Figures {
  return {
    id, name, tickets: t.n,
    firstResponse: times(FR.map((c) => t[c])), resolution: times(RES.map((c) => t[c])),
    sla: { firstResponse: rate(t.frSettled, t.frBreached), resolution: rate(t.resSettled, t.resBreached) },
    rating: { count: t.rated, average: t.rated ? Math.round((t.ratingSum / t.rated) * 100) / 100 : null, ones: t.r1, twos: t.r2, threes: t.r3 },
  };
}

/**
 * The supervisor's period figures (issue 30): for the tickets created in the period, first-response and resolution
 * times (median, p90) per queue and agent, SLA compliance (settled targets met), ratings (the spec's 1–3) and volume
 * by hour of day; also as CSV. Whole past days come from the daily rollup, the rest from the tickets (service-figures.ts).
 */
const servicePeriodRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const figureCells = serviceFigures(app.knex).cells;

  async function period(companyId: number, query: typeof PeriodQuery.static) {
    const range = rangeOf(query);
    const { queueId } = query;
    if (queueId && !(await Queue.scoped(companyId).findById(queueId).select('id'))) throw notFound('ERR_NO_QUEUE_FOUND', 'Queue not found');
    const [cells, queues, users] = await Promise.all([
      figureCells(companyId, range, queueId),
      Queue.scoped(companyId).select('id', 'name').orderBy('name'),
      User.scoped(companyId).select('id', 'name').orderBy('name'),
    ]);
    const total = emptyCounts();
    const byQueue = new Map<number, Counts>();
    const byAgent = new Map<number, Counts>();
    const tallyOf = (map: Map<number, Counts>, id: number) => map.get(id) ?? map.set(id, emptyCounts()).get(id)!;
    for (const cell of cells) {
      addCounts(total, cell.counts);
      if (cell.queueId) addCounts(tallyOf(byQueue, cell.queueId), cell.counts);
      if (cell.userId) addCounts(tallyOf(byAgent, cell.userId), cell.counts);
    }
    const iso = (text: string) => `${text.replace(' ', 'T')}Z`;
    return {
      from: iso(range.from), to: iso(range.to), total: figures(0, '', total),
      queues: queues.filter((q) => byQueue.has(q.id)).map((q) => figures(q.id, q.name, byQueue.get(q.id)!)),
      agents: users.filter((u) => byAgent.has(u.id)).map((u) => figures(u.id, u.name, byAgent.get(u.id)!)),
      byHour: HOURS.map((c) => total[c]),
    };
  }

  app.get('/dashboard/service/period', {
    preHandler: app.requireAdmin,
    schema: { tags: ['dashboard'], querystring: PeriodQuery, response: { 200: PeriodReply } },
  }, async (request) => period(request.user.companyId, request.query));

  app.get('/dashboard/service/period/export', {
    preHandler: app.requireAdmin,
    schema: { tags: ['dashboard'], querystring: PeriodQuery, produces: ['text/csv'] },
  }, async (request, reply) => {
    const data = await period(request.user.companyId, request.query);
    const row = (kind: string, f: Figures): ExportCell[] => [
      kind, f.name, f.tickets, f.firstResponse.median, f.firstResponse.p90, f.resolution.median, f.resolution.p90,
      f.sla.firstResponse.rate, f.sla.firstResponse.breached, f.sla.resolution.rate, f.sla.resolution.breached, f.rating.average, f.rating.count,
    ];
    const rows = [row('total', data.total), ...data.queues.map((f) => row('queue', f)), ...data.agents.map((f) => row('agent', f))];
    return sendExport(reply, 'csv', {
      name: `service-desk-${data.from.slice(0, 10)}-${data.to.slice(0, 10)}`,
      header: ['kind', 'name', 'tickets', 'firstResponseMedianMin', 'firstResponseP90Min', 'resolutionMedianMin', 'resolutionP90Min',
        'firstResponseSlaPct', 'firstResponseBreached', 'resolutionSlaPct', 'resolutionBreached', 'ratingAverage', 'ratings'],
      pages: async function* () { yield rows; },
    });
  });
};

export default servicePeriodRoutes;
