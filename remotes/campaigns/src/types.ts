export type { Campaign, CampaignSetting, ContactList, ContactListItem } from '../../../plugins/campaigns/src/types';
export interface Shipping { id: number; number: string; name: string | null; status: string; error: string | null; deliveredAt: string | null }
export interface Connection { id: number; name: string; status: string }
