import { Company } from "../../../db/models/index.js";
import { AppError } from "../../../http/errors.js";
import { formatAmount } from "../brcode.js";
import { todayIso } from "../../../util/dates.js";
const TIMEOUT_MS = 1e4;
const DEFAULT_TTL_MS = 24 * 60 * 60 * 1e3;
const gatewayError = (what, status) => new AppError("ERR_PAYMENT_GATEWAY", 502, `The payment gateway refused ${what}${status ? ` (HTTP ${status})` : ""}`);
async function call(baseUrl, apiKey, method, path, body) {
  let res;
  try {
    res = await fetch(`${baseUrl}${path}`, {
      method,
      redirect: "error",
      signal: AbortSignal.timeout(TIMEOUT_MS),
      headers: { access_token: apiKey, "content-type": "application/json", "user-agent": "atrium" },
      body: body === void 0 ? void 0 : JSON.stringify(body)
    });
  } catch {
    throw gatewayError(`${method} ${path.split("/")[1]}`);
  }
  if (!res.ok) throw gatewayError(`${method} ${path.split("/")[1]}`, res.status);
  return await res.json();
}
async function customerOf(company, baseUrl, apiKey) {
  const known = company.billing?.asaasCustomerId;
  if (typeof known === "string" && known) return known;
  const created = await call(baseUrl, apiKey, "POST", "/customers", {
    name: company.name,
    email: company.email ?? void 0,
    cpfCnpj: company.document ?? void 0,
    externalReference: `company-${company.id}`
  });
  await Company.query().findById(company.id).patch({ billing: { ...company.billing ?? {}, asaasCustomerId: created.id } });
  return created.id;
}
const asaasGateway = {
  name: "asaas",
  misconfigured: ({ asaas }) => !asaas.baseUrl || !asaas.apiKey ? "asaasUrl and asaas (the API key) are required" : void 0,
  async createCharge({ invoice, company, config }) {
    const { baseUrl, apiKey } = config.asaas;
    const customer = await customerOf(company, baseUrl, apiKey);
    const today = todayIso();
    const payment = await call(baseUrl, apiKey, "POST", "/payments", {
      customer,
      billingType: "PIX",
      value: Number(formatAmount(invoice.value)),
      dueDate: invoice.dueDate < today ? today : invoice.dueDate,
      description: `${invoice.detail} #${invoice.id}`,
      externalReference: `invoice-${invoice.id}`
    });
    const qr = await call(baseUrl, apiKey, "GET", `/payments/${encodeURIComponent(payment.id)}/pixQrCode`);
    const stated = qr.expirationDate ? Date.parse(qr.expirationDate.replace(" ", "T")) : NaN;
    return {
      chargeId: payment.id,
      payload: qr.payload,
      txid: null,
      expiresAt: new Date(Number.isNaN(stated) ? Date.now() + DEFAULT_TTL_MS : stated).toISOString()
    };
  }
};
export {
  asaasGateway
};
