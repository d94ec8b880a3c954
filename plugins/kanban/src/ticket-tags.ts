import type { AtriumSdk, AuthUser } from '@atrium/core/sdk';

/**
 * A ticket the user may see (core §6, through the core's service): 404 for a missing (or another
 * company's) ticket, 403 for one outside the user's queues. The writes below trust this check.
 */
export async function assertTicket(sdk: AtriumSdk, user: AuthUser, ticketId: number) {
  await sdk.services.tickets.assertVisible(user, ticketId);
}

/** A kanban tag of the company: 404 for a missing (or another company's) tag, 400 for a tag that is no lane. */
export async function assertKanbanTag(sdk: AtriumSdk, companyId: number, tagId: number) {
  const tag = await sdk.services.tags.find(companyId, tagId);
  if (!tag) throw sdk.errors.notFound('ERR_NO_TAG_FOUND', 'Tag not found');
  if (tag.kanban !== 1) throw sdk.errors.badRequest('ERR_TAG_NOT_KANBAN', 'This tag is not a kanban lane');
}

/** Removes the ticket's kanban tags (its lane); other tags stay. The route announces the change once. */
export async function removeKanbanTags(sdk: AtriumSdk, companyId: number, ticketId: number): Promise<number> {
  const laneTagIds = (await sdk.services.tags.kanbanLanes(companyId)).map((tag) => tag.id);
  if (laneTagIds.length === 0) return 0;
  return sdk.services.ticketTags.remove(companyId, ticketId, laneTagIds, { emit: false });
}

/** Adds a tag to a ticket; adding it twice is a no-op. The route announces the change. */
export async function addTag(sdk: AtriumSdk, companyId: number, ticketId: number, tagId: number) {
  await sdk.services.ticketTags.add(companyId, ticketId, [tagId], { emit: false });
}
