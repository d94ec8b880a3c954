import { DEFAULT_SETTINGS } from '../../tenancy/settings.js';

const TOGGLES = ['userRating', 'call', 'CheckMsgIsGroup', 'sendGreetingAccepted', 'sendMsgTransfTicket', 'sendGreetingMessageOneQueues'];

/** The values each known key accepts; undefined means any text (up to MAX_VALUE). */
const ALLOWED: Record<string, readonly string[]> = {
  ...Object.fromEntries(TOGGLES.map((k) => [k, ['enabled', 'disabled']])),
  scheduleType: ['disabled', 'queue', 'company'],
  chatBotType: ['text'],
  campaignsEnabled: ['true', 'false'],
  billingGateway: ['none', 'pix', 'sandbox', 'asaas'],
};

/**
 * The platform operator's billing settings (read from the super user's company, see domains/billing/config.ts):
 * known keys, but not seeded into every company's settings.
 */
export const BILLING_KEYS = new Set(['billingGateway', 'pixKey', 'pixMerchantName', 'pixMerchantCity', 'asaasUrl', 'asaasWebhookToken']);

export const MAX_VALUE = 5000;

/** Keys only the super user may change: the payment gateway token belongs to the platform's operator. */
export const SUPER_ONLY_KEYS = new Set(['asaas', ...BILLING_KEYS]);
/** Keys whose value is a secret: shown to the super user only. */
export const SECRET_KEYS = new Set(['asaas', 'asaasWebhookToken']);

export const isKnownKey = (key: string) => Object.prototype.hasOwnProperty.call(DEFAULT_SETTINGS, key) || BILLING_KEYS.has(key);

/** Undefined when the value is acceptable for the key, else the list of accepted values. */
export function rejectedValue(key: string, value: string): readonly string[] | undefined {
  const allowed = ALLOWED[key];
  return allowed && !allowed.includes(value) ? allowed : undefined;
}
