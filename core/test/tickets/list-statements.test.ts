import t from 'tap';
import { build } from '../helper.js';

/**
 * What a page of the ticket list costs the database once the company's display names are cached: its tickets with
 * their contacts and tags in one statement, and on the first page the badge count from the kept counts. Each
 * statement more is a round trip more for every console's every list (docs/performance.md).
 */
t.test('a ticket list page is one statement, the first page two (its count), with contacts and tags', async (t) => {
  const { app, request, token } = await build(t);
  const tags = await Promise.all(['Urgente', 'VIP'].map(async (name, i) =>
    (await request('POST', '/api/tags', { token, body: { name, color: `#00000${i}` } })).body as { id: number; name: string }));
  const tickets: number[] = [];
  for (let i = 0; i < 25; i++) {
    const contact = await request('POST', '/api/contacts', { token, body: { name: `Cliente ${i}`, number: `55119777700${String(i).padStart(2, '0')}`, email: `c${i}@list.test` } });
    const ticket = await request('POST', '/api/tickets', { token, body: { contactId: contact.body.id, status: 'open' } });
    t.equal(ticket.status, 200);
    tickets.push(ticket.body.id);
  }
  // The newest ticket holds both tags, the one before it one; the rest none.
  const newest = tickets[tickets.length - 1];
  t.equal((await request('POST', '/api/tags/sync', { token, body: { ticketId: newest, tags: tags } })).status, 200);
  t.equal((await request('POST', '/api/tags/sync', { token, body: { ticketId: tickets[tickets.length - 2], tags: [tags[1]] } })).status, 200);
  const query = { status: 'open', showAll: 'true' };
  await request('GET', '/api/tickets', { token, query }); // the display names are cached from here on
  const statements: string[] = [];
  const record = (q: { sql: string }) => { if (!/from `jobs`/i.test(q.sql)) statements.push(q.sql); };
  app.knex.on('query', record);
  const first = await request('GET', '/api/tickets', { token, query });
  const firstCount = statements.length;
  const second = await request('GET', '/api/tickets', { token, query: { ...query, nextUpdatedAt: first.body.nextUpdatedAt, nextTicketId: first.body.nextTicketId } });
  app.knex.off('query', record);

  t.equal(first.status, 200);
  t.ok(firstCount <= 2, `the first page: ${firstCount} statements (≤ 2):\n${statements.slice(0, firstCount).join('\n')}`);
  t.ok(statements.length - firstCount <= 1, `the next page: ${statements.length - firstCount} statement (≤ 1):\n${statements.slice(firstCount).join('\n')}`);
  t.equal(first.body.count, 25);
  t.equal(first.body.tickets.length, 20);
  t.equal(second.body.tickets.length, 5);
  const shown = [...first.body.tickets, ...second.body.tickets] as Array<{ id: number; contact: { name: string; number: string; email: string } | null; tags: Array<{ name: string }> }>;
  t.same(shown.map((ticket) => ticket.id), [...tickets].reverse(), 'every ticket once, newest first');
  const top = shown[0];
  t.match(top.contact, { name: 'Cliente 24', number: '5511977770024', email: 'c24@list.test' }, 'the ticket\'s own contact');
  t.same(top.tags.map((tag) => tag.name).sort(), ['Urgente', 'VIP']);
  t.same(shown[1].tags.map((tag) => tag.name), ['VIP']);
  t.ok(shown.slice(2).every((ticket) => ticket.tags.length === 0 && ticket.contact !== null), 'the others: their contacts, no tags');
});
