export { createOutboundHttp, OUTBOUND_DEFAULTS, type OutboundHttp, type OutboundRequest, type OutboundResponse } from './client.js';
export { OutboundHttpError, type OutboundFailure, type UrlRefusal } from './errors.js';
export { isBlockedAddress, refusedRange } from './addresses.js';
export type { Resolver } from './guard.js';
