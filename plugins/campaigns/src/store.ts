import type { AtriumSdk } from '@atrium/core/sdk';
import type { Campaign, CampaignCounts, CampaignTemplate } from './types.js';
import { fromDb } from './time.js';
import { isEditable } from './rules.js';

const COLUMNS = ['id', 'name', 'companyId', 'status', 'message1', 'message2', 'message3', 'message4', 'message5', 'scheduledAt',
  'completedAt', 'whatsappId', 'contactListId', 'tagId', 'fileListId', 'mediaPath', 'mediaName', 'templateName', 'templateLanguage', 'templateParameters'];

/** The stored template columns as the API shows them (one object, or null). */
export function templateOf(row: Record<string, unknown>): CampaignTemplate | null {
  if (!row.templateName) return null;
  let parameters: string[] = [];
  try { parameters = JSON.parse(String(row.templateParameters ?? '[]')); } catch { parameters = []; }
  return { name: String(row.templateName), language: String(row.templateLanguage ?? ''), parameters: Array.isArray(parameters) ? parameters.map(String) : [] };
}

/** The one place campaigns are read: always within a company, always in the shape of GET /campaigns/:id. */
export function campaignStore(sdk: AtriumSdk) {
  const campaignsOf = (companyId: number) => sdk.db.table('campaigns', companyId);

  async function counts(companyId: number, campaignId: number): Promise<CampaignCounts> {
    const rows: { status: string; n: unknown }[] = await sdk.db.table('campaignShipping', companyId).where({ campaignId }).select('status').count('* as n').groupBy('status');
    const by = Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
    const delivered = by.delivered ?? 0;
    const failed = by.failed ?? 0;
    const pending = (by.pending ?? 0) + (by.sending ?? 0);
    return { valids: delivered + failed + pending, delivered, failed, pending };
  }

  async function view(row: Record<string, unknown>): Promise<Campaign> {
    const companyId = Number(row.companyId);
    const contactList = row.contactListId ? await sdk.db.table('contactLists', companyId).where({ id: row.contactListId }).first('id', 'name') : null;
    const whatsapp = row.whatsappId ? await sdk.services.connections.find(companyId, Number(row.whatsappId)) : null;
    const shipped = await counts(companyId, Number(row.id));
    const { templateName: _n, templateLanguage: _l, templateParameters: _p, ...columns } = row;
    const scheduledAt = fromDb(row.scheduledAt as string | null);
    return {
      ...(columns as unknown as Campaign),
      template: templateOf(row),
      id: Number(row.id), companyId,
      scheduledAt, completedAt: fromDb(row.completedAt as string | null),
      editable: isEditable({ status: row.status as Campaign['status'], scheduledAt }, sdk.clock.now()),
      mediaUrl: row.mediaPath ? sdk.storage.url(String(row.mediaPath)) : null,
      contactList: contactList ? { id: Number(contactList.id), name: contactList.name } : null,
      whatsapp: whatsapp ? { id: Number(whatsapp.id), name: whatsapp.name, status: whatsapp.status } : null,
      counts: shipped,
      valids: shipped.valids, delivered: shipped.delivered, confirmation: false, confirmationRequested: 0, confirmed: 0,
    };
  }

  async function find(companyId: number, id: number): Promise<Campaign> {
    const row = await campaignsOf(companyId).where({ id }).first(COLUMNS);
    if (!row) throw sdk.errors.notFound('ERR_NO_CAMPAIGN_FOUND', 'Campaign not found');
    return view(row);
  }

  /** Announces the campaign in the same shape as GET /campaigns/:id (a partial payload blanked peers' pages). */
  async function announce(companyId: number, id: number, action: 'create' | 'update' = 'update') {
    const campaign = await find(companyId, id).catch(() => null);
    // `record` and the counts at the top: what the family's campaign list reads from this event (docs/compatibility.md).
    if (campaign) sdk.bus.emit(companyId, 'campaign', { action, campaign, record: campaign, valids: campaign.valids, delivered: campaign.delivered });
    return campaign;
  }

  return { COLUMNS, campaignsOf, find, view, counts, announce };
}
export type CampaignStore = ReturnType<typeof campaignStore>;
