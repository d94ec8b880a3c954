import type { AtriumSdk } from '@atrium/core/sdk';

/** Writes to the ticketTags join table; callers check that the ticket and tag are the company's. */
export async function assertTicket(sdk: AtriumSdk, companyId: number, ticketId: number) {
  const found = await sdk.models.Ticket.scoped(companyId).findById(ticketId).select('tickets.id');
  if (!found) throw sdk.errors.notFound('ERR_NO_TICKET_FOUND', 'Ticket not found');
}

/** A kanban tag of the company: 404 for a missing (or another company's) tag, 400 for a tag that is no lane. */
export async function assertKanbanTag(sdk: AtriumSdk, companyId: number, tagId: number) {
  const tag = await sdk.models.Tag.scoped(companyId).findById(tagId).select('tags.id', 'tags.kanban');
  if (!tag) throw sdk.errors.notFound('ERR_NO_TAG_FOUND', 'Tag not found');
  if (Number(tag.kanban) !== 1) throw sdk.errors.badRequest('ERR_TAG_NOT_KANBAN', 'This tag is not a kanban lane');
}

/** Removes the ticket's kanban tags (its lane); other tags stay. */
export async function removeKanbanTags(sdk: AtriumSdk, companyId: number, ticketId: number): Promise<number> {
  const laneTagIds = (await sdk.models.Tag.scoped(companyId).where('tags.kanban', 1).select('tags.id')).map((tag) => tag.id);
  if (laneTagIds.length === 0) return 0;
  return sdk.knex('ticketTags').where({ ticketId }).whereIn('tagId', laneTagIds).delete();
}

/** Adds a tag to a ticket; adding it twice is a no-op. */
export async function addTag(sdk: AtriumSdk, ticketId: number, tagId: number) {
  await sdk.knex('ticketTags').insert({ ticketId, tagId }).onConflict(['ticketId', 'tagId']).ignore();
}
