import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { Queue, Ticket, User } from '../../db/models/index.js';
import { notFound } from '../../http/errors.js';
import { sendExport, type ExportCell } from '../../sheets/export.js';
import { minutesBetween, rangeOf } from './range.js';

/**
 * Upper bounds (minutes) of the duration buckets the database counts tickets into: the medians and p90s are read
 * from these counts (interpolated within a bucket), so a period of 100 000 tickets costs two grouped scans of an
 * index, never the rows themselves. The error is at most the width of the bucket the percentile falls in.
 */
export const BUCKETS = [1, 2, 3, 5, 10, 15, 20, 30, 45, 60, 90, 120, 180, 240, 360, 480, 720, 1440, 2880, 4320, 10_080, 43_200];

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

const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));

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

interface Tally { tickets: number; fr: number[]; res: number[]; frSettled: number; frBreached: number; resSettled: number; resBreached: number; rated: number; ratingSum: number; r1: number; r2: number; r3: number }
const emptyTally = (): Tally => ({ tickets: 0, fr: Array(BUCKETS.length + 1).fill(0), res: Array(BUCKETS.length + 1).fill(0), frSettled: 0, frBreached: 0, resSettled: 0, resBreached: 0, rated: 0, ratingSum: 0, r1: 0, r2: 0, r3: 0 });

const rate = (settled: number, breached: number) => ({ settled, breached, rate: settled ? Math.round(((settled - breached) / settled) * 1000) / 10 : null });
function figures(id: number, name: string, t: Tally): Figures {
  return {
    id, name, tickets: t.tickets,
    firstResponse: { count: t.fr.reduce((a, b) => a + b, 0), median: quantile(t.fr, 0.5), p90: quantile(t.fr, 0.9) },
    resolution: { count: t.res.reduce((a, b) => a + b, 0), median: quantile(t.res, 0.5), p90: quantile(t.res, 0.9) },
    sla: { firstResponse: rate(t.frSettled, t.frBreached), resolution: rate(t.resSettled, t.resBreached) },
    rating: { count: t.rated, average: t.rated ? Math.round((t.ratingSum / t.rated) * 100) / 100 : null, ones: t.r1, twos: t.r2, threes: t.r3 },
  };
}

/**
 * The supervisor's period figures (issue 30): for the tickets created in the period, first-response and resolution
 * times (median, p90) per queue and agent, SLA compliance (settled targets met), ratings (the spec's 1–3) and volume
 * by hour of day; also as CSV. Two grouped reads on the (companyId, createdAt) index.
 */
const servicePeriodRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const knex = app.knex;
  const mysql = String(knex.client.config.client) === 'mysql2';
  const bucketOf = (minutes: string) => `CASE ${BUCKETS.map((b, i) => `WHEN ${minutes} < ${b} THEN ${i}`).join(' ')} ELSE ${BUCKETS.length} END`;
  const frBucket = `CASE WHEN firstRespondedAt IS NULL THEN NULL ELSE ${bucketOf(minutesBetween(knex, 'createdAt', 'firstRespondedAt'))} END`;
  const resBucket = `CASE WHEN status <> 'closed' OR closedAt IS NULL THEN NULL ELSE ${bucketOf(minutesBetween(knex, 'createdAt', 'closedAt'))} END`;
  // A target is settled once met or missed; a live ticket not yet due counts for neither.
  const frBreach = '(firstResponseBreached = 1 OR firstRespondedAt > firstResponseDueAt)';
  const resBreach = '(resolutionBreached = 1 OR closedAt > resolutionDueAt)';
  const sums = [
    'COUNT(*) AS n',
    `SUM(CASE WHEN firstResponseDueAt IS NOT NULL AND (${frBreach} OR firstRespondedAt IS NOT NULL) THEN 1 ELSE 0 END) AS frSettled`,
    `SUM(CASE WHEN firstResponseDueAt IS NOT NULL AND ${frBreach} THEN 1 ELSE 0 END) AS frBreached`,
    `SUM(CASE WHEN resolutionDueAt IS NOT NULL AND (${resBreach} OR status = 'closed') THEN 1 ELSE 0 END) AS resSettled`,
    `SUM(CASE WHEN resolutionDueAt IS NOT NULL AND ${resBreach} THEN 1 ELSE 0 END) AS resBreached`,
    'SUM(CASE WHEN rating BETWEEN 1 AND 3 THEN 1 ELSE 0 END) AS rated', 'SUM(CASE WHEN rating BETWEEN 1 AND 3 THEN rating ELSE 0 END) AS ratingSum',
    'SUM(CASE WHEN rating = 1 THEN 1 ELSE 0 END) AS r1', 'SUM(CASE WHEN rating = 2 THEN 1 ELSE 0 END) AS r2', 'SUM(CASE WHEN rating = 3 THEN 1 ELSE 0 END) AS r3',
  ];
  const hour = mysql ? 'HOUR(createdAt)' : "CAST(strftime('%H', createdAt) AS INTEGER)";

  async function period(companyId: number, query: typeof PeriodQuery.static) {
    const { from, to } = rangeOf(query);
    const { queueId } = query;
    if (queueId && !(await Queue.scoped(companyId).findById(queueId).select('id'))) throw notFound('ERR_NO_QUEUE_FOUND', 'Queue not found');
    const inPeriod = () => {
      const q = Ticket.scoped(companyId).whereBetween('createdAt', [from, to]);
      if (queueId) q.where('queueId', queueId);
      return q;
    };
    const [groups, hours, queues, users] = await Promise.all([
      inPeriod().groupBy('queueId', 'userId', knex.raw(frBucket), knex.raw(resBucket))
        .select('queueId', 'userId', knex.raw(`${frBucket} AS fr`), knex.raw(`${resBucket} AS res`), ...sums.map((s) => knex.raw(s))),
      inPeriod().groupBy(knex.raw(hour)).select(knex.raw(`${hour} AS h`), knex.raw('COUNT(*) AS n')),
      Queue.scoped(companyId).select('id', 'name').orderBy('name'),
      User.scoped(companyId).select('id', 'name').orderBy('name'),
    ]);
    const total = emptyTally();
    const byQueue = new Map<number, Tally>();
    const byAgent = new Map<number, Tally>();
    for (const r of groups as unknown as Array<Record<string, unknown>>) {
      const targets = [total];
      if (r.queueId) targets.push(byQueue.get(Number(r.queueId)) ?? byQueue.set(Number(r.queueId), emptyTally()).get(Number(r.queueId))!);
      if (r.userId) targets.push(byAgent.get(Number(r.userId)) ?? byAgent.set(Number(r.userId), emptyTally()).get(Number(r.userId))!);
      const n = num(r.n);
      for (const t of targets) {
        t.tickets += n;
        if (r.fr !== null && r.fr !== undefined) t.fr[num(r.fr)] += n;
        if (r.res !== null && r.res !== undefined) t.res[num(r.res)] += n;
        t.frSettled += num(r.frSettled); t.frBreached += num(r.frBreached); t.resSettled += num(r.resSettled); t.resBreached += num(r.resBreached);
        t.rated += num(r.rated); t.ratingSum += num(r.ratingSum); t.r1 += num(r.r1); t.r2 += num(r.r2); t.r3 += num(r.r3);
      }
    }
    const byHour = Array<number>(24).fill(0);
    for (const r of hours as unknown as Array<{ h: unknown; n: unknown }>) byHour[num(r.h) % 24] += num(r.n);
    const iso = (text: string) => `${text.replace(' ', 'T')}Z`;
    return {
      from: iso(from), to: iso(to), total: figures(0, '', total),
      queues: queues.filter((q) => byQueue.has(q.id)).map((q) => figures(q.id, q.name, byQueue.get(q.id)!)),
      agents: users.filter((u) => byAgent.has(u.id)).map((u) => figures(u.id, u.name, byAgent.get(u.id)!)),
      byHour,
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
