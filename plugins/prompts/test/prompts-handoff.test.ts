import t from 'tap';
import { TicketNote } from '../../../core/src/db/models/index.js';
import type { HookEvents } from '../../../core/src/sdk/hooks.js';
import { KEY, PROMPT_TEXT, open, setup } from './responder-setup.js';

t.test('an agent accepting the ticket silences the prompt: the model is not called again', async (t) => {
  const env = await setup(t);
  const { fake, say, ticket, request, token } = env;
  await open(t, env);
  await say('Olá');
  const accepted = await request('PUT', `/api/tickets/${(await ticket()).id}`, { token, body: { status: 'open' } });
  t.equal(accepted.status, 200);
  t.same(await say('ainda está aí?'), [], 'no bot answer');
  t.equal(fake.requests.length, 1, 'the model was not asked about the accepted ticket');
});

t.test('the handoff marker in the answer sends the rest of it, then hands the ticket to people', async (t) => {
  const env = await setup(t);
  const { fake, say, ticket, queue } = env;
  await open(t, env);
  fake.script.push({ text: 'Vou chamar uma pessoa da equipe para você.\n#HANDOFF' });
  t.same(await say('quero falar com um humano'), ['Vou chamar uma pessoa da equipe para você.'], 'the marker never reaches the customer');
  const tk = await ticket();
  t.equal(tk.status, 'pending');
  t.equal(tk.queueId, queue.id);
  t.equal(tk.botOwner, '@handoff');
  const notes = await TicketNote.scoped(1).where({ ticketId: tk.id });
  t.match(notes[0]?.note, /the AI asked for a person/);
  t.same(await say('alô?'), [], 'no bot answers after the handoff');
  t.equal(fake.requests.length, 1);
});

t.test('a failing model hands off with a note the agent sees, sends nothing to the customer, and never leaks the key', async (t) => {
  const env = await setup(t);
  const { fake, say, ticket, events, lines, request, token } = env;
  await open(t, env);
  fake.script.push({ status: 401, code: 'invalid_api_key' });
  t.same(await say('Olá'), [], 'no apology loop to the customer');
  t.equal(fake.requests.length, 1, 'a refused key is not retried');
  const tk = await ticket();
  t.equal(tk.botOwner, '@handoff');
  const notes = await TicketNote.scoped(1).where({ ticketId: tk.id });
  t.match(notes[0]?.note, /the service refused the access key/, 'the note says why, in the staff\'s words');
  t.match(notes[0]?.note, /o serviço recusou a chave de acesso/);
  t.match(notes[0]?.note, /» Atendente IA \(gpt-4o-mini\): HTTP 401 \(invalid_api_key\)/, 'and which prompt, with the service\'s code');

  const frames = JSON.stringify(events);
  t.notOk(frames.includes(KEY), 'no socket frame holds the key');
  t.same(lines.filter((l) => l.includes(KEY)), [], 'no log line holds the key');
  const listed = await request('GET', '/api/prompt', { token });
  t.notOk(JSON.stringify(listed.body).includes(KEY), 'nor any answer');
});

t.test('a server error is retried once, then hands off', async (t) => {
  const env = await setup(t);
  const { fake, say, ticket } = env;
  await open(t, env);
  fake.script.push({ status: 500, code: 'server_error' }, { status: 500, code: 'server_error' }, { text: 'never sent' });
  t.same(await say('Olá'), []);
  t.equal(fake.requests.length, 2, 'one call and one retry, no more');
  t.equal((await ticket()).botOwner, '@handoff');
});

t.test('a queue without a prompt gets no AI call; a company without useOpenAi neither', async (t) => {
  const { app, fake, say, queue } = await setup(t);
  await app.knex('queues').where({ id: queue.id }).update({ promptId: null });
  app.pipeline.connections.invalidate();
  await say('Olá');
  t.equal(fake.requests.length, 0, 'no prompt, no call');
  await app.knex('queues').where({ id: queue.id }).update({ promptId: (await app.knex('prompts').first('id')).id });
  app.pipeline.connections.invalidate();
  const company = await app.knex('companies').where({ id: 1 }).first('planId');
  const plan = await app.knex('plans').where({ id: company.planId }).first();
  await app.knex('plans').where({ id: company.planId }).update({ useOpenAi: false });
  app.tenancy.invalidate(1);
  await app.knex('tickets').update({ status: 'closed' });
  await say('Olá de novo');
  t.equal(fake.requests.length, 0, 'the plan gate holds the responder back');
  t.ok(plan);
});


t.test('a connection\'s prompt hands a ticket without a queue to the prompt\'s queue: one change of the ticket, named in onTicketUpdate and counted', async (t) => {
  const env = await setup(t);
  const { app, fake, say, ticket, queue, promptId } = env;
  // The connection's prompt answers before the core's queue menu: the ticket has no queue when the AI hands off.
  await app.knex('whatsapps').where({ companyId: 1 }).update({ promptId });
  app.pipeline.connections.invalidate();
  const updates: Array<HookEvents['onTicketUpdate']> = [];
  app.hooks.on('onTicketUpdate', 'test-recorder', (event: HookEvents['onTicketUpdate']) => { updates.push(event); });
  fake.script.push({ text: 'Um momento.\n#handoff' });
  t.same(await say('preciso de uma pessoa'), ['Um momento.']);
  const tk = await ticket();
  t.match(tk, { status: 'pending', queueId: queue.id, botOwner: '@handoff' });
  const moved = updates.filter((u) => u.ticket.id === tk.id && u.changed.includes('queueId'));
  t.equal(moved.length, 1, 'the queue change is announced once, with the hand-off');
  t.equal(moved[0].previous.queueId, null);
  t.ok(moved[0].changed.includes('botOwner'), 'in the same change as the hand-off');
  const pending = await app.knex('ticketCounts').where({ companyId: 1, status: 'pending', queueId: queue.id }).sum({ n: 'n' }).first() as { n: unknown };
  t.equal(Number(pending.n), 1, 'the queue\'s pending count has the ticket');
});

// Issue 32: a prompt that cannot reach its model no longer fails silently.
t.test('a refused key: the admins are told, and the prompt\'s screen shows its last error until it is saved again', async (t) => {
  const env = await setup(t);
  const { fake, say, ticket, events, request, token, promptId, queue } = env;
  await open(t, env);
  fake.script.push({ status: 401, code: 'invalid_api_key' });
  await say('Olá');
  const tk = await ticket();
  const told = events.filter((e) => e.event === 'responderFailure');
  t.equal(told.length, 1, 'one notice');
  t.same(told[0].room, 'company-1-admins', 'to the company\'s admins only');
  t.match(told[0].payload, { kind: 'key-refused', ticketId: tk.id, source: { kind: 'prompt', id: promptId }, responder: 'prompts.openai' });
  t.notOk(JSON.stringify(told).includes(KEY), 'without the key');

  const listed = (await request('GET', '/api/prompt', { token })).body.prompts.find((p: { id: number }) => p.id === promptId);
  t.match(listed.lastError, { kind: 'key-refused', detail: 'HTTP 401 (invalid_api_key)', ticketId: tk.id });
  t.match((await request('GET', `/api/prompt/${promptId}`, { token })).body.lastError, { kind: 'key-refused' });

  t.equal((await request('DELETE', `/api/tickets/${tk.id}`, { token })).status, 200);
  t.match((await request('GET', `/api/prompt/${promptId}`, { token })).body.lastError, { kind: 'key-refused', ticketId: null }, 'a deleted ticket is not pointed at');

  const saved = await request('PUT', `/api/prompt/${promptId}`, { token, body: { name: 'Atendente IA', prompt: PROMPT_TEXT, apiKey: 'sk-new-key-1234', queueId: queue.id, model: 'gpt-4o-mini' } });
  t.equal(saved.status, 200);
  t.equal(saved.body.lastError, null, 'a new key clears it');
});

t.test('a used-up quota and an unreachable service are told apart', async (t) => {
  const env = await setup(t);
  const { fake, say, ticket, request, token, promptId, app } = env;
  await open(t, env);
  fake.script.push({ status: 429, code: 'insufficient_quota' }, { status: 429, code: 'insufficient_quota' });
  await say('Olá');
  t.match((await TicketNote.scoped(1).where({ ticketId: (await ticket()).id }))[0]?.note, /the service's quota is used up/);
  t.match((await request('GET', `/api/prompt/${promptId}`, { token })).body.lastError, { kind: 'quota' });

  // The bot given the ticket back (as a transfer to its queue would), and a model nobody answers at.
  await app.knex('tickets').where({ id: (await ticket()).id }).update({ botOwner: null });
  process.env.OPENAI_BASE_URL = 'http://127.0.0.1:9/v1';
  await say('Tem alguém aí?');
  const notes = await TicketNote.scoped(1).where({ ticketId: (await ticket()).id }).orderBy('id');
  t.match(notes.at(-1)?.note, /the bot's service could not be reached/);
  t.match((await request('GET', `/api/prompt/${promptId}`, { token })).body.lastError, { kind: 'unreachable' }, 'the last error is the newest');
});

t.test('another company neither sees a prompt\'s failure nor hears of it', async (t) => {
  const env = await setup(t);
  const { fake, say, events, request, createTenant, promptId } = env;
  await open(t, env);
  fake.script.push({ status: 401, code: 'invalid_api_key' });
  await say('Olá');
  const other = await createTenant('Outra Loja');
  t.equal((await request('GET', `/api/prompt/${promptId}`, { token: other.admin.token })).status, 404);
  t.same((await request('GET', '/api/prompt', { token: other.admin.token })).body.prompts, []);
  t.ok(events.filter((e) => e.event === 'responderFailure').every((e) => e.companyId === 1));
});
