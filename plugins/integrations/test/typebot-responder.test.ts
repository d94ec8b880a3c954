import t from 'tap';
import { setup } from './responder-setup.js';
import type { Handler } from './fake-server.js';
/** A Typebot fake: sessions s1, s2…; a flow asking a name, then a choice, then ending. */
function typebotFake() {
  let sessions = 0;
  const known = new Set<string>();
  const steps = new Map<string, number>();
  const text = (markdown: string) => ({ id: markdown, type: 'text', content: { type: 'markdown', markdown } });
  const handler: Handler = (req) => {
    const start = /\/api\/v1\/typebots\/atendimento\/startChat$/.exec(req.path);
    if (start) {
      const sessionId = `s${++sessions}`;
      known.add(sessionId);
      steps.set(sessionId, 1);
      return { json: { sessionId, messages: [text('Olá! Sou o robô.'), text('Qual é o seu nome?')], input: { type: 'text input' } } };
    }
    const cont = /\/api\/v1\/sessions\/(\w+)\/continueChat$/.exec(req.path);
    if (!cont || !known.has(cont[1])) return { status: 404, json: { message: 'Session not found.' } };
    const step = (steps.get(cont[1]) ?? 1) + 1;
    steps.set(cont[1], step);
    if (step === 2) return { json: { messages: [text(`Prazer, ${req.body.message}! Escolha:`)], input: { type: 'choice input', items: [{ content: 'Vendas' }, { content: 'Suporte' }] } } };
    return { json: { messages: [text('Obrigado! Um atendente vai falar com você.')] } };
  };
  return { handler, forget: (id: string) => known.delete(id) };
}
const typebot = (extra: Record<string, unknown> = {}) => (url: string) => ({
  type: 'typebot', name: 'Robô', urlN8N: url, typebotSlug: 'atendimento', typebotDelayMessage: 50, typebotExpires: 1,
  typebotKeywordFinish: 'sair', typebotKeywordRestart: 'menu', typebotRestartMessage: 'Vamos recomeçar.', ...extra,
});

t.test('typebot: a session per ticket, started then continued, and the end of the bot returns the ticket to its queue', async (t) => {
  const bot = typebotFake();
  const { app, fake, say, ticket } = await setup(t, bot.handler, typebot({ typebotExpires: 60 }));
  t.same(await say('oi'), ['Olá! Sou o robô.', 'Qual é o seu nome?']);
  t.match(fake.received[0].body, { message: 'oi', textBubbleContentFormat: 'markdown', prefilledVariables: { number: '5511933332222' } });
  t.equal((await app.knex('integrationSessions').first('sessionId')).sessionId, 's1', 'the session is stored on the ticket');
  t.same(await say('Maria'), ['Prazer, Maria! Escolha:', '▶️ Vendas\n▶️ Suporte'], 'a choice input becomes a list of options');
  t.equal(fake.received[1].path, '/api/v1/sessions/s1/continueChat');
  t.same(await say('Vendas'), ['Obrigado! Um atendente vai falar com você.']);
  const tk = await ticket();
  t.equal(tk.botOwner, '@handoff', 'the bot ended: people take over');
  t.equal(tk.status, 'pending');
  t.same(await app.knex('integrationSessions').select('id'), [], 'the session is gone');
  const calls = fake.received.length;
  t.same(await say('olá?'), [], 'no unknown-message loop after the end');
  t.equal(fake.received.length, calls, 'Typebot is not called again');
});

t.test('typebot: an idle session expires after typebotExpires minutes and the next message starts a new one', async (t) => {
  const bot = typebotFake();
  const { fake, say } = await setup(t, bot.handler, typebot());
  await say('oi');
  await new Promise((r) => setTimeout(r, 250)); // 1 minute of spec time is 100 ms here
  t.same(await say('oi de novo'), ['Olá! Sou o robô.', 'Qual é o seu nome?'], 'greeted again');
  t.match(fake.received[1].path, /startChat$/, 'startChat, not continueChat on the expired session');
});

t.test('typebot: a session Typebot forgot is started afresh once, not looped', async (t) => {
  const bot = typebotFake();
  const { fake, say } = await setup(t, bot.handler, typebot({ typebotExpires: 0 }));
  await say('oi');
  bot.forget('s1');
  t.same(await say('Maria'), ['Olá! Sou o robô.', 'Qual é o seu nome?']);
  t.same(fake.received.map((r) => r.path.split('/').pop()), ['startChat', 'continueChat', 'startChat']);
});

t.test('typebot: the restart keyword starts over with its message; the finish keyword hands the ticket to people', async (t) => {
  const bot = typebotFake();
  const { fake, say, ticket, app } = await setup(t, bot.handler, typebot({ typebotExpires: 60 }));
  await say('oi');
  t.same(await say('  MENU '), ['Vamos recomeçar.']);
  t.same(await app.knex('integrationSessions').select('id'), [], 'session cleared');
  t.same(await say('oi'), ['Olá! Sou o robô.', 'Qual é o seu nome?']);
  t.equal(fake.received.filter((r) => r.path.endsWith('startChat')).length, 2);
  t.same(await say('Sair'), []);
  t.equal((await ticket()).botOwner, '@handoff');
  t.same(await app.knex('integrationSessions').select('id'), []);
});

