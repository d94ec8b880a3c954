import type { Campaign } from './types.js';

const HOUR_MS = 3_600_000;

/** ext §4: editable while INATIVA, PROGRAMADA more than an hour ahead, or CANCELADA. */
export function isEditable(campaign: Pick<Campaign, 'status' | 'scheduledAt'>, now: Date): boolean {
  if (campaign.status === 'INATIVA' || campaign.status === 'CANCELADA') return true;
  return campaign.status === 'PROGRAMADA' && !!campaign.scheduledAt && new Date(campaign.scheduledAt).getTime() - now.getTime() > HOUR_MS;
}
