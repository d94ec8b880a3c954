import { TenantModel } from '../model.js';

export type PrivacyEventKind = 'erasure' | 'export' | 'retention';

/** A record that personal data was erased, exported or expired: counts only, never the data (migration 105). */
export class PrivacyEvent extends TenantModel {
  static tableName = 'privacyEvents';
  /** Not a staff change: the audit log leaves it out (audit/model-hooks.ts). */
  static audited = false;
  static get jsonAttributes() { return ['counts']; }
  kind!: PrivacyEventKind;
  contactId?: number | null;
  userId?: number | null;
  counts!: Record<string, number>;
}
