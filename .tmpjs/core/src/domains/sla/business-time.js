const WEEKDAYS_EN = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];
const MAX_DAYS = 400;
const minutesOf = (hhmm) => {
  const [h, m] = hhmm.split(":").map(Number);
  return (h || 0) * 60 + (m || 0);
};
function windowsOf(schedules, weekday) {
  const day = schedules.find((s) => s.weekdayEn?.toLowerCase() === WEEKDAYS_EN[weekday]);
  if (!day || !day.startTime || !day.endTime) return [[0, 1440]];
  const start = minutesOf(day.startTime);
  const end = minutesOf(day.endTime);
  if (start === end) return [];
  return start < end ? [[start, end]] : [[0, end], [start, 1440]];
}
function addOpenMinutes(schedules, from, minutes) {
  const calendar = new Date(from.getTime() + minutes * 6e4);
  if (!schedules?.length) return calendar;
  let remaining = minutes * 6e4;
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
export {
  addOpenMinutes
};
