import type { ContactView, TicketView } from '../../sdk/types';

/** The console's ticket and contact are the ones slot contributions receive (sdk/types.ts). */
export type TicketStatus = TicketView['status'];

export type Contact = ContactView;

export interface Ticket extends TicketView {
  contact: Contact | null;
}

export interface Message {
  id: number;
  ticketId: number;
  body: string;
  fromMe: boolean;
  mediaType?: string | null;
  mediaUrl?: string | null;
  mediaName?: string | null;
  isDeleted?: boolean;
  isEdited?: boolean;
  ack: number;
  status?: 'received' | 'sending' | 'sent' | 'failed';
  createdAt: string;
  quotedMsg?: Message | null;
  contact?: Contact | null;
  userId?: number | null;
  isForwarded?: boolean;
  /** The contact's reaction. */
  reaction?: string | null;
  /** The agents' reactions (absent from events that did not change them: keep the ones known). */
  reactions?: Array<{ userId: number; userName: string | null; emoji: string }>;
}
