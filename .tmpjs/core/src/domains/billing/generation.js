import { Company, Invoice } from "../../db/models/index.js";
import { isUniqueViolation } from "../../db/errors.js";
import { addDays, todayIso } from "../../util/dates.js";
import { GENERATION_WINDOW_DAYS, invoiceValue } from "./terms.js";
import { invoiceView } from "./payment.js";
const GENERATE_JOB = "billing.generateInvoices";
const GENERATE_EVERY_MS = 60 * 60 * 1e3;
function companiesDue(today) {
  const horizon = addDays(/* @__PURE__ */ new Date(`${today}T00:00:00Z`), GENERATION_WINDOW_DAYS).toISOString().slice(0, 10);
  return Company.query().withGraphFetched("plan").where("status", 1).whereNotNull("dueDate").where("dueDate", "<=", horizon).whereNotNull("planId");
}
async function billDueDate(app, company) {
  if (!company.plan || !company.dueDate || company.plan.value <= 0) return void 0;
  try {
    const invoice = await Invoice.scoped(company.id).insertAndFetch({
      detail: company.plan.name,
      value: invoiceValue(company.plan.value, company.recurrence),
      dueDate: company.dueDate,
      cycleDueDate: company.dueDate,
      status: "open"
    });
    app.bus.emit(company.id, "invoice", { action: "create", invoice: invoiceView(invoice) });
    return invoice;
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    return void 0;
  }
}
async function generateInvoices(app, today = todayIso()) {
  const created = [];
  for (const company of await companiesDue(today)) {
    const invoice = await billDueDate(app, company);
    if (invoice) created.push(invoice);
  }
  return created;
}
async function billCompanyNow(app, companyId, today = todayIso()) {
  try {
    const company = await companiesDue(today).findById(companyId);
    return company ? await billDueDate(app, company) : void 0;
  } catch (err) {
    app.log.warn({ err, companyId }, "invoice not generated at once: the hourly run will");
    return void 0;
  }
}
const hourStamp = (at) => new Date(at).toISOString().slice(0, 13).replace(/\D/g, "");
async function scheduleGeneration(app, from = Date.now()) {
  const runAt = Math.floor(from / GENERATE_EVERY_MS) * GENERATE_EVERY_MS + GENERATE_EVERY_MS;
  await app.jobs.enqueue(GENERATE_JOB, {}, { runAt: new Date(runAt), jobId: `invoices-${hourStamp(runAt)}` });
}
async function generateOnStart(app) {
  await app.jobs.enqueue(GENERATE_JOB, {}, { jobId: `invoices-start-${hourStamp(Date.now())}` });
}
function defineGenerationJob(app) {
  app.jobs.define(GENERATE_JOB, async () => {
    try {
      const created = await generateInvoices(app);
      if (created.length) app.log.info({ count: created.length }, "invoices generated");
    } finally {
      await scheduleGeneration(app);
    }
  }, { concurrency: 1 });
}
export {
  GENERATE_EVERY_MS,
  GENERATE_JOB,
  billCompanyNow,
  defineGenerationJob,
  generateInvoices,
  generateOnStart,
  scheduleGeneration
};
