/** Today as YYYY-MM-DD in UTC. */
export const todayIso = () => new Date().toISOString().slice(0, 10);

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * 86_400_000);
}

/**
 * The same day `months` later, clamped to the last day of a shorter month:
 * 2025-01-31 + 1 month = 2025-02-28 (2024-02-29 in a leap year), never 03-03.
 */
export function addMonths(isoDate: string, months: number): string {
  const [y, m, d] = isoDate.slice(0, 10).split('-').map(Number);
  const total = (m - 1) + months;
  const year = y + Math.floor(total / 12);
  const month = ((total % 12) + 12) % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month, Math.min(d, lastDay))).toISOString().slice(0, 10);
}

/** Whole days from today (UTC) to an ISO date; negative when the date has passed. */
export function daysUntil(isoDate: string): number {
  const due = Date.parse(`${isoDate.slice(0, 10)}T00:00:00Z`);
  const today = Date.parse(`${todayIso()}T00:00:00Z`);
  return Math.round((due - today) / 86_400_000);
}
