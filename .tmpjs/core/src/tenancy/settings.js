import { Setting } from "../db/models/index.js";
import { FAMILY_DEFAULTS } from "./family-settings.js";
const DEFAULT_SETTINGS = {
  userRating: "disabled",
  scheduleType: "disabled",
  call: "enabled",
  CheckMsgIsGroup: "enabled",
  sendGreetingAccepted: "disabled",
  sendMsgTransfTicket: "disabled",
  sendGreetingMessageOneQueues: "enabled",
  chatBotType: "text",
  asaas: "",
  campaignsEnabled: "true",
  // Months a closed ticket's messages and files are kept ('0': forever, unless the platform sets a maximum).
  messageRetentionMonths: "0",
  // 'enabled': every user signs in with a second factor (enrolling at their next login when they have none).
  requireTwoFactor: "disabled",
  // 'enabled': a user may keep several sessions (a phone and a desk); otherwise a login ends the others (core §4).
  allowMultipleSessions: "disabled",
  // The company's default SLA targets in minutes for queues without their own ('0': none; domains/sla).
  slaFirstResponseMinutes: "0",
  slaResolutionMinutes: "0",
  // Minutes an agent may stay offline before their pending-assigned tickets go back to the queue ('0': never).
  assignmentHandBackMinutes: "0"
};
class SettingsService {
  constructor(ttlMs = 5e3) {
    this.ttlMs = ttlMs;
  }
  ttlMs;
  cache = /* @__PURE__ */ new Map();
  async all(companyId) {
    const hit = this.cache.get(companyId);
    if (hit && Date.now() - hit.at < this.ttlMs) return hit.values;
    const rows = await Setting.scoped(companyId).select("key", "value");
    const values = new Map([...Object.entries(FAMILY_DEFAULTS), ...Object.entries(DEFAULT_SETTINGS)]);
    for (const row of rows) values.set(row.key, row.value);
    this.cache.set(companyId, { at: Date.now(), values });
    return values;
  }
  async get(companyId, key) {
    return (await this.all(companyId)).get(key) ?? null;
  }
  async isEnabled(companyId, key) {
    const value = await this.get(companyId, key);
    return value === "enabled" || value === "true";
  }
  async set(companyId, key, value) {
    const existing = await Setting.scoped(companyId).findOne({ key });
    const row = existing ? await existing.$query().patchAndFetch({ value }) : await Setting.scoped(companyId).insertAndFetch({ key, value });
    this.cache.delete(companyId);
    return row;
  }
  async seedDefaults(companyId) {
    const existing = new Set((await Setting.scoped(companyId).select("key")).map((s) => s.key));
    const missing = Object.entries(DEFAULT_SETTINGS).filter(([key]) => !existing.has(key));
    for (const [key, value] of missing) await Setting.scoped(companyId).insert({ key, value });
    this.cache.delete(companyId);
  }
  invalidate(companyId) {
    if (companyId === void 0) this.cache.clear();
    else this.cache.delete(companyId);
  }
}
export {
  DEFAULT_SETTINGS,
  SettingsService
};
