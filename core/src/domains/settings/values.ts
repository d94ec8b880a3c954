import { SECRET_SETTING_KEYS } from '../../db/models/setting.js';
import { DEFAULT_SETTINGS } from '../../tenancy/settings.js';
import { RETENTION_KEY, RETENTION_MAX_KEY, RETENTION_MONTHS_LIMIT } from '../../privacy/retention.js';
import { BRANDING_TEXT_KEYS, BRANDING_IMAGE_KEYS } from '../branding/keys.js';
import { AUDIT_RETENTION_KEY, AUDIT_RETENTION_LIMIT } from '../../audit/retention.js';
import { PLATFORM_REQUIRE_TWO_FACTOR } from '../../auth/two-factor-policy.js';
import { FAMILY_SETTINGS, isFamilySetting } from '../../tenancy/family-settings.js';

const TOGGLES = ['userRating', 'call', 'CheckMsgIsGroup', 'sendGreetingAccepted', 'sendMsgTransfTicket', 'sendGreetingMessageOneQueues', 'requireTwoFactor',
  'allowMultipleSessions', PLATFORM_REQUIRE_TWO_FACTOR];

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
/**
 * The platform operator's other settings (the super user's company): the retention ceiling (privacy/retention.ts),
 * the second factor required of every company's users (auth/two-factor-policy.ts) and the white-label branding (domains/branding: images are uploaded, not PUT).
 */
export const PLATFORM_KEYS = new Set<string>([RETENTION_MAX_KEY, AUDIT_RETENTION_KEY, PLATFORM_REQUIRE_TWO_FACTOR, ...BRANDING_TEXT_KEYS, ...BRANDING_IMAGE_KEYS]);

/** Whole-number settings and their range (months, minutes), 0 meaning off. */
const RANGES: Record<string, { min: number; max: number }> = {
  [RETENTION_KEY]: { min: 0, max: RETENTION_MONTHS_LIMIT },
  [RETENTION_MAX_KEY]: { min: 0, max: RETENTION_MONTHS_LIMIT },
  // Days the audit log keeps its entries ('' : the default, 365).
  [AUDIT_RETENTION_KEY]: { min: 0, max: AUDIT_RETENTION_LIMIT },
  // SLA targets in minutes (up to a year).
  slaFirstResponseMinutes: { min: 0, max: 525_600 },
  slaResolutionMinutes: { min: 0, max: 525_600 },
  // Offline grace before an agent's pending tickets are handed back (up to a day).
  assignmentHandBackMinutes: { min: 0, max: 1440 },
};

/** Undefined when the value suits the key's range (or the key has none), else the range. */
export function outOfRange(key: string, value: string): { min: number; max: number } | undefined {
  const range = RANGES[key] ?? (isFamilySetting(key) ? FAMILY_SETTINGS[key].range : undefined);
  if (!range) return undefined;
  const n = value === '' ? 0 : Number(value);
  return Number.isInteger(n) && n >= range.min && n <= range.max ? undefined : range;
}

export const MAX_VALUE = 5000;

/** Keys only the super user may change: the payment gateway token belongs to the platform's operator. */
export const SUPER_ONLY_KEYS = new Set(['asaas', '_paymentGateway', ...BILLING_KEYS, ...PLATFORM_KEYS]);
/** Keys whose value is a secret: shown to the super user only. */
export const SECRET_KEYS = SECRET_SETTING_KEYS;

export const isKnownKey = (key: string) => Object.prototype.hasOwnProperty.call(DEFAULT_SETTINGS, key) || BILLING_KEYS.has(key) || PLATFORM_KEYS.has(key) || isFamilySetting(key);

/** Undefined when the value is acceptable for the key, else the list of accepted values. */
export function rejectedValue(key: string, value: string): readonly string[] | undefined {
  const allowed = ALLOWED[key] ?? (isFamilySetting(key) ? FAMILY_SETTINGS[key].allowed : undefined);
  return allowed && !allowed.includes(value) ? allowed : undefined;
}
