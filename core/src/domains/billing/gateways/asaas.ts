import { Company } from '../../../db/models/index.js';
import { AppError } from '../../../http/errors.js';
import { formatAmount } from '../brcode.js';
import { todayIso } from '../../../util/dates.js';
import type { Gateway } from './types.js';

/** Connect + read limit of one call to the gateway. */
const TIMEOUT_MS = 10_000;
/** A Pix charge whose QR code states no expiry is renewed after a day. */
const DEFAULT_TTL_MS = 24 * 60 * 60 * 1000;

/** Asaas answers with `{ errors: [{ code, description }] }`; neither our key nor the payer's data is echoed in our error. */
const gatewayError = (what: string, status?: number) =>
  new AppError('ERR_PAYMENT_GATEWAY', 502, `The payment gateway refused ${what}${status ? ` (HTTP ${status})` : ''}`);

async function call<T>(baseUrl: string, apiKey: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`${baseUrl}${path}`, {
      method,
      redirect: 'error',
      signal: AbortSignal.timeout(TIMEOUT_MS),
      headers: { access_token: apiKey, 'content-type': 'application/json', 'user-agent': 'atrium' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw gatewayError(`${method} ${path.split('/')[1]}`);
  }
  if (!res.ok) throw gatewayError(`${method} ${path.split('/')[1]}`, res.status);
  return (await res.json()) as T;
}

/** The company's customer at Asaas, created once and remembered in `companies.billing`. */
async function customerOf(company: Company, baseUrl: string, apiKey: string): Promise<string> {
  const known = company.billing?.asaasCustomerId;
  if (typeof known === 'string' && known) return known;
  const created = await call<{ id: string }>(baseUrl, apiKey, 'POST', '/customers', {
    name: company.name, email: company.email ?? undefined, cpfCnpj: company.document ?? undefined, externalReference: `company-${company.id}`,
  });
  await Company.query().findById(company.id).patch({ billing: { ...(company.billing ?? {}), asaasCustomerId: created.id } } as Partial<Company>);
  return created.id;
}

/** Asaas (https://docs.asaas.com): a PIX payment per invoice; its webhook confirms it (routes.ts). */
export const asaasGateway: Gateway = {
  name: 'asaas',
  misconfigured: ({ asaas }) => (!asaas.baseUrl || !asaas.apiKey ? 'asaasUrl and asaas (the API key) are required' : undefined),
  async createCharge({ invoice, company, config }) {
    const { baseUrl, apiKey } = config.asaas;
    const customer = await customerOf(company, baseUrl, apiKey);
    const today = todayIso();
    const payment = await call<{ id: string }>(baseUrl, apiKey, 'POST', '/payments', {
      customer,
      billingType: 'PIX',
      value: Number(formatAmount(invoice.value)),
      dueDate: invoice.dueDate < today ? today : invoice.dueDate,
      description: `${invoice.detail} #${invoice.id}`,
      externalReference: `invoice-${invoice.id}`,
    });
    const qr = await call<{ payload: string; expirationDate?: string }>(baseUrl, apiKey, 'GET', `/payments/${encodeURIComponent(payment.id)}/pixQrCode`);
    const stated = qr.expirationDate ? Date.parse(qr.expirationDate.replace(' ', 'T')) : NaN;
    return {
      chargeId: payment.id,
      payload: qr.payload,
      txid: null,
      expiresAt: new Date(Number.isNaN(stated) ? Date.now() + DEFAULT_TTL_MS : stated).toISOString(),
    };
  },
};
