import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { Ticket } from '../../db/models/index.js';
import { toDbTime } from '../../db/time.js';
import { minutesBetween, type Range } from './range.js';

/**
 * Upper bounds (minutes) of the duration buckets tickets are counted into: the medians and p90s are read from
 * these counts (interpolated within a bucket), so the error is at most the width of the bucket the percentile
 * falls in. The daily rollup keeps one column per bucket (migration 136): changing them needs a migration.
 */
export const BUCKETS = [1, 2, 3, 5, 10, 15, 20, 30, 45, 60, 90, 120, 180, 240, 360, 480, 720, 1440, 2880, 4320, 10_080, 43_200];

const slots = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);
export const FR = slots('fr', BUCKETS.length + 1);
export const RES = slots('res', BUCKETS.length + 1);
export const HOURS = slots('h', 24);
const SUMS = ['frSettled', 'frBreached', 'resSettled', 'resBreached', 'rated', 'ratingSum', 'r1', 'r2', 'r3'];
/** Every figure a cell (a day, queue and agent's tickets) carries: what the rollup stores and the read adds up. */
export const COLUMNS = ['n', ...SUMS, ...FR, ...RES, ...HOURS];

export type Counts = Record<string, number>;
export interface Cell { day: string; queueId: number | null; userId: number | null; counts: Counts }

export const emptyCounts = (): Counts => Object.fromEntries(COLUMNS.map((c) => [c, 0]));
export function addCounts(to: Counts, from: Counts) {
  for (const c of COLUMNS) to[c] += from[c];
}

const DAY_MS = 86_400_000;
const shiftDay = (day: string, by: number) => new Date(Date.parse(`${day}T00:00:00Z`) + by * DAY_MS).toISOString().slice(0, 10);
const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
const idOf = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/**
 * The period figures' cells, from the daily rollup for the whole UTC days of the period before today and from the
 * tickets themselves for the rest (today, and the partial days at the edges of a `days` period). A day the rollup
 * lacks (never built, or forgotten by the tickets' triggers when one of its tickets changed) is rebuilt first.
 * docs/decisions.md "Period figures from a daily rollup".
 */
export function serviceFigures(knex: Knex) {
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
  const day = 'SUBSTR(createdAt, 1, 10)';

  /**
   * The cells of the tickets created in [from, to] (inclusive), read from the tickets: two grouped reads of an index
   * range. `forBuild` on MariaDB reads under shared locks: a writer's change still uncommitted (whose trigger found no
   * mark to delete, READ COMMITTED takes no gap lock) is waited for rather than missed.
   */
  async function scan(companyId: number, from: string, to: string, queueId?: number, forBuild = false): Promise<Cell[]> {
    const created = () => {
      const q = Ticket.scoped(companyId).whereBetween('createdAt', [from, to]);
      if (queueId) q.where('queueId', queueId);
      if (forBuild && mysql) q.forShare();
      return q;
    };
    const [groups, hours] = await Promise.all([
      created().groupBy('queueId', 'userId', knex.raw(day), knex.raw(frBucket), knex.raw(resBucket))
        .select(knex.raw(`${day} AS day`), 'queueId', 'userId', knex.raw(`${frBucket} AS fr`), knex.raw(`${resBucket} AS res`), ...sums.map((s) => knex.raw(s))),
      created().groupBy('queueId', 'userId', knex.raw(day), knex.raw(hour))
        .select(knex.raw(`${day} AS day`), 'queueId', 'userId', knex.raw(`${hour} AS h`), knex.raw('COUNT(*) AS n')),
    ]);
    const cells = new Map<string, Cell>();
    const cellOf = (r: Record<string, unknown>) => {
      const key = `${String(r.day)}|${String(r.queueId)}|${String(r.userId)}`;
      let cell = cells.get(key);
      if (!cell) cells.set(key, cell = { day: String(r.day), queueId: idOf(r.queueId), userId: idOf(r.userId), counts: emptyCounts() });
      return cell.counts;
    };
    for (const r of groups as unknown as Array<Record<string, unknown>>) {
      const counts = cellOf(r);
      const n = num(r.n);
      counts.n += n;
      if (r.fr !== null && r.fr !== undefined) counts[FR[num(r.fr)]] += n;
      if (r.res !== null && r.res !== undefined) counts[RES[num(r.res)]] += n;
      for (const s of SUMS) counts[s] += num(r[s]);
    }
    for (const r of hours as unknown as Array<Record<string, unknown>>) cellOf(r)[HOURS[num(r.h) % 24]] += num(r.n);
    return [...cells.values()];
  }

  /**
   * Rebuilds the rollup of `days` from the tickets. The days are marked (not ready) under a token first, so a ticket
   * change committed during the build deletes that mark and the build does not claim the day; a change committed
   * before the mark is seen by the read (SQLite: the mark waits for the single writer; MariaDB: the read's shared locks).
   */
  async function rebuild(companyId: number, days: string[]) {
    const token = randomUUID();
    await knex('serviceFigureDays').insert(days.map((d) => ({ companyId, day: d, token, ready: 0 }))).onConflict(['companyId', 'day']).merge(['token', 'ready']);
    const wanted = new Set(days);
    const cells = (await scan(companyId, `${days[0]} 00:00:00.000`, `${days[days.length - 1]} 23:59:59.999`, undefined, true)).filter((c) => wanted.has(c.day));
    await knex.transaction(async (trx) => {
      await trx('serviceFigures').where('companyId', companyId).whereIn('day', days).delete();
      const rows = cells.map((c) => ({ companyId, day: c.day, queueId: c.queueId, userId: c.userId, ...c.counts }));
      if (rows.length) await trx.batchInsert('serviceFigures', rows, 100).transacting(trx);
      await trx('serviceFigureDays').where({ companyId, token }).whereIn('day', days).update({ ready: 1 });
    });
  }

  /** The rollup's cells of the days first..last, one per queue and agent. */
  async function stored(companyId: number, first: string, last: string, queueId?: number): Promise<Cell[]> {
    const q = knex('serviceFigures').where('companyId', companyId).whereBetween('day', [first, last]);
    if (queueId) q.where('queueId', queueId);
    const rows = await q.groupBy('queueId', 'userId').select('queueId', 'userId', ...COLUMNS.map((c) => knex.raw('SUM(??) AS ??', [c, c]))) as Array<Record<string, unknown>>;
    return rows.map((r) => ({ day: '', queueId: idOf(r.queueId), userId: idOf(r.userId), counts: Object.fromEntries(COLUMNS.map((c) => [c, num(r[c])])) }));
  }

  /** The cells of the tickets created in `range` (database time text), narrowed to a queue when given. */
  async function cells(companyId: number, { from, to }: Range, queueId?: number, now = Date.now()): Promise<Cell[]> {
    const yesterday = shiftDay(toDbTime(now).slice(0, 10), -1);
    const first = from.endsWith(' 00:00:00.000') ? from.slice(0, 10) : shiftDay(from.slice(0, 10), 1);
    let last = to.endsWith(' 23:59:59.999') ? to.slice(0, 10) : shiftDay(to.slice(0, 10), -1);
    if (last > yesterday) last = yesterday;
    if (first > last) return scan(companyId, from, to, queueId);

    const start = `${first} 00:00:00.000`;
    const end = `${last} 23:59:59.999`;
    // The live edges do not depend on the rollup: read alongside its check (and build).
    const edges = Promise.all([
      from < start ? scan(companyId, from, `${shiftDay(first, -1)} 23:59:59.999`, queueId) : [],
      to > end ? scan(companyId, `${shiftDay(last, 1)} 00:00:00.000`, to, queueId) : [],
    ]);
    edges.catch(() => undefined); // awaited below: an early failure must not count as unhandled meanwhile
    const days: string[] = [];
    for (let d = first; d <= last; d = shiftDay(d, 1)) days.push(d);
    const ready = new Set((await knex('serviceFigureDays').where({ companyId, ready: 1 }).whereBetween('day', [first, last]).select('day'))
      .map((r: { day: string }) => r.day));
    const missing = days.filter((d) => !ready.has(d));
    if (missing.length) await rebuild(companyId, missing);
    const [body, [head, tail]] = await Promise.all([stored(companyId, first, last, queueId), edges]);
    return [...head, ...body, ...tail];
  }

  return { cells, scan };
}
