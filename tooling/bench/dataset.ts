/**
 * Bench data at the peer's measured scale (shared/ANCHORS.md): 20 000 contacts, 100 000 tickets
 * (20k open, 10k pending, 70k closed) and 1 000 000 messages (10 per ticket), in company 1,
 * spread over 3 queues and 5 agents. Inserted with batched knex statements (setup, not product code).
 */
import type { Knex } from 'knex';
import { randomUUID } from 'node:crypto';
import { toDbTime } from '../../core/src/db/time.js';

export interface DatasetSize { contacts: number; tickets: number; messagesPerTicket: number }
export const FULL: DatasetSize = { contacts: 20_000, tickets: 100_000, messagesPerTicket: 10 };

const WORDS = ['pedido', 'entrega', 'boleto', 'troca', 'garantia', 'cancelar', 'prazo', 'nota', 'cupom', 'suporte'];

async function batchInsert(knex: Knex, table: string, rows: Record<string, unknown>[], size: number) {
  for (let i = 0; i < rows.length; i += size) await knex(table).insert(rows.slice(i, i + size));
}

export async function seedDataset(knex: Knex, size: DatasetSize = FULL, log = (m: string) => process.stderr.write(m + '\n')) {
  const companyId = 1;
  const whatsappId = (await knex('whatsapps').where({ companyId }).first('id')).id as number;
  const now = Date.now();
  const t = (msAgo: number) => toDbTime(now - msAgo);
  const batch = knex.client.config.client === 'better-sqlite3' ? 500 : 2000;

  const queueIds: number[] = [];
  for (const [i, color] of ['#1e88e5', '#43a047', '#fb8c00'].entries()) {
    const [id] = await knex('queues').insert({ companyId, name: `Fila ${i + 1}`, color, orderQueue: i + 1, createdAt: t(0), updatedAt: t(0) });
    queueIds.push(Number(id));
  }
  const userIds: number[] = [];
  for (let i = 0; i < 5; i++) {
    const [id] = await knex('users').insert({ companyId, name: `Agente ${i + 1}`, email: `agent${i + 1}@bench.test`, passwordHash: 'x', profile: 'user', createdAt: t(0), updatedAt: t(0) });
    userIds.push(Number(id));
    await knex('userQueues').insert({ companyId, userId: id, queueId: queueIds[i % 3] });
  }

  log(`seeding ${size.contacts} contacts`);
  await knex.transaction(async (trx) => {
    const rows = Array.from({ length: size.contacts }, (_, i) => ({
      uuid: randomUUID(), companyId, name: `Cliente ${i + 1}`, number: String(5511900000000 + i), isGroup: false, whatsappId,
      createdAt: t((size.contacts - i) * 60_000), updatedAt: t((size.contacts - i) * 60_000),
    }));
    await batchInsert(trx, 'contacts', rows, batch);
  });
  const firstContact = (await knex('contacts').where({ companyId }).min({ id: 'id' }).first()).id as number;

  log(`seeding ${size.tickets} tickets`);
  // A contact has at most one live ticket per connection (the database enforces it): live tickets
  // go to distinct contacts, closed ones are spread over everyone.
  const live = Math.min(size.contacts, Math.round(size.tickets * 0.3));
  await knex.transaction(async (trx) => {
    const rows = Array.from({ length: size.tickets }, (_, i) => {
      const status = i < live * (2 / 3) ? 'open' : i < live ? 'pending' : 'closed';
      const contactId = firstContact + (i < live ? i : i % size.contacts);
      const ago = (size.tickets - i) * 30_000;
      return {
        uuid: randomUUID(), companyId, contactId, whatsappId, status,
        userId: status === 'pending' ? null : userIds[i % userIds.length],
        queueId: queueIds[i % queueIds.length],
        lastMessage: `mensagem sobre ${WORDS[i % WORDS.length]} ${i}`, unreadMessages: status === 'closed' ? 0 : i % 4,
        createdAt: t(ago + 600_000), updatedAt: t(ago), acceptedAt: status === 'pending' ? null : t(ago + 300_000), closedAt: status === 'closed' ? t(ago) : null,
      };
    });
    await batchInsert(trx, 'tickets', rows, batch);
  });

  log(`seeding ${size.tickets * size.messagesPerTicket} messages`);
  const firstTicket = (await knex('tickets').where({ companyId }).min({ id: 'id' }).first()).id as number;
  const chunk = 10_000;
  for (let start = 0; start < size.tickets; start += chunk) {
    await knex.transaction(async (trx) => {
      const rows: Record<string, unknown>[] = [];
      for (let i = start; i < Math.min(size.tickets, start + chunk); i++) {
        const contactId = firstContact + (i < live ? i : i % size.contacts);
        for (let m = 0; m < size.messagesPerTicket; m++) {
          const n = i * size.messagesPerTicket + m;
          rows.push({
            companyId, ticketId: firstTicket + i, contactId, whatsappId, providerId: `bench-${n}`,
            // One message in five holds the searched word "garantia" (the peer's search benchmark).
            body: n % 5 === 0 ? `preciso de ajuda com a garantia do pedido ${n}` : `texto comum sobre ${WORDS[n % WORDS.length]} ${n}`,
            fromMe: m % 2 === 1, ack: 3, read: true, status: m % 2 ? 'sent' : 'received',
            createdAt: t((size.tickets - i) * 30_000 + (size.messagesPerTicket - m) * 1000), updatedAt: t(0),
          });
        }
      }
      await batchInsert(trx, 'messages', rows, batch);
    });
    if ((start / chunk) % 2 === 0) log(`  messages for tickets ${start}..${start + chunk}`);
  }
  return { companyId, whatsappId, queueIds, userIds };
}
