import type { FastifyInstance } from 'fastify';
import { User } from '../../db/models/index.js';

export type GatewayName = 'none' | 'pix' | 'sandbox' | 'asaas';

/** The platform operator's billing settings: super-only settings of the super user's company. */
export interface BillingConfig {
  gateway: GatewayName;
  pix: { key: string; merchantName: string; merchantCity: string };
  asaas: { baseUrl: string; apiKey: string; webhookToken: string };
}

/** The operator is the company of the first super user (the seeded platform account). */
export async function operatorCompanyId(): Promise<number | undefined> {
  const owner = await User.unscoped('the platform operator is found by its super user').where({ super: true }).orderBy('id').select('companyId').first();
  return owner?.companyId;
}

export async function readBillingConfig(app: FastifyInstance): Promise<BillingConfig> {
  const companyId = await operatorCompanyId();
  const values = companyId ? await app.tenancy.settings.all(companyId) : new Map<string, string | null>();
  const get = (key: string) => (values.get(key) ?? '').trim();
  // The gateway's keys are stored sealed (settings routes); a value saved before that is read as it is.
  const secret = (key: string) => {
    const stored = get(key);
    return stored && app.atrium.secrets.isEncrypted(stored) ? app.atrium.secrets.decrypt(stored) : stored;
  };
  const gateway = get('billingGateway');
  return {
    gateway: (['pix', 'sandbox', 'asaas'] as const).find((g) => g === gateway) ?? 'none',
    pix: { key: get('pixKey'), merchantName: get('pixMerchantName'), merchantCity: get('pixMerchantCity') },
    asaas: { baseUrl: get('asaasUrl').replace(/\/+$/, ''), apiKey: secret('asaas'), webhookToken: secret('asaasWebhookToken') },
  };
}
