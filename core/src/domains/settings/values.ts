import { DEFAULT_SETTINGS } from '../../tenancy/settings.js';

const TOGGLES = ['userRating', 'call', 'CheckMsgIsGroup', 'sendGreetingAccepted', 'sendMsgTransfTicket', 'sendGreetingMessageOneQueues'];

/** The values each known key accepts; undefined means any text (up to MAX_VALUE). */
const ALLOWED: Record<string, readonly string[]> = {
  ...Object.fromEntries(TOGGLES.map((k) => [k, ['enabled', 'disabled']])),
  scheduleType: ['disabled', 'queue', 'company'],
  chatBotType: ['text'],
  campaignsEnabled: ['true', 'false'],
};

export const MAX_VALUE = 5000;

/** Keys only the super user may change: the payment gateway token belongs to the platform's operator. */
export const SUPER_ONLY_KEYS = new Set(['asaas']);
/** Keys whose value is a secret: shown to the super user only. */
export const SECRET_KEYS = new Set(['asaas']);

export const isKnownKey = (key: string) => Object.prototype.hasOwnProperty.call(DEFAULT_SETTINGS, key);

/** Undefined when the value is acceptable for the key, else the list of accepted values. */
export function rejectedValue(key: string, value: string): readonly string[] | undefined {
  const allowed = ALLOWED[key];
  return allowed && !allowed.includes(value) ? allowed : undefined;
}
