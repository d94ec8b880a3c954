import type { WeekdaySchedule } from '../db/models/index.js';

const WEEKDAYS_EN = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

const minutesOf = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return (h || 0) * 60 + (m || 0);
};

/**
 * Whether `date` (server local time) falls inside the opening hours of its weekday. No schedule at
 * all means always open; a day with equal start and end (00:00-00:00) is closed all day.
 */
export function isWithinSchedule(schedules: WeekdaySchedule[] | null | undefined, date = new Date()): boolean {
  if (!schedules || schedules.length === 0) return true;
  const day = schedules.find((s) => s.weekdayEn?.toLowerCase() === WEEKDAYS_EN[date.getDay()]);
  if (!day || !day.startTime || !day.endTime) return true;
  const start = minutesOf(day.startTime);
  const end = minutesOf(day.endTime);
  if (start === end) return false;
  const now = date.getHours() * 60 + date.getMinutes();
  return start < end ? now >= start && now < end : now >= start || now < end;
}
