import type { AtriumSdk } from '@atrium/core/sdk';

/**
 * The member list a create or edit asks for: the owner exactly once, plus the listed users, each of
 * whom must belong to the caller's company (a user id of another company is answered as not found,
 * like an id that does not exist). At least one member besides the owner (the spec's "fill user").
 */
export async function resolveMembers(sdk: AtriumSdk, companyId: number, ownerId: number | null, requested: Array<{ id?: number; userId?: number }>): Promise<number[]> {
  // A member as read back ({userId, …}) or as the spec's client sends it ({id}); an item carrying both is the userId's,
  // and its id must still be one of the company's users (no id in a body passes unchecked).
  const others = [...new Set(requested.map((u) => (u.userId ?? u.id)!))].filter((id) => id !== ownerId);
  if (others.length === 0) {
    throw sdk.errors.badRequest('ERR_VALIDATION', 'A chat needs at least one user besides its owner', { field: 'body/users' });
  }
  const named = [...new Set(requested.flatMap((u) => [u.id, u.userId]).filter((id): id is number => id !== undefined && id !== ownerId))];
  const found = await sdk.services.users.list(companyId, named);
  if (found.length !== named.length) throw sdk.errors.notFound('ERR_NO_USER_FOUND', 'User not found');
  return ownerId === null ? others : [ownerId, ...others];
}
