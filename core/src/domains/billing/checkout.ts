import type { FastifyInstance } from 'fastify';
import { Company, Invoice } from '../../db/models/index.js';
import { AppError, badRequest, conflict, notFound } from '../../http/errors.js';
import { formatAmount } from './brcode.js';
import { readBillingConfig } from './config.js';
import { gatewayNamed } from './gateways/index.js';
import { cents } from './terms.js';

/** Address fields of the checkout, kept on the company to fill the next checkout (never card data). */
export interface BillingAddress {
  firstName: string; lastName?: string; address2: string; city: string; state?: string; zipcode: string; country: string;
}

export interface PixReply {
  qrcode: { qrcode: string };
  valor: { original: string };
  invoiceId: number;
  gateway: string;
  expiresAt: string | null;
}

/**
 * A stored charge is reused while it is for this gateway and amount and has a minute of validity left.
 * A static code is simply rebuilt (it is deterministic, and follows a change of the operator's Pix key).
 */
const REUSE_MARGIN_MS = 60_000;

function reusable(invoice: Invoice, gateway: string) {
  return gateway !== 'pix' && invoice.gateway === gateway && !!invoice.chargeId && !!invoice.payload
    && invoice.chargeValue != null && cents(invoice.chargeValue) === cents(invoice.value)
    && (!invoice.chargeExpiresAt || Date.parse(invoice.chargeExpiresAt) > Date.now() + REUSE_MARGIN_MS);
}

const replyOf = (invoice: Invoice): PixReply => ({
  qrcode: { qrcode: invoice.payload! },
  valor: { original: formatAmount(invoice.value) },
  invoiceId: invoice.id,
  gateway: invoice.gateway!,
  expiresAt: invoice.chargeExpiresAt ?? null,
});

/**
 * The charge for one of the company's open invoices. The amount is the invoice's, whatever the request says;
 * a second checkout returns the same charge while it is valid. Two checkouts racing both ask the gateway,
 * but only the first stored charge is kept and both callers get it.
 */
export async function checkout(app: FastifyInstance, companyId: number, invoiceId: number, address: BillingAddress): Promise<PixReply> {
  const invoice = await Invoice.scoped(companyId).findById(invoiceId);
  if (!invoice) throw notFound('ERR_NO_INVOICE_FOUND', 'Invoice not found');
  if (invoice.status === 'paid') throw conflict('ERR_INVOICE_ALREADY_PAID', 'This invoice is already paid');
  const config = await readBillingConfig(app);
  const gateway = gatewayNamed(config.gateway);
  const missing = gateway ? gateway.misconfigured(config) : 'no payment gateway is configured';
  if (!gateway || missing) throw badRequest('ERR_PAYMENT_GATEWAY_NOT_CONFIGURED', `Online payment is not available: ${missing}`);

  const company = await Company.query().findById(companyId);
  if (!company) throw notFound('ERR_NO_COMPANY_FOUND', 'Company not found');
  await company.$query().patch({ billing: { ...(company.billing ?? {}), address } } as Partial<Company>);
  if (reusable(invoice, gateway.name)) return replyOf(invoice);

  const charge = await gateway.createCharge({ invoice, company, config });
  const previous = invoice.chargeId ?? null;
  const stored = await Invoice.scoped(companyId)
    .where({ id: invoice.id, status: 'open' })
    .where((q) => (previous === null ? q.whereNull('chargeId') : q.where('chargeId', previous)).orWhere('gateway', '<>', gateway.name))
    .patch({
      gateway: gateway.name, chargeId: charge.chargeId ?? `static-${invoice.id}`, chargeValue: invoice.value,
      chargeExpiresAt: charge.expiresAt, payload: charge.payload, txid: charge.txid,
    } as Partial<Invoice>);
  const current = await Invoice.scoped(companyId).findById(invoice.id);
  if (!current) throw notFound('ERR_NO_INVOICE_FOUND', 'Invoice not found');
  if (current.status === 'paid') throw conflict('ERR_INVOICE_ALREADY_PAID', 'This invoice is already paid');
  if (!stored) app.log.info({ invoiceId: invoice.id }, 'a concurrent checkout stored its charge first; returning that one');
  if (!current.payload) throw new AppError('ERR_PAYMENT_GATEWAY', 502, 'The charge could not be stored');
  return replyOf(current);
}
