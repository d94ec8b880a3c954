import t from 'tap';
import { Queue, TicketNote } from '../../../core/src/db/models/index.js';
import { STEP_CAP } from '../src/runtime.js';
import { edge, node } from './graphs.js';
import { runtimeSetup } from './runtime-fixtures.js';


/**
 * start → "Olá" → menu (1 Cadastro, 2 Sorte)
 *   1 → question nome → interval 1 s → "Obrigado, {{nome}}!"
 *   2 → randomizer 100 % → a "Você ganhou, {{nome}}" / b "Não foi dessa vez"
 * The array order differs from the edges on purpose: a runtime that takes "the next node" goes wrong.
 */
const mainFlow = (percent = 100) => ({
  nodes: [
    node('thanks', 'message', { label: 'Obrigado, {{nome}}!' }),
    node('win', 'message', { label: 'Você ganhou, {{nome}}' }),
    node('menu', 'menu', { message: 'Escolha uma opção', arrayOption: [{ number: 1, value: 'Cadastro' }, { number: 2, value: 'Sorte' }] }),
    node('lose', 'message', { label: 'Não foi dessa vez' }),
    node('ask', 'question', { typebotIntegration: { message: 'Seu nome?', answerKey: 'nome' } }),
    node('1', 'start', { label: 'Inicio do fluxo' }),
    node('pause', 'interval', { label: 'Intervalo 1 seg.', sec: 1 }),
    node('hello', 'message', { label: 'Olá! Bem-vindo' }),
    node('dice', 'randomizer', { percent }),
  ],
  connections: [
    edge('1', 'hello'), edge('hello', 'menu'), edge('menu', 'ask', 'a1'), edge('menu', 'dice', 'a2'),
    edge('ask', 'pause'), edge('pause', 'thanks'), edge('dice', 'win', 'a'), edge('dice', 'lose', 'b'),
  ],
});
const MENU = 'Escolha uma opção\n[1] Cadastro\n[2] Sorte';

t.test('a phrase starts the flow: menu, a wrong option re-asks, the question\'s answer fills a later message after a durable interval, then the ticket is released', async (t) => {
  const { say, saveFlow, campaign, ticketOf, sentAt, provider, app } = await runtimeSetup(t);
  const flowId = await saveFlow('Cadastro', mainFlow());
  await campaign({ name: 'Promo', flowId, whatsappId: null, phrase: 'promoção' });

  t.same(await say('Quero a PROMOCAO de hoje'), ['Olá! Bem-vindo', MENU], 'the flow starts: greeting, then the menu');
  t.equal((await ticketOf()).chatbot, true, 'the flow holds the ticket');
  t.same(await say('talvez'), [MENU], 'a reply that is no option re-asks the menu');
  t.same(await say('*1*'), ['Seu nome?'], 'option 1 follows the edge of handle a1 to the question');
  t.same(await say('Ana'), [], 'the answer is saved; the interval is pending');
  t.equal((await app.knex('flowRuns').orderBy('id', 'desc').first('status')).status, 'interval', 'the run waits on its pause (a durable job)');
  const askedAt = Date.now();
  await app.jobs.idle(3000);
  t.same(provider.sent.slice(-1).map((m) => m.body), ['Obrigado, Ana!'], 'the answer fills the placeholder after the pause');
  t.ok(sentAt[sentAt.length - 1] - askedAt >= 700, 'sent about a second after the answer, not at once');
  const ticket = await ticketOf();
  t.equal(ticket.botOwner, null, 'the last node had no exit: the run ended and let the ticket go');
  t.same(await say('obrigada'), [], 'nothing more from the flow');
});

t.test('the randomizer follows its handle by percentage; answers accumulate across questions', async (t) => {
  const { say, saveFlow, campaign } = await runtimeSetup(t);
  const always = await saveFlow('Sempre', mainFlow(100));
  const never = await saveFlow('Nunca', mainFlow(0));
  await campaign({ name: 'A', flowId: always, whatsappId: null, phrase: 'sorte sim' });
  await campaign({ name: 'B', flowId: never, whatsappId: null, phrase: 'sorte nao' });
  await say('sorte sim', '5511900000001');
  t.same(await say('2', '5511900000001'), ['Você ganhou, '], '100 %: handle a (an unknown placeholder is left empty)');
  await say('sorte não', '5511900000002');
  t.same(await say('Sorte', '5511900000002'), ['Não foi dessa vez'], '0 %: handle b; an option is also picked by its text');

  const twoQuestions = await saveFlow('Duas', {
    nodes: [node('1', 'start'), node('q1', 'question', { typebotIntegration: { message: 'Nome?', answerKey: 'nome' } }),
      node('q2', 'question', { typebotIntegration: { message: 'Cidade?', answerKey: 'cidade' } }), node('end', 'message', { label: '{{nome}} de {{cidade}}' })],
    connections: [edge('1', 'q1'), edge('q1', 'q2'), edge('q2', 'end')],
  });
  await campaign({ name: 'C', flowId: twoQuestions, whatsappId: null, phrase: 'cadastro' });
  t.same(await say('cadastro', '5511900000003'), ['Nome?']);
  t.same(await say('Bia', '5511900000003'), ['Cidade?']);
  t.same(await say('Recife', '5511900000003'), ['Bia de Recife'], 'both answers are kept');
});

t.test('phrase rules: whole words, any case and accents; inactive campaigns, inactive flows and other connections do not start', async (t) => {
  const { say, saveFlow, campaign, request, token, wa, app } = await runtimeSetup(t);
  const hello = await saveFlow('Oi', { nodes: [node('1', 'start'), node('m', 'message', { label: 'Olá!' })], connections: [edge('1', 'm')] });
  const promo = await saveFlow('Promo', { nodes: [node('1', 'start'), node('m', 'message', { label: 'Promo!' })], connections: [edge('1', 'm')] });
  const other = await saveFlow('Outro', { nodes: [node('1', 'start'), node('m', 'message', { label: 'Outro!' })], connections: [edge('1', 'm')] });
  await campaign({ name: 'Oi', flowId: hello, whatsappId: wa.id, phrase: 'oi' });
  const off = await campaign({ name: 'Promo', flowId: promo, whatsappId: null, phrase: 'black friday' });
  await request('PUT', '/api/flowcampaign', { token, body: { ...off, status: false } });
  const { Whatsapp } = await import('../../../core/src/db/models/index.js');
  const second = await Whatsapp.scoped(1).insertAndFetch({ name: 'Segunda', status: 'CONNECTED', isDefault: false } as never);
  await campaign({ name: 'Outro', flowId: other, whatsappId: second.id, phrase: 'outro' });
  const inactive = await saveFlow('Parado', { nodes: [node('1', 'start'), node('m', 'message', { label: 'Parado!' })], connections: [edge('1', 'm')] });
  await campaign({ name: 'Parado', flowId: inactive, whatsappId: null, phrase: 'parado' });
  await request('PUT', '/api/flowbuilder', { token, body: { flowId: inactive, name: 'Parado', active: false } });

  // Without a flow the core's queue menu greets the new ticket: what matters is that no flow spoke.
  const flowTexts = ['Olá!', 'Promo!', 'Outro!', 'Parado!'];
  const noFlow = (replies: Array<string | undefined>) => replies.filter((r) => flowTexts.includes(r ?? ''));
  t.same(noFlow(await say('que boi bonito', '5511911110001')), [], '"oi" does not match inside "boi"');
  t.same(await say('OÍ, tudo bem?', '5511911110002'), ['Olá!'], 'whole word, any case, accents ignored');
  t.same(noFlow(await say('é a black friday', '5511911110003')), [], 'an inactive campaign does not start');
  t.same(noFlow(await say('outro', '5511911110004')), [], 'a campaign of another connection does not start here');
  t.same(noFlow(await say('parado', '5511911110005')), [], 'an inactive flow does not start');
  t.equal(Number((await app.knex('flowRuns').count({ n: '*' }))[0].n), 1, 'one run in all');
});

t.test('a menu answered wrongly three times, and a ticket node, hand the ticket to people', async (t) => {
  const { say, saveFlow, campaign, ticketOf } = await runtimeSetup(t);
  const queue = await Queue.scoped(1).insertAndFetch({ name: 'Financeiro', color: '#abcdef', orderQueue: 9 } as Partial<Queue>);
  const flowId = await saveFlow('Fila', {
    nodes: [node('1', 'start'), node('menu', 'menu', { message: 'Setor?', arrayOption: [{ number: 1, value: 'Financeiro' }] }), node('t', 'ticket', { queue: { id: queue.id, name: 'Financeiro' } })],
    connections: [edge('1', 'menu'), edge('menu', 't', 'a1')],
  });
  await campaign({ name: 'Fila', flowId, whatsappId: null, phrase: 'setor' });

  await say('setor', '5511922220001');
  t.same(await say('1', '5511922220001'), [], 'the ticket node sends nothing');
  let ticket = await ticketOf('5511922220001');
  t.match(ticket, { status: 'pending', queueId: queue.id, chatbot: false, botOwner: '@handoff' }, 'pending in the node\'s queue, bots silent');
  t.same(await say('alô?', '5511922220001'), [], 'the next message waits for people');

  await say('setor', '5511922220002');
  t.same(await say('x', '5511922220002'), ['Setor?\n[1] Financeiro']);
  t.same(await say('y', '5511922220002'), ['Setor?\n[1] Financeiro']);
  t.same(await say('z', '5511922220002'), [], 'the third wrong reply stops asking');
  ticket = await ticketOf('5511922220002');
  t.match(ticket, { status: 'pending', botOwner: '@handoff' }, 'handed to people, never silently stuck');
  const notes = await TicketNote.scoped(1).where({ ticketId: ticket.id });
  t.match(notes.map((n) => n.note).join('\n'), /menu/, 'the agents see why');
});

t.test('a run keeps the graph it started with; a cycle stops at the step cap', async (t) => {
  const { say, saveFlow, campaign, request, token, provider } = await runtimeSetup(t);
  const graph = (text: string) => ({
    nodes: [node('1', 'start'), node('q', 'question', { typebotIntegration: { message: 'Pedido?', answerKey: 'pedido' } }), node('m', 'message', { label: text })],
    connections: [edge('1', 'q'), edge('q', 'm')],
  });
  const flowId = await saveFlow('Versão', graph('Pedido {{pedido}} recebido'));
  await campaign({ name: 'V', flowId, whatsappId: null, phrase: 'pedido' });
  t.same(await say('pedido', '5511933330001'), ['Pedido?']);
  await request('POST', '/api/flowbuilder/flow', { token, body: { idFlow: flowId, nodes: [node('1', 'start'), node('x', 'message', { label: 'Nova versão' })], connections: [edge('1', 'x')] } });
  t.same(await say('42', '5511933330001'), ['Pedido 42 recebido'], 'the run in progress finishes on its own version');
  t.same(await say('pedido', '5511933330002'), ['Nova versão'], 'a new run takes the new version');

  const loop = await saveFlow('Ciclo', { nodes: [node('1', 'start'), node('a', 'message', { label: 'ping' }), node('b', 'message', { label: 'pong' })], connections: [edge('1', 'a'), edge('a', 'b'), edge('b', 'a')] });
  await campaign({ name: 'Ciclo', flowId: loop, whatsappId: null, phrase: 'ciclo' });
  const before = provider.sent.length;
  await say('ciclo', '5511933330003');
  const sent = provider.sent.length - before;
  t.ok(sent > 0 && sent < STEP_CAP, `the cycle stopped after ${sent} messages`);
});

t.test('a person who accepts the ticket during a pause silences the flow; a message during a pause is left for people', async (t) => {
  const { say, saveFlow, campaign, ticketOf, request, token, app, provider } = await runtimeSetup(t);
  const flowId = await saveFlow('Pausa', {
    nodes: [node('1', 'start'), node('a', 'message', { label: 'Um momento' }), node('i', 'interval', { sec: 1 }), node('b', 'message', { label: 'Voltei' })],
    connections: [edge('1', 'a'), edge('a', 'i'), edge('i', 'b')],
  });
  await campaign({ name: 'Pausa', flowId, whatsappId: null, phrase: 'pausa' });

  t.same(await say('pausa', '5511944440001'), ['Um momento']);
  t.same(await say('oi?', '5511944440001'), [], 'a message during the pause gets no answer');
  await app.jobs.idle(3000);
  t.same(provider.sent.slice(-1).map((m) => m.body), ['Voltei'], 'the pause ends and the flow goes on');

  t.same(await say('pausa', '5511944440002'), ['Um momento']);
  const ticket = await ticketOf('5511944440002');
  const me = await request('GET', '/api/auth/me', { token });
  const accepted = await request('PUT', `/api/tickets/${ticket.id}`, { token, body: { status: 'open', userId: me.body.id ?? me.body.user?.id } });
  t.equal(accepted.status, 200, 'an agent accepts the ticket');
  const before = provider.sent.length;
  await app.jobs.idle(3000);
  t.same(provider.sent.slice(before).map((m) => m.body), [], 'no bot message after a person took the ticket, even from the pending pause');
  t.equal((await app.knex('flowRuns').where({ ticketId: ticket.id }).first('status')).status, 'done', 'the run ended');
});

/**
 * start → question → condition → a: yes / b: no. The false edge is listed first on purpose: a runtime that takes
 * the node's first edge goes wrong.
 */
const conditionFlow = (key: string, ask: string, condition: Record<string, unknown>, yes: string, no: string) => ({
  nodes: [
    node('yes', 'message', { label: yes }), node('cond', 'condition', { key, ...condition }), node('no', 'message', { label: no }),
    node('1', 'start'), node('ask', 'question', { typebotIntegration: { message: ask, answerKey: key } }),
  ],
  connections: [edge('cond', 'no', 'b'), edge('cond', 'yes', 'a'), edge('1', 'ask'), edge('ask', 'cond')],
});

t.test('a condition node takes its true or false exit by the answer, sending nothing itself', async (t) => {
  const { say, saveFlow, campaign } = await runtimeSetup(t);
  const named = await saveFlow('Nome', conditionFlow('nome', 'Seu nome?', { condition: 'equals', value: 'José' }, 'Olá, José!', 'Você não é o José'));
  await campaign({ name: 'Nome', flowId: named, whatsappId: null, phrase: 'nome' });
  t.same(await say('nome', '5511955550001'), ['Seu nome?']);
  t.same(await say('  JOSE ', '5511955550001'), ['Olá, José!'], 'equals ignores case, accents and surrounding spaces: true exit');
  t.same(await say('nome', '5511955550002'), ['Seu nome?']);
  t.same(await say('Josefa', '5511955550002'), ['Você não é o José'], 'another answer: false exit');

  const adult = await saveFlow('Idade', conditionFlow('idade', 'Sua idade?', { condition: 'greaterThan', value: '17' }, 'Maior de idade', 'Menor de idade'));
  await campaign({ name: 'Idade', flowId: adult, whatsappId: null, phrase: 'idade' });
  for (const [i, [answer, expected, why]] of [
    ['17,5', 'Maior de idade', 'a comma decimal above the value'],
    ['18', 'Maior de idade', 'a whole number above'],
    ['17', 'Menor de idade', 'equal is not greater'],
    ['dezoito', 'Menor de idade', 'a word is not a number: false'],
  ].entries()) {
    const number = `551195555100${i}`;
    await say('idade', number);
    t.same(await say(answer, number), [expected], `greaterThan 17 with "${answer}": ${why}`);
  }
});

t.test('isEmpty: an answer never given is empty; a placeholder in the value is filled from the run\'s answers', async (t) => {
  const { say, saveFlow, campaign } = await runtimeSetup(t);
  // start → cond(apelido isEmpty; no question sets it) a → question cupom → cond(cupom isEmpty) a "Sem cupom" / b "Cupom … aplicado"
  const coupon = await saveFlow('Cupom', {
    nodes: [
      node('1', 'start'), node('noNick', 'condition', { key: 'apelido', condition: 'isEmpty' }), node('never', 'message', { label: 'apelido existe?' }),
      node('ask', 'question', { typebotIntegration: { message: 'Cupom?', answerKey: 'cupom' } }), node('empty', 'condition', { key: 'cupom', condition: 'isEmpty', value: '' }),
      node('none', 'message', { label: 'Sem cupom' }), node('some', 'message', { label: 'Cupom {{cupom}} aplicado' }),
    ],
    connections: [edge('1', 'noNick'), edge('noNick', 'never', 'b'), edge('noNick', 'ask', 'a'), edge('ask', 'empty'), edge('empty', 'some', 'b'), edge('empty', 'none', 'a')],
  });
  await campaign({ name: 'Cupom', flowId: coupon, whatsappId: null, phrase: 'cupom' });
  t.same(await say('cupom', '5511955552001'), ['Cupom?'], 'a key no question set is empty: true exit');
  t.same(await say('PROMO10', '5511955552001'), ['Cupom PROMO10 aplicado'], 'an answer is not empty: false exit');

  const email = await saveFlow('Email', {
    nodes: [
      node('1', 'start'), node('q1', 'question', { typebotIntegration: { message: 'E-mail?', answerKey: 'email' } }),
      node('q2', 'question', { typebotIntegration: { message: 'Repita o e-mail', answerKey: 'confirma' } }),
      node('same', 'condition', { key: 'confirma', condition: 'equals', value: '{{email}}' }), node('ok', 'message', { label: 'Confirmado' }),
    ],
    connections: [edge('1', 'q1'), edge('q1', 'q2'), edge('q2', 'same'), edge('same', 'ok', 'a')],
  });
  await campaign({ name: 'Email', flowId: email, whatsappId: null, phrase: 'email' });
  await say('email', '5511955552002');
  await say('ana@exemplo.com', '5511955552002');
  t.same(await say('ANA@exemplo.com', '5511955552002'), ['Confirmado'], 'the value\'s placeholder is filled with the earlier answer');
});

t.test('a condition branch without an edge ends the run and lets the ticket go, as any node without an exit', async (t) => {
  const { say, saveFlow, campaign, ticketOf, app } = await runtimeSetup(t);
  const graph = conditionFlow('resposta', 'Confirma?', { condition: 'equals', value: 'sim' }, 'Confirmado', 'x');
  const flowId = await saveFlow('Sem saída', { ...graph, connections: graph.connections.filter((e) => e.sourceHandle !== 'b') });
  await campaign({ name: 'Sem saída', flowId, whatsappId: null, phrase: 'confirma' });
  await say('confirma', '5511955553001');
  t.same(await say('não', '5511955553001'), [], 'the false branch has no edge: nothing is sent');
  const ticket = await ticketOf('5511955553001');
  t.equal(ticket.botOwner, null, 'the ticket is released, not handed to people');
  t.equal((await app.knex('flowRuns').where({ ticketId: ticket.id }).first('status')).status, 'done', 'the run ended');
});
