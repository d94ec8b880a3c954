import t from 'tap';
import { build } from '../helper.js';
import { Ticket, Whatsapp } from '../../src/db/models/index.js';
import type { HookEvents } from '../../src/sdk/hooks.js';
import { connectedSandbox, waitFor } from '../pipeline/http.js';

type Recorded = { hook: 'onTicketCreate' | 'onTicketUpdate' | 'onTicketDelete'; ticketId: number; event: any };

/**
 * Every path that creates, changes or deletes a ticket runs its hook exactly once, with the ticket as it
 * was (`previous`, `changed`) and as it is: a plugin listening to the lifecycle hears every change.
 */
t.test('each ticket change runs its lifecycle hook once with the previous and the next ticket', async (t) => {
  const { app, request, token } = await build(t);
  const wa = await connectedSandbox(app);
  const calls: Recorded[] = [];
  for (const hook of ['onTicketCreate', 'onTicketUpdate', 'onTicketDelete'] as const) {
    app.hooks.on(hook, 'test-recorder', (event: HookEvents[typeof hook]) => { calls.push({ hook, ticketId: event.ticket.id, event }); });
  }
  /** The calls made while `act` ran (and the jobs it started, such as the responder chain, finished). */
  async function during(act: () => Promise<unknown>): Promise<Recorded[]> {
    const start = calls.length;
    await act();
    await app.jobs.idle();
    return calls.slice(start);
  }
  const inbound = (number: string, body: string) => request('POST', `/api/sandbox/${wa.id}/inbound`, { token, body: { number, body, name: 'Cliente' } });
  const liveTicketOf = (number: string): Promise<Ticket> => waitFor(async () => Ticket.scoped(1).joinRelated('contact').where('contact.number', number)
    .whereNot('tickets.status', 'closed').select('tickets.*').first(), 5000, 'the live ticket');

  // A first-time writer: the batched (group commit) storage path opens the ticket.
  let first!: Ticket;
  const opened = await during(async () => { await inbound('5511970000001', 'Oi'); first = await liveTicketOf('5511970000001'); });
  const created = opened.filter((c) => c.hook === 'onTicketCreate');
  t.equal(created.length, 1, 'one onTicketCreate for the inbound ticket');
  t.equal(created[0].ticketId, first.id);
  t.equal(created[0].event.origin, 'contact');

  // Accept: pending → open by the agent.
  const accepted = await during(() => request('PUT', `/api/tickets/${first.id}`, { token, body: { status: 'open' } }));
  t.equal(accepted.length, 1, 'one hook call for the accept');
  t.equal(accepted[0].hook, 'onTicketUpdate');
  t.equal(accepted[0].event.previous.status, 'pending');
  t.equal(accepted[0].event.ticket.status, 'open');
  t.ok(accepted[0].event.changed.includes('status') && accepted[0].event.changed.includes('userId'), 'status and user named as changed');

  // Close with a rating question, then the contact's answer (the single storage path: a known contact without a live ticket).
  await app.tenancy.settings.set(1, 'userRating', 'enabled');
  const closed = await during(() => request('PUT', `/api/tickets/${first.id}`, { token, body: { status: 'closed' } }));
  t.equal(closed.length, 1);
  t.same([closed[0].event.previous.status, closed[0].event.ticket.status], ['open', 'closed']);
  const rated = await during(async () => { await inbound('5511970000001', '3'); await waitFor(async () => (await first.$query()).rating === 3, 5000, 'the rating'); });
  t.equal(rated.length, 1, 'the rating answer is one ticket change');
  t.same(rated[0].event.changed, ['rating']);
  t.equal(rated[0].event.previous.rating, null);
  t.equal(rated[0].event.ticket.rating, 3);

  // The contact writes again: the single path opens a new ticket.
  let second!: Ticket;
  const reopened = await during(async () => { await inbound('5511970000001', 'Outra dúvida'); second = await liveTicketOf('5511970000001'); });
  const createdAgain = reopened.filter((c) => c.hook === 'onTicketCreate');
  t.equal(createdAgain.length, 1, 'one onTicketCreate on the single path');
  t.equal(createdAgain[0].ticketId, second.id);
  t.not(second.id, first.id);

  // Tag sync names what changed.
  const tag = await request('POST', '/api/tags', { token, body: { name: 'Urgente', color: '#ff0000' } });
  const tagged = await during(() => request('POST', '/api/tags/sync', { token, body: { ticketId: second.id, tags: [{ id: tag.body.id }] } }));
  t.equal(tagged.length, 1);
  t.same(tagged[0].event.changed, ['tags']);
  t.equal(tagged[0].ticketId, second.id);

  // A plugin's change through sdk.services.tickets.emitChange: with and without saying what changed.
  const tickets = app.services.tickets!;
  const said = await during(() => tickets.emitChange(1, second.id, { changed: ['kanbanLane'], userId: 1 }));
  t.equal(said.length, 1);
  t.same(said[0].event.changed, ['kanbanLane']);
  t.equal(said[0].event.userId, 1);
  await Ticket.scoped(1).findById(second.id).patch({ botOwner: 'flow' } as Partial<Ticket>);
  const column = await during(() => tickets.emitChange(1, second.id, { previous: { botOwner: null } }));
  t.same(column.map((c) => c.event.changed), [['botOwner']], 'the changed column is found from previous');
  t.equal(column[0].event.previous.botOwner, null);
  t.equal(column[0].event.ticket.botOwner, 'flow');
  const unsaid = await during(() => tickets.emitChange(1, second.id));
  t.same(unsaid.map((c) => c.event.changed), [[]], 'a change the plugin did not describe still runs the hook once');

  // The inactivity transfer moves a waiting ticket to the connection's transfer queue.
  await Ticket.scoped(1).findById(second.id).patch({ botOwner: null, userId: null, status: 'pending' } as Partial<Ticket>);
  const waiting = (await Ticket.scoped(1).findById(second.id))!;
  const [queueId] = await app.knex('queues').insert({ companyId: 1, name: 'Espera', color: '#123', createdAt: '2026-01-01 00:00:00.000', updatedAt: '2026-01-01 00:00:00.000' });
  await Whatsapp.scoped(1).findById(wa.id).patch({ timeToTransfer: 5, transferQueueId: queueId } as Partial<Whatsapp>);
  app.pipeline.connections.invalidate();
  await app.knex('tickets').where({ id: second.id }).update({ createdAt: '2020-01-01 00:00:00.000' });
  const transferred = await during(async () => {
    await app.jobs.enqueue('tickets.transfer', { companyId: 1, ticketId: second.id });
    await waitFor(async () => (await Ticket.scoped(1).findById(second.id))!.queueId === queueId, 5000, 'the transfer');
  });
  t.equal(transferred.length, 1, 'one hook call for the transfer');
  t.equal(transferred[0].event.previous.queueId, waiting.queueId ?? null);
  t.equal(transferred[0].event.ticket.queueId, queueId);
  t.ok(transferred[0].event.changed.includes('queueId'));

  // An agent opens a ticket by hand, then an admin deletes it.
  const contact = await request('POST', '/api/contacts', { token, body: { name: 'Manual', number: '5511970000002' } });
  let manualId = 0;
  const made = await during(async () => {
    const res = await request('POST', '/api/tickets', { token, body: { contactId: contact.body.id, status: 'open' } });
    t.equal(res.status, 200, 'the ticket is created');
    manualId = res.body.id;
  });
  t.same(made.map((c) => [c.hook, c.ticketId, c.event.origin]), [['onTicketCreate', manualId, 'agent']]);
  t.equal(made[0].event.ticket.status, 'open');
  t.ok(made[0].event.userId, 'the agent who opened it');
  const deleted = await during(() => request('DELETE', `/api/tickets/${manualId}`, { token }));
  t.same(deleted.map((c) => [c.hook, c.ticketId]), [['onTicketDelete', manualId]]);
  t.equal(deleted[0].event.ticket.contactId, contact.body.id, 'the ticket as it was');
});

t.test('a send to a contact without a live ticket opens one and runs onTicketCreate once', async (t) => {
  const { app, request, token } = await build(t);
  await connectedSandbox(app);
  const created: Array<HookEvents['onTicketCreate']> = [];
  app.hooks.on('onTicketCreate', 'test-recorder', (event) => { created.push(event); });
  const contact = await request('POST', '/api/contacts', { token, body: { name: 'Destino', number: '5511970000003' } });
  const messages = app.services.messages as { sendToContact(input: { companyId: number; contactId: number; body: string }): Promise<{ ticket: Ticket }> };
  const { ticket } = await messages.sendToContact({ companyId: 1, contactId: contact.body.id, body: 'Olá' });
  await messages.sendToContact({ companyId: 1, contactId: contact.body.id, body: 'De novo' });
  t.same(created.map((e) => [e.ticket.id, e.origin]), [[ticket.id, 'send']], 'once: the second send reuses the live ticket');
});
