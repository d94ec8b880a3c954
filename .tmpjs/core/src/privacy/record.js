import { PrivacyEvent } from "../db/models/index.js";
async function recordPrivacyEvent(record) {
  await PrivacyEvent.scoped(record.companyId).insert({
    kind: record.kind,
    contactId: record.contactId ?? null,
    userId: record.userId ?? null,
    counts: record.counts
  });
}
export {
  recordPrivacyEvent
};
