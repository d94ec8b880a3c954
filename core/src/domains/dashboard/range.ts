import type { Knex } from 'knex';
import { toDbTime } from '../../db/time.js';
import { badRequest } from '../../http/errors.js';

export interface Range { from: string; to: string }

const DAY_MS = 86_400_000;

/**
 * The period a dashboard query covers, as database time text: `days` back from now, or the days
 * date_from..date_to (inclusive, UTC), or the last 30 days when neither is given.
 */
export function rangeOf(q: { days?: number; date_from?: string; date_to?: string }, now = Date.now()): Range {
  if (q.days && q.days > 0) return { from: toDbTime(now - q.days * DAY_MS), to: toDbTime(now) };
  if (q.date_from || q.date_to) return dayRange(q.date_from ?? q.date_to!, q.date_to ?? q.date_from!);
  return { from: toDbTime(now - 30 * DAY_MS), to: toDbTime(now) };
}

export function dayRange(fromDay: string, toDay: string): Range {
  const range = { from: `${fromDay} 00:00:00.000`, to: `${toDay} 23:59:59.999` };
  if (range.from > range.to) throw badRequest('ERR_INVALID_DATE_RANGE', 'The start date is after the end date');
  return range;
}

/** Minutes from `a` to `b` (both time-text columns), in the dialect of the connection. */
export function minutesBetween(knex: Knex, a: string, b: string): string {
  const mysql = String(knex.client.config.client) === 'mysql2';
  return mysql ? `TIMESTAMPDIFF(MICROSECOND, ${a}, ${b}) / 60000000` : `(julianday(${b}) - julianday(${a})) * 1440`;
}
