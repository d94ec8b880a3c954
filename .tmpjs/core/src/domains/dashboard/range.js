import { toDbTime } from "../../db/time.js";
import { badRequest } from "../../http/errors.js";
const DAY_MS = 864e5;
function rangeOf(q, now = Date.now()) {
  if (q.days && q.days > 0) return { from: toDbTime(now - q.days * DAY_MS), to: toDbTime(now) };
  if (q.date_from || q.date_to) return dayRange(q.date_from ?? q.date_to, q.date_to ?? q.date_from);
  return { from: toDbTime(now - 30 * DAY_MS), to: toDbTime(now) };
}
function dayRange(fromDay, toDay) {
  const range = { from: `${fromDay} 00:00:00.000`, to: `${toDay} 23:59:59.999` };
  if (range.from > range.to) throw badRequest("ERR_INVALID_DATE_RANGE", "The start date is after the end date");
  return range;
}
function minutesBetween(knex, a, b) {
  const mysql = String(knex.client.config.client) === "mysql2";
  return mysql ? `TIMESTAMPDIFF(MICROSECOND, ${a}, ${b}) / 60000000` : `(julianday(${b}) - julianday(${a})) * 1440`;
}
export {
  dayRange,
  minutesBetween,
  rangeOf
};
