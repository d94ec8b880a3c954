import { RECURRENCES, type Recurrence } from '../types';

/** Months one renewal adds (the Expire button). */
export const RECURRENCE_MONTHS: Record<Recurrence, number> = { MENSAL: 1, BIMESTRAL: 2, TRIMESTRAL: 3, SEMESTRAL: 6, ANUAL: 12 };

const DAY_MS = 86_400_000;
const pad = (n: number) => String(n).padStart(2, '0');
const ymd = (y: number, m0: number, d: number) => `${y}-${pad(m0 + 1)}-${pad(d)}`;

/** YYYY-MM-DD of a real calendar date, else null (an empty or invalid due date is sent as null, core.md §5). */
export function normalizeDueDate(value: string | null | undefined): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value?.trim() ?? '');
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]) - 1, Number(m[3])];
  const date = new Date(Date.UTC(y, mo, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo && date.getUTCDate() === d ? ymd(y, mo, d) : null;
}

/** Whole calendar days from `today` to the due date (negative once past), or null without a valid date. */
export function daysToDue(dueDate: string | null | undefined, today = new Date()): number | null {
  const due = normalizeDueDate(dueDate);
  if (!due) return null;
  const [y, m, d] = due.split('-').map(Number);
  return Math.round((Date.UTC(y, m - 1, d) - Date.UTC(today.getFullYear(), today.getMonth(), today.getDate())) / DAY_MS);
}

export type DueTone = 'yellow' | 'orange' | 'red';

/** Row colour of the company list (core.md §4): exactly 5 days yellow, -3 to 4 orange, exactly -4 red. */
export function dueTone(days: number | null): DueTone | null {
  if (days === null) return null;
  if (days === 5) return 'yellow';
  if (days >= -3 && days <= 4) return 'orange';
  if (days === -4) return 'red';
  return null;
}

export const recurrenceOf = (value: string | null | undefined): Recurrence =>
  (RECURRENCES as readonly string[]).includes(value ?? '') ? (value as Recurrence) : 'MENSAL';

/**
 * The due date one recurrence period later (Expire). The day is kept, or clamped to the month's last day
 * (31/01 + 1 month = 28/02 or 29/02); without a valid due date the period counts from today.
 */
export function nextDueDate(dueDate: string | null | undefined, recurrence: string | null | undefined, today = new Date()): string {
  const base = normalizeDueDate(dueDate) ?? ymd(today.getFullYear(), today.getMonth(), today.getDate());
  const [y, m, d] = base.split('-').map(Number);
  const total = (m - 1) + RECURRENCE_MONTHS[recurrenceOf(recurrence)];
  const year = y + Math.floor(total / 12);
  const month = total % 12;
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return ymd(year, month, Math.min(d, last));
}
