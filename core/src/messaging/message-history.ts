import type { Knex } from 'knex';
import { Message, MessageEdit, Ticket } from '../db/models/index.js';
import { publishTicket, type LifecycleDeps } from '../domains/tickets/lifecycle.js';

export interface Editor { fromMe: boolean; userId: number | null }

/**
 * Gives a message a new body and keeps the one it replaces (issue 28), in one transaction so the history never
 * misses a body. Answers the updated message, or undefined when the body did not change (a replayed edit).
 */
export async function editWithHistory(knex: Knex, companyId: number, message: Message, body: string, editor: Editor): Promise<Message | undefined> {
  if ((message.body ?? '') === body) return undefined;
  return knex.transaction(async (trx) => {
    await MessageEdit.scoped(companyId).transacting(trx).insert({
      messageId: message.id, previousBody: message.body ?? null, fromMe: editor.fromMe, userId: editor.userId,
      createdAt: new Date().toISOString(),
    } as Partial<MessageEdit>);
    return message.$query(trx).patchAndFetch({ body, isEdited: true } as Partial<Message>);
  });
}

/** An edit of a ticket's latest message is its new `lastMessage` (the ticket list shows it). */
export async function refreshLastMessage(deps: LifecycleDeps, companyId: number, message: Message): Promise<void> {
  const latest = await Message.scoped(companyId).where('ticketId', message.ticketId).max('id as id').first() as unknown as { id: number | string | null } | undefined;
  if (Number(latest?.id) !== message.id) return;
  const ticket = await Ticket.scoped(companyId).findById(message.ticketId);
  if (!ticket || ticket.lastMessage === message.body) return;
  await ticket.$query().patch({ lastMessage: message.body ?? '' } as Partial<Ticket>);
  ticket.lastMessage = message.body ?? '';
  await publishTicket(deps, { kind: 'activity', companyId, ticket });
}
