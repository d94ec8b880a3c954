import t, { type Test } from 'tap';
import type { FastifyInstance } from 'fastify';
import { build } from '../helper.js';
import { Ticket } from '../../src/db/models/index.js';
import { dbNow } from '../../src/db/time.js';
import { TURN_JOB } from '../../src/messaging/responders/chain.js';
import { defaultConnection, inbound, useFakeProvider } from './fixtures.js';

/**
 * What one inbound text costs the database in steady state (a known contact, an open ticket, no responder acting)
 * with every plugin the seed plan enables, the responder chain's included: issue 35's goal is at most 5 statements a
 * message, as the ingest bench counts them (messages arriving together share the inbound pipeline's group commit).
 */
const PER_MESSAGE_LIMIT = 5;
const PROBE = 'statement-count probe';
const CONTACTS = ['5511900000001', '5511900000002', '5511900000003', '5511900000004', '5511900000005', '5511900000006'];

async function setup(t: Test) {
  const built = await build(t);
  const { app, request, token } = built;
  useFakeProvider(app);
  for (const plugin of app.plugins) {
    const flag = plugin.manifest.planFlag;
    if (flag) t.ok(await app.tenancy.hasFlag(1, flag), `the seed company's plan enables ${plugin.manifest.id}`);
  }
  // A phrase campaign the messages below do not match: the flow builder's responders are live, as in a real company.
  const flow = await request('POST', '/api/flowbuilder', { token, body: { name: 'Promoções' } });
  const campaign = await request('POST', '/api/flowcampaign', { token, body: { name: 'Promo', flowId: flow.body.id, phrase: 'quero a promoção' } });
  t.equal(campaign.status, 200, 'phrase campaign created');
  const wa = await defaultConnection();
  const conn = { companyId: 1, whatsappId: wa.id };
  const turns: number[] = [];
  /** While set, a message's turn is enqueued only once it resolves (a turn that comes late). */
  const gate: { hold?: Promise<void> } = {};
  const enqueue = app.jobs.enqueue.bind(app.jobs);
  app.jobs.enqueue = (async (name: string, data: { messageId?: number }, options?: unknown) => {
    if (name === TURN_JOB && data.messageId) {
      turns.push(data.messageId);
      if (gate.hold) await gate.hold;
    }
    return enqueue(name, data as never, options as never);
  }) as typeof app.jobs.enqueue;
  /**
   * Each contact's first message (its ticket opens and the chain deals with it), then a second one (the responders'
   * caches learn the company's campaigns and that the tickets have no flow run): the steady state.
   */
  const openTickets = async () => {
    for (const body of ['oi', 'tudo bem?']) {
      await Promise.all(CONTACTS.map((number) => app.pipeline.inbound.onMessage(conn, inbound(number, body))));
      await app.jobs.idle();
      for (const number of CONTACTS) t.ok(await settled(app, (await ticketOf(app, number)).id), `the chain dealt with ${number}'s "${body}"`);
    }
  };
  return { app, request, token, conn, turns, gate, openTickets, flowId: flow.body.id as number };
}

/** Every SQL statement the app runs from now on, except this test's own probes and the job queue's polling. */
function recordStatements(app: FastifyInstance) {
  const statements: string[] = [];
  const listener = (query: { sql: string }) => {
    if (query.sql.includes(PROBE) || /^select .* from `jobs`/i.test(query.sql)) return;
    statements.push(query.sql);
  };
  app.knex.on('query', listener);
  return { statements, stop: () => { app.knex.off('query', listener); } };
}

/**
 * Waits until the chain has dealt with every message of the ticket: no message from the contact past its cursor but
 * those ingestion marked passed (no responder could act on them).
 */
async function settled(app: FastifyInstance, ticketId: number) {
  for (let i = 0; i < 500; i++) {
    const cursor = await app.knex('tickets').where({ id: ticketId }).first('botCursor').comment(PROBE);
    const waiting = await app.knex('messages').where({ ticketId, fromMe: false, botPassed: false }).where('id', '>', Number(cursor?.botCursor ?? 0))
      .first('id').comment(PROBE);
    if (!waiting) return true;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return false;
}

const ticketOf = async (app: FastifyInstance, number: string) => {
  const contact = await app.knex('contacts').where({ companyId: 1, number }).first('id');
  return (await Ticket.scoped(1).where({ contactId: contact.id }).orderBy('id', 'desc').first())!;
};

/** A flow that answers with one text: what the flow builder sends when a phrase campaign starts it. */
const DISCOUNT = 'Temos 10% de desconto hoje!';
const discountFlow = {
  nodes: [{ id: '1', type: 'start', position: { x: 0, y: 100 }, data: {} }, { id: '2', type: 'message', position: { x: 200, y: 100 }, data: { label: DISCOUNT } }],
  connections: [{ id: 'e-1-a-2', source: '1', sourceHandle: 'a', target: '2', targetHandle: null }],
};

t.test(`a burst of steady-state texts costs at most ${PER_MESSAGE_LIMIT} statements a message, the responder chain's included`, async (t) => {
  const { app, conn, turns, openTickets } = await setup(t);
  await openTickets();
  const tickets = await Promise.all(CONTACTS.map((number) => ticketOf(app, number)));
  t.ok(tickets.every((ticket) => ticket.status !== 'closed' && Number(ticket.botCursor) > 0), 'open tickets whose first message the chain dealt with');
  turns.length = 0;

  const recorder = recordStatements(app);
  await Promise.all(CONTACTS.map((number) => app.pipeline.inbound.onMessage(conn, inbound(number, 'bom dia, tudo bem?'))));
  for (const ticket of tickets) t.ok(await settled(app, ticket.id), `the chain passed ticket ${ticket.id}'s message`);
  await app.jobs.idle();
  recorder.stop();

  const perMessage = recorder.statements.length / CONTACTS.length;
  t.comment(`a burst of ${CONTACTS.length}: ${recorder.statements.length} statements`);
  t.ok(perMessage <= PER_MESSAGE_LIMIT, `${perMessage.toFixed(1)} statements a message (≤ ${PER_MESSAGE_LIMIT}):\n${recorder.statements.join('\n')}`);
  t.same(turns, [], 'no responder could act: no message got a turn');
});

t.test(`one steady-state text alone costs at most ${PER_MESSAGE_LIMIT} statements: the chain adds none, no turn`, async (t) => {
  const { app, conn, turns, openTickets } = await setup(t);
  await openTickets();
  const ticket = await ticketOf(app, CONTACTS[0]);
  turns.length = 0;

  const recorder = recordStatements(app);
  await app.pipeline.inbound.onMessage(conn, inbound(CONTACTS[0], 'bom dia, tudo bem?'));
  await app.jobs.idle();
  await new Promise((resolve) => setTimeout(resolve, 50)); // a batched cursor move of the chain would go out on a later turn
  recorder.stop();

  const { statements } = recorder;
  t.ok(statements.length <= PER_MESSAGE_LIMIT, `${statements.length} statements (≤ ${PER_MESSAGE_LIMIT}):\n${statements.join('\n')}`);
  const chain = statements.filter((sql) => /(from|into|update) `(flowRuns|flowCampaigns|queueIntegrations|prompts|jobs)`/i.test(sql)
    || /`(botCursor|botLockUntil|botLockToken)` = /.test(sql));
  t.same(chain, [], 'no statement of the chain\'s own');
  t.same(turns, [], 'no turn');
  const stored = await app.knex('messages').where({ ticketId: ticket.id }).orderBy('id', 'desc').first('body', 'botPassed').comment(PROBE);
  t.equal(stored.body, 'bom dia, tudo bem?');
  t.ok(Number(stored.botPassed), 'stored marked passed: no responder could act on it');
  t.ok(await settled(app, ticket.id), 'nothing waits for the chain');
});

t.test('a message a responder may act on still gets its turn: a phrase campaign created after the company\'s triggers were cached', async (t) => {
  const { app, request, token, conn, turns, openTickets, flowId } = await setup(t);
  const provider = useFakeProvider(app);
  t.equal((await request('POST', '/api/flowbuilder/flow', { token, body: { idFlow: flowId, ...discountFlow } })).status, 200, 'flow saved');
  await openTickets();
  const ticket = await ticketOf(app, CONTACTS[0]);
  turns.length = 0;
  await app.pipeline.inbound.onMessage(conn, inbound(CONTACTS[0], 'quero o desconto'));
  t.ok(await settled(app, ticket.id));
  t.same(turns, [], 'no campaign has this phrase yet: no turn (and the company\'s triggers are cached now)');

  const created = await request('POST', '/api/flowcampaign', { token, body: { name: 'Desconto', flowId, phrase: 'desconto' } });
  t.equal(created.status, 200, 'a campaign with that phrase');
  const before = provider.sent.length;
  await app.pipeline.inbound.onMessage(conn, inbound(CONTACTS[0], 'quero o desconto'));
  await app.jobs.idle();
  t.equal(turns.length, 1, 'the message gets its turn');
  t.same(provider.sent.slice(before).map((m) => m.body), [DISCOUNT], 'and the flow answers it');
});

t.test('a passed message does not move the cursor over an earlier one still waiting for its turn', async (t) => {
  const { app, request, token, conn, turns, gate, openTickets, flowId } = await setup(t);
  const provider = useFakeProvider(app);
  t.equal((await request('POST', '/api/flowbuilder/flow', { token, body: { idFlow: flowId, ...discountFlow } })).status, 200, 'flow saved');
  t.equal((await request('POST', '/api/flowcampaign', { token, body: { name: 'Desconto', flowId, phrase: 'desconto' } })).status, 200);
  await openTickets();
  const ticket = await ticketOf(app, CONTACTS[0]);
  turns.length = 0;
  const before = provider.sent.length;
  // The first message's turn comes late: the second, which nobody acts on, is stored marked passed meanwhile.
  let release = () => {};
  gate.hold = new Promise<void>((resolve) => { release = resolve; });
  const first = app.pipeline.inbound.onMessage(conn, inbound(CONTACTS[0], 'quero o desconto'));
  await app.pipeline.inbound.onMessage(conn, inbound(CONTACTS[0], 'obrigado'));
  const second = await app.knex('messages').where({ ticketId: ticket.id, body: 'obrigado' }).first('id', 'botPassed').comment(PROBE);
  t.ok(Number(second.botPassed), 'the second is marked passed');
  t.ok(Number((await app.knex('tickets').where({ id: ticket.id }).first('botCursor').comment(PROBE)).botCursor) < second.id, 'the cursor has not moved over the first');
  release();
  await first;
  await app.jobs.idle();
  t.ok(await settled(app, ticket.id), 'the turn dealt with both');
  t.equal(turns.length, 1, 'one turn, for the first message');
  t.same(provider.sent.slice(before).map((m) => m.body), [DISCOUNT], 'the first message was answered, once');
});

/** A flow that asks a question and answers with what the contact said. */
const questionFlow = {
  nodes: [
    { id: '1', type: 'start', position: { x: 0, y: 100 }, data: {} },
    { id: '2', type: 'question', position: { x: 200, y: 100 }, data: { typebotIntegration: { message: 'Seu nome?', answerKey: 'nome' } } },
    { id: '3', type: 'message', position: { x: 400, y: 100 }, data: { label: 'Obrigado, {{nome}}!' } },
  ],
  connections: [
    { id: 'e-1-a-2', source: '1', sourceHandle: 'a', target: '2', targetHandle: null },
    { id: 'e-2-a-3', source: '2', sourceHandle: 'a', target: '3', targetHandle: null },
  ],
};

t.test('a message stored as passed while an earlier one waited for its turn is asked again by that turn: the flow it started answers it', async (t) => {
  const { app, request, token, conn, turns, gate, openTickets, flowId } = await setup(t);
  const provider = useFakeProvider(app);
  t.equal((await request('POST', '/api/flowbuilder/flow', { token, body: { idFlow: flowId, ...questionFlow } })).status, 200, 'flow saved');
  t.equal((await request('POST', '/api/flowcampaign', { token, body: { name: 'Cadastro', flowId, phrase: 'cadastro' } })).status, 200);
  await openTickets();
  const ticket = await ticketOf(app, CONTACTS[1]);
  turns.length = 0;
  const before = provider.sent.length;
  let release = () => {};
  gate.hold = new Promise<void>((resolve) => { release = resolve; });
  const first = app.pipeline.inbound.onMessage(conn, inbound(CONTACTS[1], 'quero fazer o cadastro'));
  // No flow runs yet when the name arrives: no responder could act on it, so it is stored as passed.
  await app.pipeline.inbound.onMessage(conn, inbound(CONTACTS[1], 'Ana'));
  const name = await app.knex('messages').where({ ticketId: ticket.id, body: 'Ana' }).first('botPassed').comment(PROBE);
  t.ok(Number(name.botPassed), 'the name is stored as passed');
  release();
  await first;
  await app.jobs.idle();
  t.ok(await settled(app, ticket.id));
  t.equal(turns.length, 1, 'one turn, for the first message');
  t.same(provider.sent.slice(before).map((m) => m.body), ['Seu nome?', 'Obrigado, Ana!'], 'the flow asked, and took the name as its answer');
});

/**
 * A new ticket's first message with the queue menu acting (the chain's last responder): the seed connection's greeting
 * goes out (no queues), or the greeting and the queue menu (two queues). Issue 42's goal: what a steady message costs
 * plus its send (an outbound text is 7: its transaction of 5, the ticket's tags for its event, the provider's ack).
 * Not met yet: the ceilings are today's counts (17.8 and 25.8 on SQLite, 17.3 and 25.3 on MariaDB) plus the 1.5 a
 * group commit split in two adds; docs/performance.md names where the rest goes. Lower them as the gap closes.
 */
const FIRST_MESSAGE_GOAL = PER_MESSAGE_LIMIT + 7;
const GREETING_CEILING = 20;
const QUEUE_MENU_CEILING = 28;

async function firstMessages(t: Test, withQueues: boolean) {
  const { app, conn } = await setup(t);
  const provider = useFakeProvider(app);
  if (withQueues) {
    const wa = await defaultConnection();
    for (const [i, name] of ['Vendas', 'Suporte'].entries()) {
      const [queueId] = await app.knex('queues').insert({ companyId: 1, name, color: `#00000${i}`, orderQueue: i + 1, createdAt: dbNow(), updatedAt: dbNow() });
      await app.knex('whatsappQueues').insert({ companyId: 1, whatsappId: wa.id, queueId: Number(queueId) });
    }
    app.pipeline.connections.invalidate();
  }
  // A first contact warms the caches (connection, settings, the responders' triggers), as in a running server.
  await app.pipeline.inbound.onMessage(conn, inbound('5511911111111', 'oi'));
  await app.jobs.idle();
  const before = provider.sent.length;
  const recorder = recordStatements(app);
  await Promise.all(CONTACTS.map((number) => app.pipeline.inbound.onMessage(conn, inbound(number, 'oi'))));
  await app.jobs.idle();
  const tickets = await app.knex('tickets').join('contacts', 'contacts.id', 'tickets.contactId').whereIn('contacts.number', CONTACTS)
    .select('tickets.id').comment(PROBE);
  t.equal(tickets.length, CONTACTS.length, 'one new ticket a contact');
  for (const ticket of tickets) t.ok(await settled(app, ticket.id), `the chain dealt with ticket ${ticket.id}'s first message`);
  recorder.stop();
  return { statements: recorder.statements, sent: provider.sent.slice(before) };
}

t.test(`a new ticket's first message with the greeting costs at most ${GREETING_CEILING} statements, its send included (goal ${FIRST_MESSAGE_GOAL})`, async (t) => {
  const { statements, sent } = await firstMessages(t, false);
  t.equal(sent.length, CONTACTS.length, 'every new ticket got the greeting');
  t.ok(sent.every((m) => /Olá! Como podemos ajudar/.test(m.body ?? '')), 'the connection\'s greeting');
  const perMessage = statements.length / CONTACTS.length;
  t.comment(`${CONTACTS.length} new tickets: ${statements.length} statements (goal ${FIRST_MESSAGE_GOAL} a message)`);
  t.ok(perMessage <= GREETING_CEILING, `${perMessage.toFixed(1)} statements a message (≤ ${GREETING_CEILING}):\n${statements.join('\n')}`);
});

t.test(`a new ticket's first message with the queue menu costs at most ${QUEUE_MENU_CEILING} statements, its send included (goal ${FIRST_MESSAGE_GOAL})`, async (t) => {
  const { statements, sent } = await firstMessages(t, true);
  t.equal(sent.length, CONTACTS.length, 'every new ticket got the menu');
  t.ok(sent.every((m) => /\*1\* - Vendas\n\*2\* - Suporte/.test(m.body ?? '')), 'the greeting and the queue menu');
  const perMessage = statements.length / CONTACTS.length;
  t.comment(`${CONTACTS.length} new tickets: ${statements.length} statements (goal ${FIRST_MESSAGE_GOAL} a message)`);
  t.ok(perMessage <= QUEUE_MENU_CEILING, `${perMessage.toFixed(1)} statements a message (≤ ${QUEUE_MENU_CEILING}):\n${statements.join('\n')}`);
});
