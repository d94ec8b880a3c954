import type { FastifyInstance } from 'fastify';
import { Invoice } from '../../db/models/index.js';
import { dbNow } from '../../db/time.js';
import { forgetCallers } from '../../db/caller-cache.js';
import { cents, dueDateAfterPayment } from './terms.js';
import { diff, writeAudit } from '../../audit/record.js';

export type SettleOutcome =
  | { outcome: 'paid'; companyId: number; dueDate: string }
  | { outcome: 'already-paid' | 'underpaid' | 'not-found' };

export interface Settlement {
  invoiceId: number;
  /** The amount the payer paid; below the invoice's value it is not a payment. */
  amount: number;
  /** What confirmed it: a gateway name, or `manual` (the super user). */
  via: string;
}

/**
 * The one way an invoice becomes paid. In a single transaction: the company row is locked, the invoice moves
 * open → paid by a conditional UPDATE (the only gate: a repeated webhook, CONFIRMED then RECEIVED, a webhook
 * racing a manual payment all find it already paid and change nothing), and the company's due date moves one
 * recurrence period. The payment event goes out after the commit, once per transition.
 */
export async function settleInvoice(app: FastifyInstance, settlement: Settlement): Promise<SettleOutcome> {
  const mysql = app.config.database.kind === 'mysql';
  const result = await app.knex.transaction(async (trx): Promise<SettleOutcome> => {
    const invoice = await Invoice.unscoped('a payment names the invoice, not the company').findById(settlement.invoiceId).transacting(trx);
    if (!invoice) return { outcome: 'not-found' };
    if (invoice.status === 'paid') return { outcome: 'already-paid' };
    if (cents(settlement.amount) < cents(invoice.value)) return { outcome: 'underpaid' };
    // Lock the company first: two invoices of one company paid at once must each add their period.
    const companyQuery = trx('companies').where({ id: invoice.companyId }).select('dueDate', 'recurrence');
    const company = await (mysql ? companyQuery.forUpdate() : companyQuery).first();
    const now = dbNow();
    const changed = await trx('invoices').where({ id: invoice.id, status: 'open' }).update({
      status: 'paid', paidAt: now, paidValue: settlement.amount, paidVia: settlement.via, updatedAt: now,
    });
    if (changed !== 1) return { outcome: 'already-paid' };
    const dueDate = dueDateAfterPayment(company?.dueDate, company?.recurrence);
    await trx('companies').where({ id: invoice.companyId }).update({ dueDate, updatedAt: now });
    // Raw writes (no model hook): a staff member's payment (the sandbox's) is logged here, in the same transaction;
    // a gateway's webhook has no staff actor and writes nothing.
    const paid = { status: 'paid', paidAt: now, paidValue: settlement.amount, paidVia: settlement.via };
    await writeAudit(trx, [
      { companyId: invoice.companyId, action: 'update', entity: 'invoices', entityId: invoice.id, changes: diff({ status: invoice.status, paidAt: invoice.paidAt ?? null, paidValue: invoice.paidValue ?? null, paidVia: invoice.paidVia ?? null }, paid, new Set()) },
      { companyId: invoice.companyId, action: 'update', entity: 'companies', entityId: invoice.companyId, changes: diff({ dueDate: company?.dueDate ?? null }, { dueDate }, new Set()) },
    ]);
    return { outcome: 'paid', companyId: invoice.companyId, dueDate };
  });
  if (result.outcome === 'paid') await announcePayment(app, settlement.invoiceId, result.companyId, result.dueDate);
  return result;
}

async function announcePayment(app: FastifyInstance, invoiceId: number, companyId: number, dueDate: string) {
  app.tenancy.invalidate(companyId);
  // The due date moved by a raw UPDATE (no model hook): every process must see it on the company's next request.
  await forgetCallers(companyId);
  const payload = { action: 'CONCLUIDA', invoiceId, company: { id: companyId, dueDate } };
  app.bus.emit(companyId, 'payment', payload);
  app.bus.emit(companyId, 'payment', payload, app.bus.rooms.billing(companyId));
  const invoice = await Invoice.scoped(companyId).findById(invoiceId).catch(() => undefined);
  if (invoice) app.bus.emit(companyId, 'invoice', { action: 'update', invoice: invoiceView(invoice) });
}

/** What a company may see of an invoice (never the gateway's charge id). */
export function invoiceView(invoice: Invoice) {
  return {
    id: invoice.id, companyId: invoice.companyId, detail: invoice.detail, value: invoice.value, dueDate: invoice.dueDate,
    status: invoice.status, paidAt: invoice.paidAt ?? null, createdAt: invoice.createdAt, updatedAt: invoice.updatedAt,
  };
}
