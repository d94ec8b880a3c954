import { PrivacyEvent, type PrivacyEventKind } from '../db/models/index.js';

export interface PrivacyRecord {
  companyId: number;
  kind: PrivacyEventKind;
  contactId?: number;
  userId?: number;
  /** How many rows / files went (or were exported), per kind: never names, numbers or content. */
  counts: Record<string, number>;
}

/**
 * The one place that writes down that personal data was erased, exported or expired. Kept behind this
 * function so a general audit log can take it over without touching the callers.
 */
export async function recordPrivacyEvent(record: PrivacyRecord): Promise<void> {
  await PrivacyEvent.scoped(record.companyId).insert({
    kind: record.kind, contactId: record.contactId ?? null, userId: record.userId ?? null, counts: record.counts,
  } as Partial<PrivacyEvent>);
}
