import { Company, Invoice, Plan } from "../../src/db/models/index.js";
import { addDays } from "../../src/util/dates.js";
const isoDay = (offsetDays) => addDays(/* @__PURE__ */ new Date(), offsetDays).toISOString().slice(0, 10);
async function configureBilling(ctx, values) {
  for (const [key, value] of Object.entries(values)) {
    const res = await ctx.request("PUT", `/api/settings/${key}`, { token: ctx.token, body: { value } });
    if (res.status !== 200) throw new Error(`setting ${key}: ${res.status} ${JSON.stringify(res.body)}`);
  }
}
async function payingTenant(ctx, name, opts) {
  const tenant = await ctx.createTenant(name);
  await Plan.query().findById(tenant.planId).patch({ value: opts.value ?? 149.9 });
  await Company.query().findById(tenant.companyId).patch({ dueDate: opts.dueDate, recurrence: opts.recurrence ?? "MENSAL" });
  ctx.app.tenancy.invalidate(tenant.companyId);
  return tenant;
}
async function openInvoice(companyId, value = 149.9, dueDate = isoDay(5)) {
  return Invoice.scoped(companyId).insertAndFetch({ detail: "Plan", value, dueDate, cycleDueDate: dueDate, status: "open" });
}
const dueDateOf = async (companyId) => (await Company.query().findById(companyId)).dueDate;
const CHECKOUT = {
  firstName: "Maria",
  lastName: "Silva",
  address2: "Rua A, 10",
  city: "S\xE3o Paulo",
  state: "SP",
  zipcode: "01000-000",
  country: "BR",
  useAddressForPaymentDetails: true
};
function capturePayments(ctx) {
  const events = [];
  const emit = ctx.app.bus.emit;
  ctx.app.bus.emit = (companyId, event, payload, room) => {
    if (event === "payment") events.push({ companyId, payload, room });
    return emit.call(ctx.app.bus, companyId, event, payload, room);
  };
  return events;
}
export {
  CHECKOUT,
  capturePayments,
  configureBilling,
  dueDateOf,
  isoDay,
  openInvoice,
  payingTenant
};
