import { Message } from '../../../db/models/index.js';
import { AppError } from '../../../http/errors.js';

/** Meta's customer service window: free-form messages only within 24 hours of the customer's last message. */
export const SERVICE_WINDOW_MS = 24 * 60 * 60 * 1000;

export interface ServiceWindow { open: boolean; lastInboundAt: string | null; closesAt: string | null }

/**
 * The window of a contact on a connection, from the contact's last message on it (messages are indexed by
 * contact). Meta's own rule, in real time: not scaled by ATRIUM_TIME_SCALE.
 */
export async function serviceWindow(companyId: number, whatsappId: number, contactId: number, now = Date.now()): Promise<ServiceWindow> {
  const last = await Message.scoped(companyId).where({ contactId, whatsappId, fromMe: false }).orderBy('id', 'desc').select('createdAt').first();
  if (!last?.createdAt) return { open: false, lastInboundAt: null, closesAt: null };
  const closes = new Date(last.createdAt).getTime() + SERVICE_WINDOW_MS;
  return { open: closes > now, lastInboundAt: last.createdAt, closesAt: new Date(closes).toISOString() };
}

/** Refuses a free-form send outside the window (templates are the way then). */
export async function assertWindowOpen(companyId: number, whatsappId: number, contactId: number): Promise<void> {
  const window = await serviceWindow(companyId, whatsappId, contactId);
  if (!window.open) {
    throw new AppError('ERR_OUTSIDE_SERVICE_WINDOW', 400, 'More than 24 hours since the customer\'s last message: send an approved template', { closedAt: window.closesAt });
  }
}
