export { createOutboundHttp, OUTBOUND_DEFAULTS, type OutboundHttp, type OutboundRequest, type OutboundResponse } from './client.js';
export { OutboundHttpError, type OutboundFailure } from './errors.js';
export { isBlockedAddress } from './addresses.js';
