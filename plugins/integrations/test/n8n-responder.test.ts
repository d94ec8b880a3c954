import t from 'tap';
import { createHmac } from 'node:crypto';
import { n8n, SECRET, setup } from './responder-setup.js';
import { startFakeOpenAi } from '../../../core/test/bots/fake-openai.js';

t.test('n8n: each message is posted once, signed with the integration\'s secret, and the reply reaches the customer', async (t) => {
  const { fake, say } = await setup(t, (req) => ({ json: { replies: [`recebido: ${req.body.message.body}`] } }), n8n);
  t.same(await say('oi'), ['recebido: oi']);
  t.same(await say('quero um orçamento'), ['recebido: quero um orçamento']);
  t.equal(fake.received.length, 2, 'one POST per message');
  const first = fake.received[0];
  t.equal(first.path, '/webhook/atendimento');
  t.match(first.body, { event: 'message.received', companyId: 1, message: { body: 'oi', fromMe: false }, contact: { number: '5511933332222' } });
  const id = String(first.headers['webhook-id']);
  const timestamp = String(first.headers['webhook-timestamp']);
  const expected = `v1,${createHmac('sha256', SECRET).update(`${id}.${timestamp}.${first.raw}`).digest('base64')}`;
  t.equal(first.headers['webhook-signature'], expected, 'HMAC-SHA256 over id.timestamp.body');
  t.notOk(JSON.stringify(fake.received).includes(SECRET), 'the secret itself is never sent');
});

t.test('n8n: a failing endpoint is retried with the same webhook-id, and gives up after three attempts', async (t) => {
  let calls = 0;
  const { fake, say, ticket } = await setup(t, () => (++calls === 1 ? { status: 503 } : { json: { reply: 'agora sim' } }), n8n);
  t.same(await say('oi'), ['agora sim'], 'answered after one retry');
  t.equal(fake.received.length, 2);
  t.equal(fake.received[0].headers['webhook-id'], fake.received[1].headers['webhook-id'], 'a retry is the same delivery');
  fake.handler = () => ({ status: 500 });
  t.same(await say('e agora?'), [], 'nothing sent when the endpoint stays down');
  t.equal(fake.received.length, 5, 'three attempts for that message');
  t.equal((await ticket()).botOwner, '@handoff', 'then the ticket goes to people');
});

t.test('n8n: a refusal (4xx) is not retried; the ticket, the admins and the integration\'s screen say why (issue 32)', async (t) => {
  const { app, fake, say, ticket, request, token } = await setup(t, () => ({ status: 401 }), n8n);
  const events: Array<{ event: string; payload: any; room?: unknown }> = [];
  const emit = app.bus.emit.bind(app.bus);
  app.bus.emit = (companyId, event, payload, room) => { events.push({ event, payload, room }); emit(companyId, event, payload, room); };
  t.same(await say('oi'), []);
  t.equal(fake.received.length, 1, 'one attempt');
  const tk = await ticket();
  t.equal(tk.botOwner, '@handoff', 'the ticket goes to people');
  const notes = await app.knex('ticketNotes').where({ companyId: 1, ticketId: tk.id });
  t.match(notes[0]?.note, /the service refused the access key/);
  t.match(notes[0]?.note, /» .+ \(n8n\): HTTP 401/);
  const [told] = events.filter((e) => e.event === 'responderFailure');
  t.match(told, { room: 'company-1-admins', payload: { kind: 'key-refused', ticketId: tk.id, source: { kind: 'integration' } } });
  const [listed] = (await request('GET', '/api/queueIntegration', { token })).body.queueIntegrations;
  t.match(listed.lastError, { kind: 'key-refused', detail: 'HTTP 401', ticketId: tk.id });
});

t.test('n8n: handoff:true in the reply sends the reply, then gives the ticket to people', async (t) => {
  const { fake, say, ticket } = await setup(t, () => ({ json: { reply: 'vou chamar alguém', handoff: true } }), n8n);
  t.same(await say('humano'), ['vou chamar alguém']);
  t.equal((await ticket()).botOwner, '@handoff');
  t.equal(fake.received.length, 1);
});

t.test('one responder per message: with an integration and a prompt on the connection, only the integration answers', async (t) => {
  const ai = await startFakeOpenAi(t);
  const env = await setup(t, (req) => ({ json: { reply: `n8n: ${req.body.message.body}` } }), n8n);
  const { app, request, token, say, wa } = env;
  const queue = await request('POST', '/api/queue', { token, body: { name: 'Vendas', color: '#654321' } });
  const prompt = await request('POST', '/api/prompt', {
    token, body: { name: 'Atendente IA', prompt: 'Você é a assistente da Loja Exemplo. Responda com educação e em poucas frases.', apiKey: 'sk-test-1234567890', queueId: queue.body.id },
  });
  await app.knex('whatsapps').where({ id: wa.id }).update({ promptId: prompt.body.id });
  await app.knex('whatsappQueues').insert({ companyId: 1, whatsappId: wa.id, queueId: queue.body.id });
  app.pipeline.connections.invalidate();
  t.same(await say('oi'), ['n8n: oi'], 'one answer, from the integration (no menu, no AI)');
  t.same(await say('tudo bem?'), ['n8n: tudo bem?']);
  t.equal(ai.requests.length, 0, 'the AI was never called');
});

t.test('an agent accepting the ticket silences the integration', async (t) => {
  const { fake, say, ticket, request, token } = await setup(t, () => ({ json: { reply: 'ok' } }), n8n);
  await say('oi');
  t.equal((await request('PUT', `/api/tickets/${(await ticket()).id}`, { token, body: { status: 'open' } })).status, 200);
  t.same(await say('alô'), []);
  t.equal(fake.received.length, 1, 'the endpoint is not called for an accepted ticket');
});
