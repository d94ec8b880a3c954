import { Setting } from '../db/models/index.js';
import { FAMILY_DEFAULTS } from './family-settings.js';

/** The spec's setting keys and the value a new company starts with. */
export const DEFAULT_SETTINGS: Record<string, string> = {
  userRating: 'disabled',
  scheduleType: 'disabled',
  call: 'enabled',
  CheckMsgIsGroup: 'enabled',
  sendGreetingAccepted: 'disabled',
  sendMsgTransfTicket: 'disabled',
  sendGreetingMessageOneQueues: 'enabled',
  chatBotType: 'text',
  asaas: '',
  campaignsEnabled: 'true',
  // Months a closed ticket's messages and files are kept ('0': forever, unless the platform sets a maximum).
  messageRetentionMonths: '0',
  // 'enabled': every user signs in with a second factor (enrolling at their next login when they have none).
  requireTwoFactor: 'disabled',
  // 'enabled': a user may keep several sessions (a phone and a desk); otherwise a login ends the others (core §4).
  allowMultipleSessions: 'disabled',
  // The company's default SLA targets in minutes for queues without their own ('0': none; domains/sla).
  slaFirstResponseMinutes: '0',
  slaResolutionMinutes: '0',
  // Minutes an agent may stay offline before their pending-assigned tickets go back to the queue ('0': never).
  assignmentHandBackMinutes: '0',
};

/**
 * Company settings, cached per process for a few seconds: the inbound pipeline reads several
 * per message and must not pay a round trip for each. Writes go through `set`, which refreshes the cache.
 */
export class SettingsService {
  private cache = new Map<number, { at: number; values: Map<string, string | null> }>();
  constructor(private readonly ttlMs = 5000) {}

  async all(companyId: number): Promise<Map<string, string | null>> {
    const hit = this.cache.get(companyId);
    if (hit && Date.now() - hit.at < this.ttlMs) return hit.values;
    const rows = await Setting.scoped(companyId).select('key', 'value');
    // The family client's keys show their defaults too, without a row each (family-settings.ts).
    const values = new Map<string, string | null>([...Object.entries(FAMILY_DEFAULTS), ...Object.entries(DEFAULT_SETTINGS)]);
    for (const row of rows) values.set(row.key, row.value);
    this.cache.set(companyId, { at: Date.now(), values });
    return values;
  }

  async get(companyId: number, key: string): Promise<string | null> {
    return (await this.all(companyId)).get(key) ?? null;
  }

  async isEnabled(companyId: number, key: string): Promise<boolean> {
    const value = await this.get(companyId, key);
    return value === 'enabled' || value === 'true';
  }

  async set(companyId: number, key: string, value: string): Promise<Setting> {
    const existing = await Setting.scoped(companyId).findOne({ key });
    const row = existing
      ? await existing.$query().patchAndFetch({ value })
      : await Setting.scoped(companyId).insertAndFetch({ key, value } as Partial<Setting>);
    this.cache.delete(companyId);
    return row;
  }

  async seedDefaults(companyId: number) {
    const existing = new Set((await Setting.scoped(companyId).select('key')).map((s) => s.key));
    const missing = Object.entries(DEFAULT_SETTINGS).filter(([key]) => !existing.has(key));
    for (const [key, value] of missing) await Setting.scoped(companyId).insert({ key, value } as Partial<Setting>);
    this.cache.delete(companyId);
  }

  invalidate(companyId?: number) {
    if (companyId === undefined) this.cache.clear();
    else this.cache.delete(companyId);
  }
}
