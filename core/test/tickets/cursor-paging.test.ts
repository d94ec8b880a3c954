import t from 'tap';
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { build } from '../helper.js';

/**
 * Cursor paging (issue 27): while tickets and messages arrive, pages read with the cursor the previous page
 * answered repeat no row and skip none of those that were there; `minUpdatedAt` answers what changed since.
 */
const at = (second: number) => new Date(Date.UTC(2030, 0, 1, 12, 0, second)).toISOString().replace('T', ' ').replace('Z', '');

async function addTickets(knex: Knex, n: number, updatedAt: (i: number) => string) {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const [contactId] = await knex('contacts').insert({ uuid: randomUUID(), companyId: 1, name: `C ${randomUUID().slice(0, 8)}`, number: `5511${String(Math.random()).slice(2, 11)}`, createdAt: updatedAt(i), updatedAt: updatedAt(i) });
    const [id] = await knex('tickets').insert({ uuid: randomUUID(), companyId: 1, contactId: Number(contactId), status: 'open', createdAt: updatedAt(i), updatedAt: updatedAt(i) });
    ids.push(Number(id));
  }
  return ids;
}

t.test('GET /tickets: cursor pages under concurrent inserts', async (t) => {
  const { app, request, token } = await build(t);
  // Three tickets per second: equal updatedAt values, ordered by id within them.
  const before = await addTickets(app.knex, 50, (i) => at(Math.floor(i / 3)));
  const seen: number[] = [];
  let cursor: Record<string, unknown> = {};
  let arriving = 0;
  for (let page = 0; page < 10; page++) {
    const res = await request('GET', '/api/tickets', { token, query: { status: 'open', showAll: 'true', ...cursor } });
    t.equal(res.status, 200);
    seen.push(...res.body.tickets.map((x: { id: number }) => x.id));
    if (!res.body.hasMore) break;
    cursor = { nextUpdatedAt: res.body.nextUpdatedAt, nextTicketId: res.body.nextTicketId };
    // New activity lands on top of the list between the pages.
    await addTickets(app.knex, 4, () => at(100 + page));
    arriving += 4;
  }
  t.equal(new Set(seen).size, seen.length, 'no ticket is repeated across pages');
  t.same(before.filter((id) => !seen.includes(id)), [], 'no ticket that was there is skipped');

  const offsetPage2 = await request('GET', '/api/tickets', { token, query: { status: 'open', showAll: 'true', pageNumber: 2 } });
  t.ok(offsetPage2.body.tickets.some((x: { id: number }) => seen.slice(0, 20).includes(x.id)), 'an offset page repeats rows that moved down (what the cursor avoids)');

  const since = await request('GET', '/api/tickets', { token, query: { status: 'open', showAll: 'true', minUpdatedAt: new Date(Date.UTC(2030, 0, 1, 12, 1, 40)).toISOString() } });
  t.equal(since.body.count, arriving, 'minUpdatedAt answers the tickets changed since (counted)');
  t.ok(since.body.tickets.every((x: { updatedAt: string }) => x.updatedAt >= '2030-01-01T12:01:40.000Z'), 'only tickets changed since minUpdatedAt');
  const half = await request('GET', '/api/tickets', { token, query: { nextTicketId: 5 } });
  t.same([half.status, half.body.error], [400, 'ERR_VALIDATION'], 'the two halves of the cursor go together');
});

t.test('GET /messages/:ticketId: nextId pages under concurrent inserts', async (t) => {
  const { app, request, token } = await build(t);
  const [ticketId] = await addTickets(app.knex, 1, () => at(0));
  const add = async (n: number, second: number) => {
    for (let i = 0; i < n; i++) await app.knex('messages').insert({ companyId: 1, ticketId, body: `m${second}.${i}`, fromMe: false, createdAt: at(second), updatedAt: at(second) });
  };
  await add(45, 1);
  const existing = (await app.knex('messages').where({ ticketId }).select('id')).map((r: { id: number }) => Number(r.id));
  const seen: number[] = [];
  let nextId: number | undefined;
  for (let page = 0; page < 10; page++) {
    const res = await request('GET', `/api/messages/${ticketId}`, { token, query: nextId ? { nextId } : {} });
    t.equal(res.status, 200);
    seen.push(...res.body.messages.map((m: { id: number }) => m.id));
    if (!res.body.hasMore) { t.equal(res.body.nextId, undefined, 'the last page names no next id'); break; }
    nextId = res.body.nextId;
    await add(7, 50 + page);
  }
  t.equal(new Set(seen).size, seen.length, 'no message is repeated across pages');
  t.same(existing.filter((id) => !seen.includes(id)), [], 'no message that was there is skipped');
  const since = await request('GET', `/api/messages/${ticketId}`, { token, query: { minUpdatedAt: '2030-01-01T12:00:50Z' } });
  t.ok(since.body.messages.length > 0 && since.body.messages.every((m: { body: string }) => !m.body.startsWith('m1.')), 'minUpdatedAt: only messages changed since');
});
