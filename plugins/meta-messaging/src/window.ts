import type { AtriumSdk, SendCheck } from '@atrium/core/sdk';

/** Meta's standard messaging window: any message within 24 hours of the person's last one. */
export const RESPONSE_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Beyond it, up to 7 days, only a person's message with the HUMAN_AGENT tag. */
export const HUMAN_AGENT_WINDOW_MS = 7 * RESPONSE_WINDOW_MS;

/** 'response': a free send (messaging_type RESPONSE); 'human-agent': a person's, tagged; 'closed': none. */
export type WindowState = 'response' | 'human-agent' | 'closed';

type Deps = Pick<AtriumSdk, 'clock' | 'errors' | 'services'>;

/** The window at the operator's clock (ATRIUM_TIME_SCALE scales both durations, as every duration rule). */
export function windowState(clock: AtriumSdk['clock'], lastInboundMs: number | null): WindowState {
  if (lastInboundMs === null || !Number.isFinite(lastInboundMs)) return 'closed';
  const age = clock.now().getTime() - lastInboundMs;
  if (age < clock.scale(RESPONSE_WINDOW_MS)) return 'response';
  if (age < clock.scale(HUMAN_AGENT_WINDOW_MS)) return 'human-agent';
  return 'closed';
}

/** The refusal of a send the window does not allow (`who`: the send is the automation's, in the HUMAN_AGENT span). */
export function windowRefusal(errors: AtriumSdk['errors'], state: 'closed' | 'automation', lastInboundAt: string | null) {
  if (state === 'automation') {
    return new errors.AppError('ERR_META_HUMAN_AGENT_ONLY', 400, 'More than 24 hours since the customer\'s last message: only an agent\'s message may be sent (HUMAN_AGENT tag), up to 7 days', { lastInboundAt });
  }
  return new errors.AppError('ERR_META_WINDOW_CLOSED', 400, 'More than 7 days since the customer\'s last message (or none): Meta takes no message until they write again', { lastInboundAt });
}

/**
 * The kinds' pre-send rule (the provider registration's beforeSend), before anything is stored: inside 24 hours any
 * send; from 24 hours to 7 days a person's only (bots, campaigns and flows are refused); beyond, none.
 */
export async function assertMaySend(sdk: Deps, check: SendCheck): Promise<void> {
  const lastInboundAt = await sdk.services.history.lastInboundAt(check.companyId, { whatsappId: check.whatsappId, contactId: check.contactId });
  const state = windowState(sdk.clock, lastInboundAt ? new Date(lastInboundAt).getTime() : null);
  if (state === 'closed') throw windowRefusal(sdk.errors, 'closed', lastInboundAt);
  if (state === 'human-agent' && check.userId === null) throw windowRefusal(sdk.errors, 'automation', lastInboundAt);
}
