import { AppError } from '../http/errors.js';

/** Why an outbound call failed: each has its own error code (docs/decisions.md). */
export type OutboundFailure =
  | 'ERR_URL_NOT_ALLOWED' | 'ERR_HTTP_CONNECT_TIMEOUT' | 'ERR_HTTP_TIMEOUT' | 'ERR_HTTP_RESPONSE_TOO_LARGE'
  | 'ERR_HTTP_REDIRECT_NOT_ALLOWED' | 'ERR_HTTP_NETWORK' | 'ERR_HTTP_STATUS' | 'ERR_HTTP_INVALID_JSON';

/**
 * Why a URL was refused (`reason` in the answer, which picks the console's text): not a URL, not http(s),
 * credentials in it, or an address that is private/loopback/link-local. `unresolved` (a name with no address
 * now) comes with ERR_HTTP_NETWORK at call time and is only a warning at save time.
 */
export type UrlRefusal = 'invalid' | 'scheme' | 'credentials' | 'private' | 'unresolved';

/**
 * A failed call to a tenant-supplied URL. An AppError, so a route that calls out on the user's behalf answers
 * `{ error: code, message }` (400 for a refused URL, 502 otherwise); a job logs it with `{ err }`.
 * Messages name the origin only: a URL's path or query may carry a token.
 */
export class OutboundHttpError extends AppError {
  constructor(code: OutboundFailure, message: string, details: { origin?: string; status?: number; field?: string; reason?: UrlRefusal } = {}) {
    super(code, code === 'ERR_URL_NOT_ALLOWED' ? 400 : 502, message, details);
    this.name = 'OutboundHttpError';
  }
}
