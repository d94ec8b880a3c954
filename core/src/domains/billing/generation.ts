import type { FastifyInstance } from 'fastify';
import { defineHourlyJob } from '../../jobs/hourly.js';
import { Company, Invoice } from '../../db/models/index.js';
import { isUniqueViolation } from '../../db/errors.js';
import { addDays, todayIso } from '../../util/dates.js';
import { GENERATION_WINDOW_DAYS, invoiceValue } from './terms.js';
import { invoiceView } from './payment.js';

export const GENERATE_JOB = 'billing.generateInvoices';

/** Active companies on a plan whose due date falls within the window (today .. today + 10 days, or already past). */
function companiesDue(today: string) {
  const horizon = addDays(new Date(`${today}T00:00:00Z`), GENERATION_WINDOW_DAYS).toISOString().slice(0, 10);
  return Company.query().withGraphFetched('plan')
    .where('status', 1).whereNotNull('dueDate').where('dueDate', '<=', horizon).whereNotNull('planId');
}

/** The open invoice of the company's due date, unless its plan is free or that date is billed already. */
async function billDueDate(app: FastifyInstance, company: Company): Promise<Invoice | undefined> {
  if (!company.plan || !company.dueDate || company.plan.value <= 0) return undefined;
  try {
    const invoice = await Invoice.scoped(company.id).insertAndFetch({
      detail: company.plan.name, value: invoiceValue(company.plan.value, company.recurrence), dueDate: company.dueDate,
      cycleDueDate: company.dueDate, status: 'open',
    } as Partial<Invoice>);
    app.bus.emit(company.id, 'invoice', { action: 'create', invoice: invoiceView(invoice) });
    return invoice;
  } catch (err) {
    if (!isUniqueViolation(err)) throw err; // already billed, by this or another process
    return undefined;
  }
}

/**
 * One open invoice per company and due date, for every active company whose due date falls within the
 * window (today .. today + 10 days, or already past and never billed). Priced from the plan and recurrence
 * at generation time; a later plan change does not re-price it (the checkout charges the invoice's value).
 * The unique (companyId, cycleDueDate) key makes a concurrent or repeated run a no-op, not a duplicate.
 */
export async function generateInvoices(app: FastifyInstance, today = todayIso()): Promise<Invoice[]> {
  const created: Invoice[] = [];
  for (const company of await companiesDue(today)) {
    const invoice = await billDueDate(app, company);
    if (invoice) created.push(invoice);
  }
  return created;
}

/**
 * One company's invoice at once, when its due date has just entered the window by sign-up, a change by the
 * super user or expiry (issue 32: it could not pay until the next hourly run). Never fails its caller: the
 * hourly run catches up on what this could not do.
 */
export async function billCompanyNow(app: FastifyInstance, companyId: number, today = todayIso()): Promise<Invoice | undefined> {
  try {
    const company = await companiesDue(today).findById(companyId);
    return company ? await billDueDate(app, company) : undefined;
  } catch (err) {
    app.log.warn({ err, companyId }, 'invoice not generated at once: the hourly run will');
    return undefined;
  }
}

/** The hourly run (a catch-up run at start and after the job queue came back empty: jobs/hourly.ts). */
export function defineGenerationJob(app: FastifyInstance) {
  defineHourlyJob(app, GENERATE_JOB, 'invoices', async () => {
    const created = await generateInvoices(app);
    if (created.length) app.log.info({ count: created.length }, 'invoices generated');
  });
}
