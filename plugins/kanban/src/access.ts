import type { AtriumSdk, AuthUser } from '@atrium/core/sdk';

/** Which tickets a user may see on the board (extended spec §6). */
export type BoardScope =
  | { kind: 'all' }
  | { kind: 'queues'; queueIds: number[]; includeUnqueued: boolean; unqueuedUserId?: number };

export const isAdmin = (user: AuthUser) => user.profile === 'admin' || user.super;

/**
 * Parses the `queueIds` query value: a JSON array of ids. Absent or empty means "no filter".
 * Anything else that is not an array of positive integers is a 400 naming the field.
 */
export function parseQueueIds(sdk: AtriumSdk, raw: string | undefined): number[] | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    value = undefined;
  }
  const ids = Array.isArray(value) ? value.map(Number) : undefined;
  if (!ids || ids.some((id) => !Number.isInteger(id) || id <= 0)) {
    throw sdk.errors.badRequest('ERR_VALIDATION', 'queueIds must be a JSON array of queue ids', { field: 'querystring/queueIds' });
  }
  return ids.length > 0 ? [...new Set(ids)] : undefined;
}

/**
 * Admins see every queue (with showAll, or without a queue filter) or the queues they ask for,
 * plus tickets without a queue. Other users see only their own queues (userQueues), narrowed by
 * the filter, plus unqueued tickets assigned to them.
 */
export async function boardScope(sdk: AtriumSdk, user: AuthUser, requested: number[] | undefined, showAll: boolean): Promise<BoardScope> {
  if (isAdmin(user)) {
    if (showAll || !requested) return { kind: 'all' };
    return { kind: 'queues', queueIds: requested, includeUnqueued: true };
  }
  const ownIds = await sdk.services.queues.idsOfUser(user.companyId, user.id);
  const queueIds = requested ? requested.filter((id) => ownIds.includes(id)) : ownIds;
  return { kind: 'queues', queueIds, includeUnqueued: true, unqueuedUserId: user.id };
}
