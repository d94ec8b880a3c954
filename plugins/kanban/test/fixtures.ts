import * as models from '../../../core/src/db/models/index.js';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/** Rows for the kanban tests, written through the core's scoped models. */
export function kanbanFixtures(app: FastifyInstance) {
  const { knex } = app.atrium;
  let n = 0;
  return {
    async queue(companyId: number, name: string) {
      n += 1;
      return models.Queue.scoped(companyId).insertAndFetch({ name, color: `#0000${String(n).padStart(2, '0')}` } as never);
    },
    async tag(companyId: number, name: string, kanban: 0 | 1, color = '#FF8800') {
      return models.Tag.scoped(companyId).insertAndFetch({ name, color, kanban } as never);
    },
    async ticket(companyId: number, fields: { queueId?: number | null; userId?: number | null; status?: 'open' | 'pending' | 'closed'; lastMessage?: string; name?: string } = {}) {
      n += 1;
      const contact = await models.Contact.scoped(companyId).insertAndFetch({
        uuid: randomUUID(), name: fields.name ?? `Contact ${n}`, number: `5511999${String(n).padStart(6, '0')}`,
      } as never);
      return models.Ticket.scoped(companyId).insertAndFetch({
        uuid: randomUUID(), contactId: contact.id, status: fields.status ?? 'open', queueId: fields.queueId ?? null,
        userId: fields.userId ?? null, lastMessage: fields.lastMessage ?? `hello ${n}`,
      } as never);
    },
    async tagTicket(ticketId: number, tagId: number) {
      await knex('ticketTags').insert({ companyId: knex('tickets').select('companyId').where('id', ticketId), ticketId, tagId });
    },
    async tagIdsOf(ticketId: number): Promise<number[]> {
      return (await knex('ticketTags').where({ ticketId }).orderBy('tagId').pluck('tagId')).map(Number);
    },
    async joinQueue(userId: number, queueId: number) {
      await knex('userQueues').insert({ companyId: knex('users').select('companyId').where('id', userId), userId, queueId });
    },
  };
}
