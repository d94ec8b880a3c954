import { createOutboundHttp, OUTBOUND_DEFAULTS } from "./client.js";
import { OutboundHttpError } from "./errors.js";
import { isBlockedAddress, refusedRange } from "./addresses.js";
export {
  OUTBOUND_DEFAULTS,
  OutboundHttpError,
  createOutboundHttp,
  isBlockedAddress,
  refusedRange
};
