import type { Knex } from 'knex';
import { raw } from 'objection';
import { Ticket } from '../db/models/index.js';
import { toDbTime } from '../db/time.js';

/**
 * The company's `autoReopenTimeout` (minutes; the family's setting, issue 43): a contact who writes again that soon
 * after their ticket on this connection was closed goes on in that ticket, pending again and still its agent's,
 * instead of opening a new one (and being greeted and asked for a queue again). Only the one-message path meets
 * this case: the group commit sends a known contact without a live ticket here.
 */
export async function reopenRecentlyClosed(trx: Knex.Transaction, input: {
  companyId: number; contactId: number; whatsappId: number; minutes: number; now: string;
  activity: Partial<Ticket>;
}): Promise<{ ticket: Ticket; before: Ticket } | undefined> {
  const { companyId, contactId, whatsappId, minutes } = input;
  if (!(minutes > 0)) return undefined;
  const since = toDbTime(Date.parse(`${input.now.replace(' ', 'T')}Z`) - minutes * 60_000);
  // The contact's last conversation on this connection, and only it: an older one closed within the window
  // (the last was closed before it... or opened and closed since) is not reopened over it.
  const before = await Ticket.scoped(companyId).transacting(trx).where({ contactId, whatsappId, status: 'closed' })
    .orderBy('id', 'desc').first();
  if (!before?.closedAt || toDbTime(before.closedAt) < since) return undefined;
  // Conditional: a ticket reopened meanwhile is left alone (the unique live slot then says a retry is due).
  const reopened = await Ticket.scoped(companyId).transacting(trx).where({ id: before.id, status: 'closed' }).patch({
    ...input.activity, status: 'pending', closedAt: null, ratingRequestedAt: null,
    unreadMessages: raw('?? + ?', ['unreadMessages', 1]),
  } as unknown as Partial<Ticket>);
  if (!reopened) return undefined;
  const ticket = (await Ticket.scoped(companyId).transacting(trx).findById(before.id))!;
  return { ticket, before };
}

/** The setting's minutes ('' or not a number: off). */
export const autoReopenMinutes = (value: string | null | undefined) => Number(value || 0) || 0;
