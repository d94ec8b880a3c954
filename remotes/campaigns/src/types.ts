import type { Campaign, CampaignSetting, ContactList, ContactListItem } from '../../../plugins/campaigns/src/types';

export type { Campaign, CampaignSetting, ContactList, ContactListItem };
export interface Shipping { id: number; number: string; name: string | null; status: string; error: string | null; deliveredAt: string | null }
export interface Connection { id: number; name: string; status: string; provider?: string }
/** A WhatsApp Cloud API template as GET /whatsapp-cloud/:id/templates lists it. */
export interface CloudTemplate { name: string; language: string; status: string; body: string; variables: number }
