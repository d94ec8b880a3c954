const WEEKDAYS_EN = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];
const minutesOf = (hhmm) => {
  const [h, m] = hhmm.split(":").map(Number);
  return (h || 0) * 60 + (m || 0);
};
function isWithinSchedule(schedules, date = /* @__PURE__ */ new Date()) {
  if (!schedules || schedules.length === 0) return true;
  const day = schedules.find((s) => s.weekdayEn?.toLowerCase() === WEEKDAYS_EN[date.getDay()]);
  if (!day || !day.startTime || !day.endTime) return true;
  const start = minutesOf(day.startTime);
  const end = minutesOf(day.endTime);
  if (start === end) return false;
  const now = date.getHours() * 60 + date.getMinutes();
  return start < end ? now >= start && now < end : now >= start || now < end;
}
export {
  isWithinSchedule
};
