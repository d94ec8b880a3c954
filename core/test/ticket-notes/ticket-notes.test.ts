import t from 'tap';
import { build } from '../helper.js';
import { makeContact, makeTicket } from '../contacts/fixtures.js';
import { Queue } from '../../src/db/models/index.js';

t.test('a note is added to a ticket and listed with its author\'s name', async (t) => {
  const { request, token } = await build(t);
  const ticket = await makeTicket(1);
  const res = await request('POST', '/api/ticket-notes', { token, body: { note: 'Called back', ticketId: ticket.id, contactId: ticket.contactId } });
  t.equal(res.status, 200);
  t.equal(res.body.user.name, 'Admin');
  await request('POST', '/api/ticket-notes', { token, body: { note: 'Second', ticketId: ticket.id } });
  const list = await request('GET', '/api/ticket-notes/list', { token, query: { ticketId: ticket.id, contactId: ticket.contactId } });
  t.same(list.body.map((n: { note: string }) => n.note), ['Second', 'Called back']);
  t.equal(list.body[1].user.name, 'Admin');
  t.notOk('passwordHash' in list.body[0].user);
});

t.test('a note needs at least 2 characters and a ticket of the caller\'s company', async (t) => {
  const { request, token, createTenant } = await build(t);
  const ticket = await makeTicket(1);
  t.equal((await request('POST', '/api/ticket-notes', { token, body: { note: 'x', ticketId: ticket.id } })).status, 400);
  t.equal((await request('POST', '/api/ticket-notes', { token, body: { note: 'ok note' } })).status, 400);
  t.equal((await request('POST', '/api/ticket-notes', { token, body: { note: 'ok note', ticketId: 999999 } })).body.error, 'ERR_NO_TICKET_FOUND');
  const other = await createTenant('Other Co');
  const theirs = await makeTicket(other.companyId);
  t.equal((await request('POST', '/api/ticket-notes', { token, body: { note: 'sneaky', ticketId: theirs.id } })).status, 404);
  t.equal((await request('POST', '/api/ticket-notes', { token, body: { note: 'sneaky', ticketId: ticket.id, contactId: theirs.contactId } })).status, 404, 'nor a contact of another company');
});

t.test('only the author or an admin deletes a note; another company gets 404', async (t) => {
  const { request, token, createUser, createTenant } = await build(t);
  const ticket = await makeTicket(1);
  // The ticket has no queue: users with allTicket see it (core §6).
  const author = await createUser(1, { allTicket: 'enabled' });
  const colleague = await createUser(1, { allTicket: 'enabled' });
  const note = (await request('POST', '/api/ticket-notes', { token: author.token, body: { note: 'Mine', ticketId: ticket.id } })).body;
  const refused = await request('DELETE', `/api/ticket-notes/${note.id}`, { token: colleague.token });
  t.equal(refused.status, 403);
  t.equal(refused.body.error, 'ERR_NO_PERMISSION');
  const ot = (await createTenant('Other Co')).admin.token;
  t.equal((await request('DELETE', `/api/ticket-notes/${note.id}`, { token: ot })).status, 404);
  t.equal((await request('GET', '/api/ticket-notes/list', { token: ot, query: { ticketId: ticket.id } })).body.error, 'ERR_NO_TICKET_FOUND');
  t.equal((await request('DELETE', `/api/ticket-notes/${note.id}`, { token: author.token })).status, 200);
  const adminDeletes = (await request('POST', '/api/ticket-notes', { token: author.token, body: { note: 'Again', ticketId: ticket.id } })).body;
  t.equal((await request('DELETE', `/api/ticket-notes/${adminDeletes.id}`, { token })).status, 200);
});

t.test('notes follow the ticket\'s visibility: a user outside its queue neither reads nor writes them', async (t) => {
  const { app, request, token, createUser } = await build(t);
  const [sales, support] = await Promise.all(['Sales', 'Support'].map((name, i) => Queue.scoped(1).insertAndFetch({ name, color: `#00aa0${i}` } as Partial<Queue>)));
  const seller = await createUser(1);
  await app.knex('userQueues').insert({ companyId: 1, userId: seller.id, queueId: sales.id });
  const contact = await makeContact(1);
  const mine = await makeTicket(1, { contactId: contact.id, queueId: sales.id });
  const hidden = await makeTicket(1, { contactId: contact.id, queueId: support.id, status: 'closed' });
  const secret = (await request('POST', '/api/ticket-notes', { token, body: { note: 'Support only', ticketId: hidden.id } })).body;
  const shared = (await request('POST', '/api/ticket-notes', { token, body: { note: 'Sales note', ticketId: mine.id } })).body;

  const write = await request('POST', '/api/ticket-notes', { token: seller.token, body: { note: 'Peeking', ticketId: hidden.id } });
  t.equal(write.status, 403);
  t.equal(write.body.error, 'ERR_NO_PERMISSION');
  const read = await request('GET', '/api/ticket-notes/list', { token: seller.token, query: { ticketId: hidden.id } });
  t.equal(read.status, 403, 'the notes of a ticket outside the caller\'s queues are refused');
  const byContact = await request('GET', '/api/ticket-notes/list', { token: seller.token, query: { contactId: contact.id } });
  t.same(byContact.body.map((n: { id: number }) => n.id), [shared.id], 'by contact: only the notes of tickets the caller sees');
  const adminView = await request('GET', '/api/ticket-notes/list', { token, query: { contactId: contact.id } });
  t.same(adminView.body.map((n: { id: number }) => n.id).sort(), [secret.id, shared.id].sort(), 'the admin sees both');

  t.equal((await request('POST', '/api/ticket-notes', { token: seller.token, body: { note: 'Mine to write', ticketId: mine.id } })).status, 200, 'in their queue they write');
  const own = (await request('POST', '/api/ticket-notes', { token: seller.token, body: { note: 'Before the transfer', ticketId: mine.id } })).body;
  await app.knex('tickets').where({ id: mine.id }).update({ queueId: support.id });
  t.equal((await request('DELETE', `/api/ticket-notes/${own.id}`, { token: seller.token })).status, 403, 'once the ticket left their queue, not even their own note');
});
