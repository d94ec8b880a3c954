import t, { type Test } from 'tap';
import { randomUUID } from 'node:crypto';
import { build } from '../helper.js';
import { Contact, Queue, Tag, Ticket, TicketNote } from '../../src/db/models/index.js';
import { toDbTime } from '../../src/db/time.js';
import { newTicketFields } from '../../src/domains/tickets/lifecycle.js';
import type { MessagesService } from '../../src/messaging/pipeline-plugin.js';
import type { HookEvents } from '../../src/sdk/hooks.js';

/**
 * What a plugin relies on from sdk.services.tickets now that sdk.models is gone: the core's ticket view of one
 * ticket or a filtered list (the kanban board), and hand-off / release from a job (the flow builder's pauses),
 * each confined to the caller's company and announced like the core's own ticket changes.
 */
async function setup(t: Test) {
  const built = await build(t);
  const { app } = built;
  const other = await built.createTenant('Other Co');
  let n = 0;
  const queue = (companyId: number, name: string) => Queue.scoped(companyId).insertAndFetch({ name, color: `#1234${String(++n).padStart(2, '0')}` } as Partial<Queue>);
  const ticket = async (companyId: number, fields: Partial<Ticket> = {}) => {
    n += 1;
    const contact = await Contact.scoped(companyId).insertAndFetch({ uuid: randomUUID(), name: `Contact ${n}`, number: `55119800${String(n).padStart(5, '0')}` } as Partial<Contact>);
    const row = await Ticket.scoped(companyId).insertAndFetch(newTicketFields({ contactId: contact.id, status: 'open', ...fields }));
    // Distinct, increasing updatedAt (the views' order) without waiting on the clock.
    await app.knex('tickets').where({ id: row.id }).update({ updatedAt: toDbTime(Date.UTC(2026, 0, 1, 0, 0, n)) });
    return row;
  };
  const tickets = app.services.tickets!;
  const ticketEvents: Array<{ companyId: number; action: string; ticket: any }> = [];
  const emitTicketChange = app.bus.emitTicketChange.bind(app.bus);
  app.bus.emitTicketChange = (companyId, action, view, previous) => {
    ticketEvents.push({ companyId, action, ticket: view });
    emitTicketChange(companyId, action, view, previous);
  };
  const updates: Array<HookEvents['onTicketUpdate']> = [];
  app.hooks.on('onTicketUpdate', 'test-recorder', (event: HookEvents['onTicketUpdate']) => { updates.push(event); });
  return { ...built, other, queue, ticket, tickets, ticketEvents, updates };
}

t.test('the SDK a plugin gets has no models: the core\'s data goes through sdk.services', async (t) => {
  const { app } = await build(t);
  t.notOk('models' in app.atrium, 'no sdk.models');
  t.type(app.services.tickets?.view, 'function');
  t.type(app.services.tickets?.views, 'function');
});

t.test('tickets.view answers the company\'s ticket in the core\'s ticket view; another company\'s id reads as missing', async (t) => {
  const { tickets, queue, ticket, other } = await setup(t);
  const sales = await queue(1, 'Vendas');
  const tag = await Tag.scoped(1).insertAndFetch({ name: 'Lead', color: '#FF0000', kanban: 1 } as Partial<Tag>);
  const mine = await ticket(1, { queueId: sales.id, lastMessage: 'olá' });
  await Ticket.knex()('ticketTags').insert({ companyId: 1, ticketId: mine.id, tagId: tag.id });
  const view = await tickets.view(1, mine.id);
  t.match(view, {
    id: mine.id, uuid: mine.uuid, companyId: 1, status: 'open', lastMessage: 'olá', queueId: sales.id,
    queue: { id: sales.id, name: 'Vendas' }, contact: { id: mine.contactId, name: /^Contact / }, tags: [{ id: tag.id, name: 'Lead', color: '#FF0000' }],
  });
  t.type(view!.updatedAt, 'string');
  t.notOk('botCursor' in view!, 'the chain\'s bookkeeping stays hidden');

  const theirs = await ticket(other.companyId);
  t.equal(await tickets.view(1, theirs.id), null, 'another company\'s ticket is missing for this company');
  t.equal(await tickets.view(other.companyId, mine.id), null, 'and the other way round');
  t.equal(await tickets.view(1, 999_999), null);
});

t.test('tickets.views filters by status and queues (with unqueued ones, optionally one user\'s), newest first, within the company and the limit', async (t) => {
  const { tickets, queue, ticket, other, createUser } = await setup(t);
  const sales = await queue(1, 'Vendas');
  const support = await queue(1, 'Suporte');
  const agent = await createUser(1);
  const inSales = await ticket(1, { queueId: sales.id });
  const inSupport = await ticket(1, { queueId: support.id, status: 'pending' });
  const unqueuedMine = await ticket(1, { userId: agent.id });
  const unqueuedOther = await ticket(1);
  const closed = await ticket(1, { queueId: sales.id, status: 'closed', closedAt: null } as Partial<Ticket>);
  await ticket(other.companyId); // another company's newest ticket

  const ids = (views: Array<{ id: number }>) => views.map((v) => v.id);
  t.same(ids(await tickets.views(1, { limit: 50 })), [closed.id, unqueuedOther.id, unqueuedMine.id, inSupport.id, inSales.id], 'all of the company\'s, newest first');
  t.same(ids(await tickets.views(1, { statuses: ['open', 'pending'], limit: 50 })), [unqueuedOther.id, unqueuedMine.id, inSupport.id, inSales.id]);
  t.same(ids(await tickets.views(1, { statuses: ['open', 'pending'], limit: 2 })), [unqueuedOther.id, unqueuedMine.id], 'the limit');
  t.same(ids(await tickets.views(1, { statuses: ['open', 'pending'], queues: { ids: [sales.id] }, limit: 50 })), [inSales.id], 'one queue');
  t.same(ids(await tickets.views(1, { statuses: ['open', 'pending'], queues: { ids: [sales.id], unqueued: true }, limit: 50 })),
    [unqueuedOther.id, unqueuedMine.id, inSales.id], 'a queue and the unqueued tickets');
  t.same(ids(await tickets.views(1, { statuses: ['open', 'pending'], queues: { ids: [support.id], unqueued: { userId: agent.id } }, limit: 50 })),
    [unqueuedMine.id, inSupport.id], 'a queue and the unqueued tickets of one user');
  t.same(ids(await tickets.views(1, { queues: { ids: [] }, limit: 50 })), [], 'no queues: nothing');
  t.same(ids(await tickets.views(1, { queues: { ids: [], unqueued: { userId: agent.id } }, limit: 50 })), [unqueuedMine.id]);
  t.same(ids(await tickets.views(other.companyId, { queues: { ids: [sales.id] }, limit: 50 })), [], 'another company\'s queue id matches none of its tickets');
  const view = (await tickets.views(1, { queues: { ids: [sales.id] }, statuses: ['open'], limit: 1 }))[0];
  t.match(view, { id: inSales.id, queue: { id: sales.id, name: 'Vendas' }, contact: { id: inSales.contactId }, tags: [] });
});

t.test('tickets.handOff from a job: to people in the queue, announced and counted as one change, only while the responder holds the ticket', async (t) => {
  const { app, tickets, queue, ticket, other, ticketEvents, updates } = await setup(t);
  const sales = await queue(1, 'Vendas');
  const held = await ticket(1, { status: 'pending', botOwner: 'bot.run', chatbot: true });
  const pendingIn = async (queueId: number) => Number((await app.knex('ticketCounts').where({ companyId: 1, status: 'pending', queueId }).sum({ n: 'n' }).first() as { n: unknown }).n ?? 0);
  const salesBefore = await pendingIn(sales.id);

  t.equal(await tickets.handOff(1, held.id, { owners: ['another.bot'], reason: 'nope' }), false, 'a responder that does not hold it hands nothing');
  t.equal(await tickets.handOff(other.companyId, held.id, { owners: ['bot.run'], reason: 'nope' }), false, 'another company\'s ticket is refused');
  t.equal(ticketEvents.length, 0);
  t.equal((await Ticket.scoped(1).findById(held.id))!.botOwner, 'bot.run', 'untouched');

  t.equal(await tickets.handOff(1, held.id, { owners: ['bot.run', 'bot.phrase'], reason: 'asked for a person', queueId: sales.id }), true);
  const after = (await Ticket.scoped(1).findById(held.id))!;
  t.match(after, { status: 'pending', botOwner: '@handoff', chatbot: false, queueId: sales.id });
  t.equal(ticketEvents.filter((e) => e.ticket.id === held.id).length, 1, 'one ticket event');
  t.match(ticketEvents[0], { companyId: 1, action: 'update', ticket: { id: held.id, queueId: sales.id, queue: { name: 'Vendas' } } });
  const update = updates.find((u) => u.ticket.id === held.id)!;
  t.ok(update.changed.includes('queueId'), 'onTicketUpdate names the queue change');
  t.equal(update.previous.queueId, null);
  t.equal(await pendingIn(sales.id), salesBefore + 1, 'the queue\'s pending count moved');
  const notes = await TicketNote.scoped(1).where({ ticketId: held.id });
  t.equal(notes.length, 1);
  t.match(notes[0].note, /bot\.run[\s\S]*» asked for a person/, 'the agents see which bot and why');

  t.equal(await tickets.handOff(1, held.id, { owners: ['bot.run'], reason: 'again' }), false, 'handed off already: nothing more');
});

t.test('tickets.handOff keeps the queue when the queue is another company\'s; release ends the hold only for its holder', async (t) => {
  const { tickets, queue, ticket, other, ticketEvents, updates } = await setup(t);
  const theirQueue = await queue(other.companyId, 'Theirs');
  const held = await ticket(1, { status: 'pending', botOwner: 'bot.run', chatbot: true });
  t.equal(await tickets.handOff(1, held.id, { owners: ['bot.run'], reason: 'x', queueId: theirQueue.id }), true, 'the people still get the ticket');
  t.match(await Ticket.scoped(1).findById(held.id), { botOwner: '@handoff', queueId: null });

  const flowing = await ticket(1, { status: 'pending', botOwner: 'bot.run', chatbot: true });
  const events = ticketEvents.length;
  t.equal(await tickets.release(1, flowing.id, { owners: ['another.bot'] }), false);
  t.equal(await tickets.release(other.companyId, flowing.id, { owners: ['bot.run'] }), false, 'another company\'s ticket is refused');
  t.equal(ticketEvents.length, events, 'nothing announced');
  t.equal(await tickets.release(1, flowing.id, { owners: ['bot.run'] }), true);
  t.match(await Ticket.scoped(1).findById(flowing.id), { botOwner: null, chatbot: false, status: 'pending' });
  t.equal(ticketEvents.length, events + 1, 'the release is announced');
  t.ok(updates.find((u) => u.ticket.id === flowing.id)?.changed.includes('botOwner'));
});

t.test('messages.send with a ticket id reads the ticket in the caller\'s company', async (t) => {
  const { app, ticket, other } = await setup(t);
  const theirs = await ticket(other.companyId);
  const messages = app.services.messages as MessagesService;
  await t.rejects(messages.send({ companyId: 1, ticket: { id: theirs.id }, body: 'hi' }), { code: 'ERR_NO_TICKET_FOUND' });
  t.equal(await app.knex('messages').where({ ticketId: theirs.id }).count({ n: '*' }).first().then((r) => Number(r!.n)), 0, 'nothing stored on their ticket');
});
