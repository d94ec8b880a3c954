import { SECRET_SETTING_KEYS } from "../../db/models/setting.js";
import { DEFAULT_SETTINGS } from "../../tenancy/settings.js";
import { RETENTION_KEY, RETENTION_MAX_KEY, RETENTION_MONTHS_LIMIT } from "../../privacy/retention.js";
import { BRANDING_TEXT_KEYS, BRANDING_IMAGE_KEYS } from "../branding/keys.js";
import { AUDIT_RETENTION_KEY, AUDIT_RETENTION_LIMIT } from "../../audit/retention.js";
import { PLATFORM_REQUIRE_TWO_FACTOR } from "../../auth/two-factor-policy.js";
import { FAMILY_SETTINGS, isFamilySetting } from "../../tenancy/family-settings.js";
const TOGGLES = [
  "userRating",
  "call",
  "CheckMsgIsGroup",
  "sendGreetingAccepted",
  "sendMsgTransfTicket",
  "sendGreetingMessageOneQueues",
  "requireTwoFactor",
  "allowMultipleSessions",
  PLATFORM_REQUIRE_TWO_FACTOR
];
const ALLOWED = {
  ...Object.fromEntries(TOGGLES.map((k) => [k, ["enabled", "disabled"]])),
  scheduleType: ["disabled", "queue", "company"],
  chatBotType: ["text"],
  campaignsEnabled: ["true", "false"],
  billingGateway: ["none", "pix", "sandbox", "asaas"]
};
const BILLING_KEYS = /* @__PURE__ */ new Set(["billingGateway", "pixKey", "pixMerchantName", "pixMerchantCity", "asaasUrl", "asaasWebhookToken"]);
const PLATFORM_KEYS = /* @__PURE__ */ new Set([RETENTION_MAX_KEY, AUDIT_RETENTION_KEY, PLATFORM_REQUIRE_TWO_FACTOR, ...BRANDING_TEXT_KEYS, ...BRANDING_IMAGE_KEYS]);
const RANGES = {
  [RETENTION_KEY]: { min: 0, max: RETENTION_MONTHS_LIMIT },
  [RETENTION_MAX_KEY]: { min: 0, max: RETENTION_MONTHS_LIMIT },
  // Days the audit log keeps its entries ('' : the default, 365).
  [AUDIT_RETENTION_KEY]: { min: 0, max: AUDIT_RETENTION_LIMIT },
  // SLA targets in minutes (up to a year).
  slaFirstResponseMinutes: { min: 0, max: 525600 },
  slaResolutionMinutes: { min: 0, max: 525600 },
  // Offline grace before an agent's pending tickets are handed back (up to a day).
  assignmentHandBackMinutes: { min: 0, max: 1440 }
};
function outOfRange(key, value) {
  const range = RANGES[key] ?? (isFamilySetting(key) ? FAMILY_SETTINGS[key].range : void 0);
  if (!range) return void 0;
  const n = value === "" ? 0 : Number(value);
  return Number.isInteger(n) && n >= range.min && n <= range.max ? void 0 : range;
}
const MAX_VALUE = 5e3;
const SUPER_ONLY_KEYS = /* @__PURE__ */ new Set(["asaas", "_paymentGateway", ...BILLING_KEYS, ...PLATFORM_KEYS]);
const SECRET_KEYS = SECRET_SETTING_KEYS;
const isKnownKey = (key) => Object.prototype.hasOwnProperty.call(DEFAULT_SETTINGS, key) || BILLING_KEYS.has(key) || PLATFORM_KEYS.has(key) || isFamilySetting(key);
function rejectedValue(key, value) {
  const allowed = ALLOWED[key] ?? (isFamilySetting(key) ? FAMILY_SETTINGS[key].allowed : void 0);
  return allowed && !allowed.includes(value) ? allowed : void 0;
}
export {
  BILLING_KEYS,
  MAX_VALUE,
  PLATFORM_KEYS,
  SECRET_KEYS,
  SUPER_ONLY_KEYS,
  isKnownKey,
  outOfRange,
  rejectedValue
};
