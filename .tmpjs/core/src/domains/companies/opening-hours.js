import { Type } from "@sinclair/typebox";
import { WEEKDAYS } from "../../seed.js";
const HHMM = Type.String({ pattern: "^([01]\\d|2[0-3]):[0-5]\\d$" });
const Weekday = Type.String({ minLength: 1, maxLength: 30 });
const WeekdayEn = Type.String({ minLength: 1, maxLength: 20 });
const Listed = Type.Object({ weekday: Weekday, weekdayEn: WeekdayEn, startTime: HHMM, endTime: HHMM });
const Entry = Type.Object({ weekday: Type.Optional(Weekday), weekdayEn: Type.Optional(WeekdayEn), startTime: HHMM, endTime: HHMM });
const ShiftTime = Type.Union([HHMM, Type.Literal("")]);
const Shifts = Type.Object({
  weekday: Type.Optional(Weekday),
  weekdayEn: Type.Optional(WeekdayEn),
  startTimeA: ShiftTime,
  endTimeA: ShiftTime,
  startTimeB: Type.Optional(ShiftTime),
  endTimeB: Type.Optional(ShiftTime)
});
const Keyed = Type.Record(Type.String({ maxLength: 20 }), Type.Union([Entry, Shifts]), { maxProperties: 7 });
const OpeningHoursInput = Type.Union([Type.Array(Type.Union([Listed, Shifts]), { maxItems: 7 }), Keyed]);
function weekdayOf(entry, key) {
  const day = WEEKDAYS.find((d) => d.weekdayEn === (entry.weekdayEn ?? key)) ?? (key !== void 0 && /^[0-6]$/.test(key) ? WEEKDAYS[Number(key)] : void 0);
  return { weekday: entry.weekday ?? day?.weekday ?? entry.weekdayEn ?? key ?? "", weekdayEn: entry.weekdayEn ?? day?.weekdayEn ?? key ?? "" };
}
function intervalOf(entry) {
  if ("startTime" in entry) return { startTime: entry.startTime, endTime: entry.endTime };
  const starts = [entry.startTimeA, entry.startTimeB].filter((v) => !!v);
  const ends = [entry.endTimeA, entry.endTimeB].filter((v) => !!v);
  if (!starts.length || !ends.length) return { startTime: "00:00", endTime: "00:00" };
  return { startTime: starts[0], endTime: ends[ends.length - 1] };
}
function openingHours(input) {
  if (!input) return void 0;
  const entries = Array.isArray(input) ? input.map((e, i) => [String(i), e]) : Object.entries(input);
  if (!Array.isArray(input) && entries.length === 0) return void 0;
  return entries.map(([key, e]) => ({ ...weekdayOf(e, key), ...intervalOf(e) }));
}
export {
  OpeningHoursInput,
  openingHours
};
