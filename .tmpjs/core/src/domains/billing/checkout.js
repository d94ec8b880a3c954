import { Company, Invoice } from "../../db/models/index.js";
import { AppError, badRequest, conflict, notFound } from "../../http/errors.js";
import { formatAmount } from "./brcode.js";
import { readBillingConfig } from "./config.js";
import { gatewayNamed } from "./gateways/index.js";
import { cents } from "./terms.js";
const REUSE_MARGIN_MS = 6e4;
function reusable(invoice, gateway) {
  return gateway !== "pix" && invoice.gateway === gateway && !!invoice.chargeId && !!invoice.payload && invoice.chargeValue != null && cents(invoice.chargeValue) === cents(invoice.value) && (!invoice.chargeExpiresAt || Date.parse(invoice.chargeExpiresAt) > Date.now() + REUSE_MARGIN_MS);
}
const replyOf = (invoice) => ({
  qrcode: { qrcode: invoice.payload },
  valor: { original: formatAmount(invoice.value) },
  invoiceId: invoice.id,
  gateway: invoice.gateway,
  expiresAt: invoice.chargeExpiresAt ?? null
});
async function checkout(app, companyId, invoiceId, address) {
  const invoice = await Invoice.scoped(companyId).findById(invoiceId);
  if (!invoice) throw notFound("ERR_NO_INVOICE_FOUND", "Invoice not found");
  if (invoice.status === "paid") throw conflict("ERR_INVOICE_ALREADY_PAID", "This invoice is already paid");
  const config = await readBillingConfig(app);
  const gateway = gatewayNamed(config.gateway);
  const missing = gateway ? gateway.misconfigured(config) : "no payment gateway is configured";
  if (!gateway || missing) throw badRequest("ERR_PAYMENT_GATEWAY_NOT_CONFIGURED", `Online payment is not available: ${missing}`);
  const company = await Company.query().findById(companyId);
  if (!company) throw notFound("ERR_NO_COMPANY_FOUND", "Company not found");
  await company.$query().patch({ billing: { ...company.billing ?? {}, address } });
  if (reusable(invoice, gateway.name)) return replyOf(invoice);
  const charge = await gateway.createCharge({ invoice, company, config });
  const previous = invoice.chargeId ?? null;
  const stored = await Invoice.scoped(companyId).where({ id: invoice.id, status: "open" }).where((q) => (previous === null ? q.whereNull("chargeId") : q.where("chargeId", previous)).orWhere("gateway", "<>", gateway.name)).patch({
    gateway: gateway.name,
    chargeId: charge.chargeId ?? `static-${invoice.id}`,
    chargeValue: invoice.value,
    chargeExpiresAt: charge.expiresAt,
    payload: charge.payload,
    txid: charge.txid
  });
  const current = await Invoice.scoped(companyId).findById(invoice.id);
  if (!current) throw notFound("ERR_NO_INVOICE_FOUND", "Invoice not found");
  if (current.status === "paid") throw conflict("ERR_INVOICE_ALREADY_PAID", "This invoice is already paid");
  if (!stored) app.log.info({ invoiceId: invoice.id }, "a concurrent checkout stored its charge first; returning that one");
  if (!current.payload) throw new AppError("ERR_PAYMENT_GATEWAY", 502, "The charge could not be stored");
  return replyOf(current);
}
export {
  checkout
};
