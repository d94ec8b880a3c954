import { Type, type Static } from '@sinclair/typebox';
import type { WeekdaySchedule } from '../../db/models/index.js';
import { WEEKDAYS } from '../../seed.js';

/**
 * Opening hours as the family's clients send them (docs/decisions.md, "Opening hours forms"): the spec's
 * weekday array, or an object of the same entries keyed by weekday (`{ monday: {startTime, endTime} }`)
 * or by position (`{ "0": {...} }`, an array a form library turned into an object). `{}` is the hours tab
 * never opened: no hours given, so a new queue gets the defaults and a save keeps what is stored.
 */
const HHMM = Type.String({ pattern: '^([01]\\d|2[0-3]):[0-5]\\d$' });
const Weekday = Type.String({ minLength: 1, maxLength: 30 });
const WeekdayEn = Type.String({ minLength: 1, maxLength: 20 });
/** The spec's entry; keyed by weekday, an entry may leave its names to its key. */
const Listed = Type.Object({ weekday: Weekday, weekdayEn: WeekdayEn, startTime: HHMM, endTime: HHMM });
const Entry = Type.Object({ weekday: Type.Optional(Weekday), weekdayEn: Type.Optional(WeekdayEn), startTime: HHMM, endTime: HHMM });
/**
 * The family's two-shift entry (issue 43): a morning shift A and an afternoon shift B, '' for a shift not worked.
 * We keep one interval a day (the spec's form): from A's start to B's end (A's when B is not worked); a day with
 * neither is closed (00:00–00:00). The break between the shifts is not kept (docs/compatibility.md).
 */
const ShiftTime = Type.Union([HHMM, Type.Literal('')]);
const Shifts = Type.Object({
  weekday: Type.Optional(Weekday), weekdayEn: Type.Optional(WeekdayEn),
  startTimeA: ShiftTime, endTimeA: ShiftTime, startTimeB: Type.Optional(ShiftTime), endTimeB: Type.Optional(ShiftTime),
});
const Keyed = Type.Record(Type.String({ maxLength: 20 }), Type.Union([Entry, Shifts]), { maxProperties: 7 });

export const OpeningHoursInput = Type.Union([Type.Array(Type.Union([Listed, Shifts]), { maxItems: 7 }), Keyed]);
export type OpeningHoursInput = Static<typeof OpeningHoursInput>;
type AnyEntry = Static<typeof Entry> | Static<typeof Shifts>;

/** The weekday an entry is for: its own `weekdayEn`, else its key (a weekday name or a position 0–6). */
function weekdayOf(entry: AnyEntry, key: string | undefined) {
  const day = WEEKDAYS.find((d) => d.weekdayEn === (entry.weekdayEn ?? key)) ?? (key !== undefined && /^[0-6]$/.test(key) ? WEEKDAYS[Number(key)] : undefined);
  return { weekday: entry.weekday ?? day?.weekday ?? entry.weekdayEn ?? key ?? '', weekdayEn: entry.weekdayEn ?? day?.weekdayEn ?? key ?? '' };
}

/** The one interval an entry stands for (a two-shift entry: first start to last end). */
function intervalOf(entry: AnyEntry): { startTime: string; endTime: string } {
  if ('startTime' in entry) return { startTime: entry.startTime, endTime: entry.endTime };
  const starts = [entry.startTimeA, entry.startTimeB].filter((v): v is string => !!v);
  const ends = [entry.endTimeA, entry.endTimeB].filter((v): v is string => !!v);
  if (!starts.length || !ends.length) return { startTime: '00:00', endTime: '00:00' };
  return { startTime: starts[0], endTime: ends[ends.length - 1] };
}

/** The weekday array the database keeps, or undefined when no hours were given (absent or `{}`). */
export function openingHours(input: OpeningHoursInput | undefined): WeekdaySchedule[] | undefined {
  if (!input) return undefined;
  const entries: Array<readonly [string | undefined, AnyEntry]> = Array.isArray(input) ? input.map((e, i) => [String(i), e] as const) : Object.entries(input);
  if (!Array.isArray(input) && entries.length === 0) return undefined;
  return entries.map(([key, e]) => ({ ...weekdayOf(e, key), ...intervalOf(e) }));
}
