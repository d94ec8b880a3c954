import { addMonths, todayIso } from "../../util/dates.js";
const RECURRENCE_MONTHS = { MENSAL: 1, BIMESTRAL: 2, TRIMESTRAL: 3, SEMESTRAL: 6, ANUAL: 12 };
const monthsOf = (recurrence) => RECURRENCE_MONTHS[recurrence ?? ""] ?? 1;
const GENERATION_WINDOW_DAYS = 10;
function invoiceValue(planValue, recurrence) {
  return Math.round(planValue * 100 * monthsOf(recurrence)) / 100;
}
function dueDateAfterPayment(current, recurrence, today = todayIso()) {
  const base = current && current >= today ? current : today;
  return addMonths(base, monthsOf(recurrence));
}
const cents = (value) => Math.round(Number(value) * 100);
export {
  GENERATION_WINDOW_DAYS,
  RECURRENCE_MONTHS,
  cents,
  dueDateAfterPayment,
  invoiceValue,
  monthsOf
};
