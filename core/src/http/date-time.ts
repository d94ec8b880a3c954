import { Type } from '@sinclair/typebox';
import { badRequest } from './errors.js';

/**
 * A date-time as clients send it (docs/decisions.md, "Date-times without a zone"): ISO 8601 with a zone,
 * or the family's forms without one, `YYYY-MM-DDTHH:mm` (schedules) and `YYYY-MM-DD HH:mm:ss` (campaigns).
 * A time without a zone is the company's local time: the server's zone, the one opening hours are read in.
 */
const LOCAL = /^(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])[T ]([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(?:\.(\d{1,3}))?)?$/;

export const ClientDateTime = Type.Union([
  Type.String({ format: 'date-time' }),
  Type.String({ pattern: LOCAL.source, maxLength: 23 }),
]);

/** The instant a ClientDateTime names (a zone-less one read in the server's zone); a day the month lacks is refused. */
export function clientDateTime(text: string, field = 'body'): Date {
  const local = LOCAL.exec(text);
  if (!local) return new Date(text);
  const [y, mo, d, h, mi, s] = local.slice(1, 7).map((part) => Number(part ?? 0));
  const date = new Date(y, mo - 1, d, h, mi, s, Number((local[7] ?? '0').padEnd(3, '0')));
  if (date.getDate() !== d) throw badRequest('ERR_VALIDATION', `${field} is not a date`, { field });
  return date;
}
