export type TicketStatus = 'pending' | 'open' | 'closed';

export interface Contact { id: number; name: string; number: string; email?: string; profilePicUrl?: string; extraInfo?: Array<{ id?: number; name: string; value: string }> }

export interface Ticket {
  id: number;
  uuid: string;
  status: TicketStatus;
  userId: number | null;
  user?: { id: number; name: string } | null;
  queueId: number | null;
  queue?: { id: number; name: string; color: string } | null;
  whatsappId: number | null;
  whatsapp?: { id: number; name: string } | null;
  contact: Contact | null;
  contactId: number;
  lastMessage?: string;
  unreadMessages?: number;
  updatedAt: string;
  isGroup?: boolean;
  tags?: Array<{ id: number; name: string; color: string }>;
  /** SLA (issue 30): due times, the first agent answer, breaches flagged by the server. */
  firstResponseDueAt?: string | null;
  resolutionDueAt?: string | null;
  firstRespondedAt?: string | null;
  firstResponseBreached?: boolean;
  resolutionBreached?: boolean;
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
