import type { WeekdaySchedule } from '../../db/models/index.js';

const WEEKDAYS_EN = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
/** How far ahead a due time is looked for before giving up on the hours (a year and a bit). */
const MAX_DAYS = 400;

const minutesOf = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return (h || 0) * 60 + (m || 0);
};

/**
 * A weekday's open windows in minutes of the day, read as messaging/hours.ts reads them (server local time): a day
 * missing or without times is open all day, equal start and end is closed, an end before the start runs overnight.
 */
function windowsOf(schedules: WeekdaySchedule[], weekday: number): Array<[number, number]> {
  const day = schedules.find((s) => s.weekdayEn?.toLowerCase() === WEEKDAYS_EN[weekday]);
  if (!day || !day.startTime || !day.endTime) return [[0, 1440]];
  const start = minutesOf(day.startTime);
  const end = minutesOf(day.endTime);
  if (start === end) return [];
  return start < end ? [[start, end]] : [[0, end], [start, 1440]];
}

/**
 * The moment `minutes` of opening hours after `from`: time outside the hours does not count (a ticket arriving at
 * night is due that many minutes after opening). Without schedules, or when the hours never open, calendar time.
 */
export function addOpenMinutes(schedules: WeekdaySchedule[] | null | undefined, from: Date, minutes: number): Date {
  const calendar = new Date(from.getTime() + minutes * 60_000);
  if (!schedules?.length) return calendar;
  let remaining = minutes * 60_000;
  let cursor = from.getTime();
  for (let day = 0; day < MAX_DAYS; day++) {
    const at = new Date(cursor);
    const [y, m, d] = [at.getFullYear(), at.getMonth(), at.getDate()];
    for (const [start, end] of windowsOf(schedules, at.getDay())) {
      const windowStart = new Date(y, m, d, 0, start).getTime();
      const windowEnd = new Date(y, m, d, 0, end).getTime();
      const begin = Math.max(windowStart, cursor);
      if (begin >= windowEnd) continue;
      if (remaining <= windowEnd - begin) return new Date(begin + remaining);
      remaining -= windowEnd - begin;
    }
    cursor = new Date(y, m, d + 1).getTime();
  }
  return calendar;
}
