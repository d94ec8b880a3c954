import t from 'tap';
import { TicketNote } from '../../../core/src/db/models/index.js';
import { edge, node } from './graphs.js';
import { runtimeSetup } from './runtime-fixtures.js';
import { startFakeBots } from './fake-bots.js';
import { recordEvents } from '../../../core/test/pipeline/fixtures.js';

const KEY = 'sk-flow-node-secret-0000-1111';
const aiNode = (id: string, extra: Record<string, unknown> = {}) => node(id, 'openai', {
  typebotIntegration: { name: 'Atendente', projectName: 'Atendente', apiKey: KEY, prompt: 'Você atende a Loja Exemplo.', voice: 'texto', temperature: 0.5, maxTokens: 120, maxMessages: 3, ...extra },
});
const text = (markdown: string) => ({ type: 'text', content: { type: 'markdown', markdown } });

async function setup(t: Parameters<typeof runtimeSetup>[0]) {
  const fake = await startFakeBots(t);
  const env = await runtimeSetup(t, { config: { allowPrivateUrls: true } });
  /** The ticket's latest run row, as stored. */
  const run = async () => env.app.knex('flowRuns').orderBy('id', 'desc').first();
  return { ...env, fake, run };
}

t.test('the OpenAI node answers the contact\'s next messages with the node\'s key, prompt and history; its marker moves the flow on along the edge', async (t) => {
  const { fake, say, saveFlow, campaign, ticketOf, run } = await setup(t);
  const flowId = await saveFlow('IA', {
    nodes: [node('1', 'start'), node('hi', 'message', { label: 'Olá! Vou chamar a assistente.' }), aiNode('ai'), node('bye', 'message', { label: 'Voltamos ao fluxo' })],
    connections: [edge('1', 'hi'), edge('hi', 'ai'), edge('ai', 'bye')],
  });
  await campaign({ name: 'Ajuda', flowId, whatsappId: null, phrase: 'ajuda' });

  t.same(await say('preciso de ajuda'), ['Olá! Vou chamar a assistente.'], 'reaching the node says nothing more');
  t.equal(fake.to('/chat/completions').length, 0, 'the model waits for the contact\'s next message');
  t.match(await run(), { status: 'waiting', nodeId: 'ai' }, 'the wait is stored on the run');

  fake.ai.push('Claro! Qual o número do pedido?');
  t.same(await say('meu pedido atrasou'), ['Claro! Qual o número do pedido?']);
  const [first] = fake.to('/chat/completions');
  t.equal(first.authorization, `Bearer ${KEY}`, 'the node\'s own key, decrypted for the call');
  t.equal(first.body.model, 'gpt-4o-mini', 'the node has no model field: the default model');
  t.equal(first.body.max_tokens, 120);
  t.equal(first.body.temperature, 0.5);
  t.match(first.body.messages[0], { role: 'system', content: /Você atende a Loja Exemplo\.[\s\S]*#handoff/ });
  t.same(first.body.messages.slice(1), [
    { role: 'user', content: 'preciso de ajuda' }, { role: 'assistant', content: 'Olá! Vou chamar a assistente.' }, { role: 'user', content: 'meu pedido atrasou' },
  ], 'the ticket\'s history up to the message, oldest first');

  fake.ai.push('Pedido 123 localizado, chega amanhã.\n#HANDOFF');
  t.same(await say('é o 123'), ['Pedido 123 localizado, chega amanhã.', 'Voltamos ao fluxo'], 'the marker line is dropped and the flow goes on');
  t.equal(fake.to('/chat/completions').length, 2, 'one call per message');
  t.same(fake.to('/chat/completions')[1].body.messages.slice(1).map((m: { content: string }) => m.content),
    ['meu pedido atrasou', 'Claro! Qual o número do pedido?', 'é o 123'], 'the newest maxMessages (3) messages only');
  t.equal((await ticketOf()).botOwner, null, 'the flow ended: the ticket is released');
  t.same(await say('oi de novo'), [], 'and the model is not asked again');
  t.equal(fake.to('/chat/completions').length, 2);
});

t.test('an OpenAI node that fails, or asks for a person with no edge after it, hands the ticket to people without leaking the key', async (t) => {
  const { app, fake, say, saveFlow, campaign, ticketOf, request, token, createTenant } = await setup(t);
  const flowId = await saveFlow('IA só', { nodes: [node('1', 'start'), aiNode('ai')], connections: [edge('1', 'ai')] });
  await campaign({ name: 'Ajuda', flowId, whatsappId: null, phrase: 'ajuda' });
  t.same(await say('ajuda'), []);
  const events = recordEvents(app);
  fake.ai.push({ status: 401, code: 'invalid_api_key' });
  t.same(await say('olá?'), [], 'the customer gets nothing on a failure');
  const ticket = await ticketOf();
  t.equal(ticket.botOwner, '@handoff');
  const notes = await TicketNote.scoped(1).where({ ticketId: ticket.id });
  // Issue 32: the note says why in the staff's words, and which node; the flows list keeps it as the flow's last error.
  t.match(notes.map((n) => n.note).join('\n'), /the service refused the access key[\s\S]*OpenAI node "Atendente": HTTP 401 \(invalid_api_key\)/);
  t.notMatch(notes.map((n) => n.note).join('\n'), KEY);
  const listed = (await request('GET', '/api/flowbuilder', { token })).body.flows.find((f: { id: number }) => f.id === flowId);
  t.match(listed.lastError, { kind: 'key-refused', detail: 'HTTP 401 (invalid_api_key)', ticketId: ticket.id });
  t.match(events.filter((e) => e.event === 'responderFailure'), [{ companyId: 1, payload: { kind: 'key-refused', ticketId: ticket.id, source: { kind: 'flow', id: flowId } } }], 'the admins are told');
  const outsider = await createTenant('Outra');
  t.same((await request('GET', '/api/flowbuilder', { token: outsider.admin.token })).body.flows, [], 'another company sees neither the flow nor its failure');
  // Drawn again: the last error no longer says anything about it.
  t.equal((await request('POST', '/api/flowbuilder/flow', { token, body: { idFlow: flowId, nodes: [node('1', 'start'), aiNode('ai')], connections: [edge('1', 'ai')] } })).status, 200);
  t.equal((await request('GET', '/api/flowbuilder', { token })).body.flows.find((f: { id: number }) => f.id === flowId).lastError, null);

  // A second contact: the model asks for a person and the node has no way out.
  const other = '5511911112222';
  t.same(await say('ajuda', other), []);
  fake.ai.push('Vou chamar alguém.\n#handoff');
  t.same(await say('quero falar com gente', other), ['Vou chamar alguém.']);
  t.equal((await ticketOf(other)).botOwner, '@handoff', 'no edge after the node: people take over');
});

t.test('the Typebot node runs a session until the bot ends, keeping it on the run, then the flow goes on along the edge', async (t) => {
  const { fake, say, saveFlow, campaign, ticketOf, run } = await setup(t);
  fake.typebot = (path, body) => {
    if (path === '/api/v1/typebots/atendimento/startChat') {
      return { json: { sessionId: 'sess-1', messages: [text('Bem-vindo ao bot'), text('Qual o seu nome?')], input: { type: 'text input' } } };
    }
    if (path === '/api/v1/sessions/sess-1/continueChat') {
      return body.message === 'Maria'
        ? { json: { messages: [text('Obrigado, Maria!')], input: null } }
        : { json: { messages: [], input: { type: 'text input' } } };
    }
    return { status: 404 };
  };
  const flowId = await saveFlow('Typebot', {
    nodes: [node('1', 'start'), node('tb', 'typebot', { typebotIntegration: {
      name: 'Bot', projectName: 'Bot', urlN8N: fake.url, typebotSlug: 'atendimento', typebotExpires: 0, typebotDelayMessage: 10,
      typebotKeywordFinish: '', typebotKeywordRestart: '', typebotUnknownMessage: 'Não entendi', typebotRestartMessage: '',
    } }), node('end', 'message', { label: 'Fim do bot, {{nome}}' })],
    connections: [edge('1', 'tb'), edge('tb', 'end')],
  });
  await campaign({ name: 'Bot', flowId, whatsappId: null, phrase: 'robô' });

  t.same(await say('quero o robô'), ['Bem-vindo ao bot', 'Qual o seu nome?'], 'the bot starts when the flow reaches the node');
  const [start] = fake.to('/startChat');
  t.equal(start.body.message, undefined, 'started without an answer to its first input');
  t.match(start.body.prefilledVariables, { ticketId: (await ticketOf()).id });
  const waiting = await run();
  t.match(waiting, { status: 'waiting', nodeId: 'tb' });
  t.match(JSON.parse(waiting.botState), { sessionId: 'sess-1' }, 'the session is stored on the run (a restart continues it)');

  t.same(await say('???'), ['Não entendi'], 'a bot answer with nothing to say gets the node\'s unknown-answer text');
  t.same(await say('Maria'), ['Obrigado, Maria!', 'Fim do bot, '], 'the bot ended: the flow continues on the node\'s edge');
  t.same(fake.to('/continueChat').map((r) => r.body.message), ['???', 'Maria']);
  t.equal(fake.to('/startChat').length, 1, 'one session');
  t.equal((await ticketOf()).botOwner, null, 'the flow ended and released the ticket');
  t.match(await run(), { status: 'done', botState: null });
});
