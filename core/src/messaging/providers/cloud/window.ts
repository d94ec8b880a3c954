import { Message } from '../../../db/models/index.js';
import { AppError } from '../../../http/errors.js';
import type { Clock } from '../../../clock/index.js';

/** Meta's customer service window: free-form messages only within 24 hours of the customer's last message. */
export const SERVICE_WINDOW_MS = 24 * 60 * 60 * 1000;

export interface ServiceWindow { open: boolean; lastInboundAt: string | null; closesAt: string | null }

/**
 * The window of a contact on a connection, from the contact's last message on it (messages are indexed by
 * contact), on the operator's clock like every duration rule: 24 hours in production (ATRIUM_TIME_SCALE 1), 24
 * scaled hours in a demo or a test (docs/decisions.md, "One clock for every rule with a duration").
 */
export async function serviceWindow(companyId: number, whatsappId: number, contactId: number, clock: Pick<Clock, 'now' | 'scale'>): Promise<ServiceWindow> {
  const last = await Message.scoped(companyId).where({ contactId, whatsappId, fromMe: false }).orderBy('id', 'desc').select('createdAt').first();
  if (!last?.createdAt) return { open: false, lastInboundAt: null, closesAt: null };
  const closes = new Date(last.createdAt).getTime() + clock.scale(SERVICE_WINDOW_MS);
  return { open: closes > clock.now().getTime(), lastInboundAt: last.createdAt, closesAt: new Date(closes).toISOString() };
}

/** Refuses a free-form send outside the window (templates are the way then). */
export async function assertWindowOpen(companyId: number, whatsappId: number, contactId: number, clock: Pick<Clock, 'now' | 'scale'>): Promise<void> {
  const window = await serviceWindow(companyId, whatsappId, contactId, clock);
  if (!window.open) {
    throw new AppError('ERR_OUTSIDE_SERVICE_WINDOW', 400, 'More than 24 hours since the customer\'s last message: send an approved template', { closedAt: window.closesAt });
  }
}
