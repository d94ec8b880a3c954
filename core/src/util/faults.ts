import { isDatabaseUnavailable } from '../db/errors.js';
import { AppError } from '../http/errors.js';
import { isRedisConnectionError } from '../redis/client.js';

/**
 * A failure of a dependency, not of the work itself (the database or Redis away, a timeout, a full disk, a 503 of
 * ours): the same work may succeed later. An inbound delivery that meets one is refused (the sender delivers it again)
 * or, for a provider that delivers once, held and tried again (docs/operations.md "Inbound").
 */
export function isFault(err: unknown): boolean {
  return (err instanceof AppError && err.statusCode === 503) || isDatabaseUnavailable(err) || isRedisConnectionError(err)
    || ['ENOSPC', 'EDQUOT'].includes((err as { code?: string } | undefined)?.code ?? '');
}
