import type { AtriumSdk, PrivacySubject } from '@atrium/core/sdk';

type Row = Record<string, unknown>;

/** The numbers a contact is known by in the plugin's rows (lists and sends keep the canonical number, not the contact's id). */
const numbersOf = (subject: PrivacySubject) => [subject.contact.number, subject.contact.lid].filter((n): n is string => Boolean(n));

/**
 * A contact's campaign data (LGPD export and erasure): the contact-list items carrying its number and the
 * campaign sends to it (the rendered message included).
 */
export function registerPrivacy(sdk: AtriumSdk) {
  const items = (subject: PrivacySubject) => sdk.db.table('contactListItems', subject.companyId).whereIn('number', numbersOf(subject));
  const sends = (subject: PrivacySubject) => sdk.db.table('campaignShipping', subject.companyId)
    .where((q) => q.where('contactId', subject.contact.id).orWhereIn('number', numbersOf(subject)));

  sdk.privacy.register({
    async export(subject) {
      const listItems: Row[] = await items(subject).select(['id', 'contactListId', 'name', 'number', 'email', 'isWhatsappValid', 'createdAt']);
      const listIds = [...new Set(listItems.map((r) => Number(r.contactListId)))];
      const lists = await sdk.db.table('contactLists', subject.companyId).whereIn('id', listIds).select('id', 'name');
      const campaignSends: Row[] = await sends(subject).select(['id', 'campaignId', 'number', 'name', 'status', 'message', 'error', 'deliveredAt', 'createdAt']);
      const campaignIds = [...new Set(campaignSends.map((r) => Number(r.campaignId)))];
      const campaigns = await sdk.db.table('campaigns', subject.companyId).whereIn('id', campaignIds).select('id', 'name');
      return { contactLists: lists, contactListItems: listItems, campaigns, campaignSends };
    },
    async filesInUse(companyId, keys) {
      return (await sdk.db.table('campaigns', companyId).whereIn('mediaPath', keys).select('mediaPath')).map((r: Row) => String(r.mediaPath));
    },
    async erase(subject) {
      return sdk.db.transaction(async (tx) => ({
        contactListItems: await tx.table('contactListItems', subject.companyId).whereIn('number', numbersOf(subject)).delete(),
        campaignShipping: await tx.table('campaignShipping', subject.companyId)
          .where((q) => q.where('contactId', subject.contact.id).orWhereIn('number', numbersOf(subject))).delete(),
      }));
    },
  });
}
