import type { Knex } from 'knex';
import { Ticket } from '../db/models/index.js';
import { isUniqueViolation, RetryTransaction } from '../db/errors.js';
import { newTicketFields } from '../domains/tickets/lifecycle.js';

/** The contact's live (open or pending) ticket on a connection, through tickets_live_contact_unique. */
export function findLiveTicket(companyId: number, contactId: number, whatsappId: number, trx?: Knex.Transaction) {
  return Ticket.scoped(companyId).transacting(trx as Knex.Transaction)
    .where({ contactId, whatsappId, liveSlot: 1 }).first();
}

/**
 * Opens a live ticket or returns the one that exists. The database decides races: the insert is
 * tried, and the unique index tickets_live_contact_unique rejects a second live ticket. Outside a
 * transaction the loser re-reads the winner's row; inside one it asks for a retry with a fresh
 * snapshot (a MariaDB repeatable-read snapshot would not see the winner's row).
 */
export async function openLiveTicket(
  companyId: number,
  fields: Partial<Ticket> & { contactId: number; whatsappId: number },
  trx?: Knex.Transaction,
): Promise<{ ticket: Ticket; created: boolean }> {
  const existing = await findLiveTicket(companyId, fields.contactId, fields.whatsappId, trx);
  if (existing) return { ticket: existing, created: false };
  try {
    const ticket = await Ticket.scoped(companyId).transacting(trx as Knex.Transaction).insertAndFetch(newTicketFields(fields));
    return { ticket, created: true };
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    if (trx) throw new RetryTransaction('lost the live-ticket race');
    const winner = await findLiveTicket(companyId, fields.contactId, fields.whatsappId);
    if (!winner) throw err;
    return { ticket: winner, created: false };
  }
}
