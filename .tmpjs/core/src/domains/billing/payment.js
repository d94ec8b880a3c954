import { Invoice } from "../../db/models/index.js";
import { dbNow } from "../../db/time.js";
import { forgetCallers } from "../../db/caller-cache.js";
import { cents, dueDateAfterPayment } from "./terms.js";
import { diff, writeAudit } from "../../audit/record.js";
async function settleInvoice(app, settlement) {
  const mysql = app.config.database.kind === "mysql";
  const result = await app.knex.transaction(async (trx) => {
    const invoice = await Invoice.unscoped("a payment names the invoice, not the company").findById(settlement.invoiceId).transacting(trx);
    if (!invoice) return { outcome: "not-found" };
    if (invoice.status === "paid") return { outcome: "already-paid" };
    if (cents(settlement.amount) < cents(invoice.value)) return { outcome: "underpaid" };
    const companyQuery = trx("companies").where({ id: invoice.companyId }).select("dueDate", "recurrence");
    const company = await (mysql ? companyQuery.forUpdate() : companyQuery).first();
    const now = dbNow();
    const changed = await trx("invoices").where({ id: invoice.id, status: "open" }).update({
      status: "paid",
      paidAt: now,
      paidValue: settlement.amount,
      paidVia: settlement.via,
      updatedAt: now
    });
    if (changed !== 1) return { outcome: "already-paid" };
    const dueDate = dueDateAfterPayment(company?.dueDate, company?.recurrence);
    await trx("companies").where({ id: invoice.companyId }).update({ dueDate, updatedAt: now });
    const paid = { status: "paid", paidAt: now, paidValue: settlement.amount, paidVia: settlement.via };
    await writeAudit(trx, [
      { companyId: invoice.companyId, action: "update", entity: "invoices", entityId: invoice.id, changes: diff({ status: invoice.status, paidAt: invoice.paidAt ?? null, paidValue: invoice.paidValue ?? null, paidVia: invoice.paidVia ?? null }, paid, /* @__PURE__ */ new Set()) },
      { companyId: invoice.companyId, action: "update", entity: "companies", entityId: invoice.companyId, changes: diff({ dueDate: company?.dueDate ?? null }, { dueDate }, /* @__PURE__ */ new Set()) }
    ]);
    return { outcome: "paid", companyId: invoice.companyId, dueDate };
  });
  if (result.outcome === "paid") await announcePayment(app, settlement.invoiceId, result.companyId, result.dueDate);
  return result;
}
async function announcePayment(app, invoiceId, companyId, dueDate) {
  app.tenancy.invalidate(companyId);
  await forgetCallers(companyId);
  const payload = { action: "CONCLUIDA", invoiceId, company: { id: companyId, dueDate } };
  app.bus.emit(companyId, "payment", payload);
  app.bus.emit(companyId, "payment", payload, app.bus.rooms.billing(companyId));
  const invoice = await Invoice.scoped(companyId).findById(invoiceId).catch(() => void 0);
  if (invoice) app.bus.emit(companyId, "invoice", { action: "update", invoice: invoiceView(invoice) });
}
function invoiceView(invoice) {
  return {
    id: invoice.id,
    companyId: invoice.companyId,
    detail: invoice.detail,
    value: invoice.value,
    dueDate: invoice.dueDate,
    status: invoice.status,
    paidAt: invoice.paidAt ?? null,
    createdAt: invoice.createdAt,
    updatedAt: invoice.updatedAt
  };
}
export {
  invoiceView,
  settleInvoice
};
