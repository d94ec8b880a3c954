import t from "tap";
import { addOpenMinutes } from "../../src/domains/sla/business-time.js";
import { defaultSchedules } from "../../src/seed.js";
const WEEK = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];
const every = (startTime, endTime) => WEEK.map((weekdayEn) => ({ weekday: weekdayEn, weekdayEn, startTime, endTime }));
const local = (day, h, m = 0) => new Date(2026, 10, day, h, m);
t.test("without hours, calendar time", async (t2) => {
  t2.same(addOpenMinutes(null, local(27, 17, 50), 30), local(27, 18, 20));
  t2.same(addOpenMinutes([], local(27, 23, 50), 30), local(28, 0, 20));
});
t.test("the spec's default hours: time outside them does not count", async (t2) => {
  const hours = defaultSchedules();
  t2.same(addOpenMinutes(hours, local(27, 10, 0), 30), local(27, 10, 30), "inside the day: as the clock goes");
  t2.same(addOpenMinutes(hours, local(27, 17, 50), 30), local(28, 8, 20), "Friday evening runs on into Saturday morning");
  t2.same(addOpenMinutes(hours, local(28, 11, 0), 120), local(30, 9, 0), "Saturday closes at noon, Sunday is closed: Monday");
  t2.same(addOpenMinutes(hours, local(29, 3, 0), 60), local(30, 9, 0), "arriving on a closed day: counted from the opening");
  t2.same(addOpenMinutes(hours, local(27, 6, 0), 10 * 60), local(27, 18, 0), "a whole day's target ends at closing");
});
t.test("overnight hours and hours that never open", async (t2) => {
  t2.same(addOpenMinutes(every("22:00", "02:00"), local(27, 1, 30), 60), local(27, 22, 30), "half an hour before two, the rest from ten at night");
  t2.same(addOpenMinutes(every("00:00", "00:00"), local(27, 9, 0), 45), local(27, 9, 45), "never open: calendar time rather than never due");
});
