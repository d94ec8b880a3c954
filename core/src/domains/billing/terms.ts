import { addMonths, todayIso } from '../../util/dates.js';

/** Months a recurrence covers (core §3/§4: MENSAL in the form; renewal also knows the others). */
export const RECURRENCE_MONTHS: Record<string, number> = { MENSAL: 1, BIMESTRAL: 2, TRIMESTRAL: 3, SEMESTRAL: 6, ANUAL: 12 };

/** An unknown or empty recurrence bills monthly, as a new company does. */
export const monthsOf = (recurrence: string | null | undefined) => RECURRENCE_MONTHS[recurrence ?? ''] ?? 1;

/** Invoices are generated this many days before the due date they bill. */
export const GENERATION_WINDOW_DAYS = 10;

/** The invoice of one period: the plan's monthly value times the months the recurrence covers, in cents-exact BRL. */
export function invoiceValue(planValue: number, recurrence: string | null | undefined): number {
  return Math.round(planValue * 100 * monthsOf(recurrence)) / 100;
}

/**
 * The company's due date after a payment: one recurrence period later, counted from the current due date,
 * or from today when that date has already passed (an expired company pays for a full period from now,
 * not for the days it was locked out). Month ends clamp (Jan 31 + 1 month = Feb 28/29).
 */
export function dueDateAfterPayment(current: string | null | undefined, recurrence: string | null | undefined, today = todayIso()): string {
  const base = current && current >= today ? current : today;
  return addMonths(base, monthsOf(recurrence));
}

/** Values compared in cents: floating point must never decide whether a payment covers an invoice. */
export const cents = (value: number | string) => Math.round(Number(value) * 100);
