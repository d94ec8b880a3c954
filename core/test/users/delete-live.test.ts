import t from 'tap';
import { build } from '../helper.js';
import { Contact, Queue, Ticket } from '../../src/db/models/index.js';
import { socketFor } from '../pipeline/http.js';

t.test('deleting a user: the queue\'s agents see the user\'s tickets come back to pending live; another queue hears nothing', async (t) => {
  const { request, createTenant, createUser, app } = await build(t);
  const { admin, companyId } = await createTenant('Live Del');
  const [sales, support] = await Promise.all(['Sales', 'Support'].map((name, i) => Queue.scoped(companyId).insertAndFetch({ name, color: `#22110${i}` } as Partial<Queue>)));
  const leaving = await createUser(companyId);
  const colleague = await createUser(companyId);
  const elsewhere = await createUser(companyId);
  await app.knex('userQueues').insert([
    { companyId, userId: leaving.id, queueId: sales.id }, { companyId, userId: colleague.id, queueId: sales.id }, { companyId, userId: elsewhere.id, queueId: support.id },
  ]);
  const contact = await Contact.scoped(companyId).insertAndFetch({ uuid: 'c-live-del', name: 'Cliente', number: '5511900000077' } as Partial<Contact>);
  const ticket = await Ticket.scoped(companyId).insertAndFetch({ uuid: 't-live-del', contactId: contact.id, userId: leaving.id, queueId: sales.id, status: 'open' } as Partial<Ticket>);

  const [colleagueSocket, adminSocket, otherSocket] = [await socketFor(t, app, colleague.token), await socketFor(t, app, admin.token), await socketFor(t, app, elsewhere.token)];
  const otherHeard: unknown[] = [];
  otherSocket.on(`company-${companyId}-ticket`, (payload: unknown) => otherHeard.push(payload));
  type TicketEvent = { action: string; ticket?: { id: number; status: string; userId: number | null; queue: { id: number } | null } };
  const released = (socket: typeof colleagueSocket) => new Promise<TicketEvent>((resolve) => {
    socket.on(`company-${companyId}-ticket`, (payload: TicketEvent) => { if (payload.ticket?.id === ticket.id) resolve(payload); });
  });
  const [forColleague, forAdmin] = [released(colleagueSocket), released(adminSocket)];
  t.equal((await request('DELETE', `/api/users/${leaving.id}`, { token: admin.token })).status, 200);
  const [heard, heardByAdmin] = await Promise.all([forColleague, forAdmin]);
  t.match(heard, { action: 'update', ticket: { id: ticket.id, status: 'pending', userId: null, queue: { id: sales.id } } }, 'the colleague in the queue sees it waiting');
  t.equal(heardByAdmin.ticket!.status, 'pending', 'the admin too');
  // Barrier: a company-wide event sent after the deletion reaches the other queue's agent after anything sent before it.
  const barrier = new Promise((resolve) => otherSocket.on(`company-${companyId}-user`, resolve));
  app.bus.emit(companyId, 'user', { action: 'barrier' });
  await barrier;
  t.same(otherHeard, [], 'an agent of another queue hears nothing of it');
});
