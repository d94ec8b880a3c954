import t from 'tap';
import { build } from '../helper.js';
import { makeTicket } from '../contacts/fixtures.js';

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
  const author = await createUser(1);
  const colleague = await createUser(1);
  const note = (await request('POST', '/api/ticket-notes', { token: author.token, body: { note: 'Mine', ticketId: ticket.id } })).body;
  const refused = await request('DELETE', `/api/ticket-notes/${note.id}`, { token: colleague.token });
  t.equal(refused.status, 403);
  t.equal(refused.body.error, 'ERR_NO_PERMISSION');
  const ot = (await createTenant('Other Co')).admin.token;
  t.equal((await request('DELETE', `/api/ticket-notes/${note.id}`, { token: ot })).status, 404);
  t.same((await request('GET', '/api/ticket-notes/list', { token: ot, query: { ticketId: ticket.id } })).body, []);
  t.equal((await request('DELETE', `/api/ticket-notes/${note.id}`, { token: author.token })).status, 200);
  const adminDeletes = (await request('POST', '/api/ticket-notes', { token: author.token, body: { note: 'Again', ticketId: ticket.id } })).body;
  t.equal((await request('DELETE', `/api/ticket-notes/${adminDeletes.id}`, { token })).status, 200);
});
