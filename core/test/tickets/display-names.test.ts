import t from 'tap';
import { build } from '../helper.js';

/**
 * The ticket list shows connection, queue and user names from a per-company cache (db/display-names.ts).
 * A rename must show on the next read, and a user or queue created after the cache was filled must show too.
 */
t.test('the ticket list shows renames at once and names created after the list was read', async (t) => {
  const { request, token, createTenant } = await build(t);
  const queue = await request('POST', '/api/queue', { token, body: { name: 'Vendas', color: '#112233' } });
  t.equal(queue.status, 200);
  const connection = (await request('GET', '/api/whatsapp', { token })).body[0];
  const contact = await request('POST', '/api/contacts', { token, body: { name: 'Names', number: '5511955550000' } });
  const early = await request('POST', '/api/users', { token, body: { name: 'Early Agent', email: 'early@names.test', password: 'Early-pass-123', profile: 'user' } });
  const ticket = await request('POST', '/api/tickets', { token, body: { contactId: contact.body.id, status: 'open', queueId: queue.body.id, whatsappId: connection.id, userId: early.body.id } });
  t.equal(ticket.status, 200);

  const shown = async () => {
    const list = await request('GET', '/api/tickets', { token, query: { status: 'open', showAll: 'true' } });
    t.equal(list.status, 200);
    const row = list.body.tickets.find((x: { id: number }) => x.id === ticket.body.id);
    return { queue: row.queue, whatsapp: row.whatsapp, user: row.user };
  };
  const before = await shown();
  t.same(before.queue, { id: queue.body.id, name: 'Vendas', color: '#112233' });
  t.equal(before.whatsapp.name, connection.name);
  t.same(before.user, { id: early.body.id, name: 'Early Agent' });

  t.equal((await request('PUT', `/api/queue/${queue.body.id}`, { token, body: { name: 'Vendas B2B', color: '#445566' } })).status, 200);
  t.equal((await request('PUT', `/api/whatsapp/${connection.id}`, { token, body: { name: 'Central renamed' } })).status, 200);
  const renamed = await shown();
  t.same(renamed.queue, { id: queue.body.id, name: 'Vendas B2B', color: '#445566' }, 'a renamed queue shows its new name and colour');
  t.equal(renamed.whatsapp.name, 'Central renamed', 'a renamed connection shows its new name');
  t.equal((await request('PUT', `/api/users/${early.body.id}`, { token, body: { name: 'Early Renamed' } })).status, 200);
  t.same((await shown()).user, { id: early.body.id, name: 'Early Renamed' }, 'a renamed user shows the new name');

  // A user created after the names were cached, then given the ticket: shown by name.
  const created = await request('POST', '/api/users', { token, body: { name: 'Late Agent', email: 'late@names.test', password: 'Late-pass-123', profile: 'user' } });
  t.equal(created.status, 200);
  t.equal((await request('PUT', `/api/tickets/${ticket.body.id}`, { token, body: { userId: created.body.id } })).status, 200);
  t.same((await shown()).user, { id: created.body.id, name: 'Late Agent' }, 'a user newer than the cache is shown');

  // Another company's cache holds its own names only.
  const other = await createTenant('Names Other');
  const theirQueue = await request('POST', '/api/queue', { token: other.admin.token, body: { name: 'Deles', color: '#000000' } });
  const theirs = await request('GET', '/api/tickets', { token: other.admin.token, query: { status: 'open', showAll: 'true' } });
  t.equal(theirs.status, 200);
  t.notOk(JSON.stringify(theirs.body).includes('Vendas'), 'no name of company 1 in the other company\'s list');
  t.equal(theirQueue.status, 200);
});
