/**
 * The shapes this plugin's API answers, written once: the backend uses them, and the remote imports them with
 * `import type` (nothing of the backend reaches the remote's bundle). Keep this file free of imports.
 */
export interface ContactList { id: number; name: string; contactsCount: number }

export interface ContactListItem {
  id: number; name: string; number: string; email: string | null; isWhatsappValid: boolean | null;
  companyId: number; contactListId: number;
}

export type CampaignStatus = 'INATIVA' | 'PROGRAMADA' | 'EM_ANDAMENTO' | 'CANCELADA' | 'FINALIZADA';

export interface CampaignCounts { valids: number; delivered: number; failed: number; pending: number }

export interface Campaign {
  id: number; name: string; companyId: number; status: CampaignStatus;
  message1: string | null; message2: string | null; message3: string | null; message4: string | null; message5: string | null;
  scheduledAt: string | null; completedAt: string | null;
  whatsappId: number | null; contactListId: number | null; tagId: number | null; fileListId: number | null;
  mediaPath: string | null; mediaName: string | null; mediaUrl: string | null;
  /** On a WhatsApp Cloud API connection: the approved template the contacts outside the 24-hour window get instead. */
  template: CampaignTemplate | null;
  contactList: { id: number; name: string } | null;
  whatsapp: { id: number; name: string; status: string } | null;
  counts: CampaignCounts;
  /** Whether ext §4 lets it be changed at the time of the read (the server's clock: rules.ts). A save after the
   *  rule lapsed (a PROGRAMADA campaign now less than an hour away) answers 409 ERR_CAMPAIGN_NOT_EDITABLE. */
  editable: boolean;
  /** The family's client reads the counts beside the campaign; this product has no confirmation step (always false, 0). */
  valids: number; delivered: number; confirmation: boolean; confirmationRequested: number; confirmed: number;
}

/** A Cloud API template of a campaign; a parameter may hold the campaign's placeholders ({nome}, {{name}}…). */
export interface CampaignTemplate { name: string; language: string; parameters: string[] }

export interface CampaignSetting { key: string; value: string }
