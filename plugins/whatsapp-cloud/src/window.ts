import type { AtriumSdk } from '@atrium/core/sdk';

/** Meta's customer service window: free-form messages only within 24 hours of the customer's last message. */
export const SERVICE_WINDOW_MS = 24 * 60 * 60 * 1000;

export interface ServiceWindow { open: boolean; lastInboundAt: string | null; closesAt: string | null }

type WindowDeps = Pick<AtriumSdk, 'services' | 'clock' | 'errors'>;

/**
 * The window of a contact on a connection, from the contact's last message on it (sdk.services.history), on the
 * operator's clock like every duration rule: 24 hours in production (ATRIUM_TIME_SCALE 1), 24 scaled hours in a
 * demo or a test (docs/decisions.md, "One clock for every rule with a duration").
 */
export async function serviceWindow(sdk: WindowDeps, companyId: number, whatsappId: number, contactId: number): Promise<ServiceWindow> {
  const lastInboundAt = await sdk.services.history.lastInboundAt(companyId, { whatsappId, contactId });
  if (!lastInboundAt) return { open: false, lastInboundAt: null, closesAt: null };
  const closes = new Date(lastInboundAt).getTime() + sdk.clock.scale(SERVICE_WINDOW_MS);
  return { open: closes > sdk.clock.now().getTime(), lastInboundAt, closesAt: new Date(closes).toISOString() };
}

/** Refuses a free-form send outside the window (templates are the way then). */
export async function assertWindowOpen(sdk: WindowDeps, companyId: number, whatsappId: number, contactId: number): Promise<void> {
  const window = await serviceWindow(sdk, companyId, whatsappId, contactId);
  if (!window.open) {
    throw new sdk.errors.AppError('ERR_OUTSIDE_SERVICE_WINDOW', 400, 'More than 24 hours since the customer\'s last message: send an approved template', { closedAt: window.closesAt });
  }
}
