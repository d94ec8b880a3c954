import t from 'tap';
import { KEY, PROMPT_TEXT, open, setup } from './responder-setup.js';

t.test('the prompt answers a customer of its queue with one call: system prompt, settings, key, and the answer reaches the customer', async (t) => {
  const env = await setup(t);
  const { fake, say, ticket, queue } = env;
  await open(t, env);
  fake.script.push({ text: 'Olá Maria! Em que posso ajudar?' });
  t.same(await say('Olá'), ['Olá Maria! Em que posso ajudar?'], 'the model\'s answer is sent once');
  t.equal(fake.requests.length, 1, 'one call for one message');
  const { body, authorization } = fake.requests[0];
  t.equal(authorization, `Bearer ${KEY}`, 'the stored key, decrypted, authorises the call');
  t.match(body, { model: 'gpt-4o-mini', max_tokens: 150, temperature: 0.4 });
  t.equal(body.messages[0].role, 'system');
  t.ok(body.messages[0].content.startsWith(PROMPT_TEXT), 'the tenant prompt opens the system message');
  t.match(body.messages[0].content, /#handoff/, 'and the model is told the handoff marker');
  t.same(body.messages.slice(1), [{ role: 'user', content: 'oi' }, { role: 'assistant', content: 'Olá! Como podemos ajudar?' }, { role: 'user', content: 'Olá' }]);
  const tk = await ticket();
  t.equal(tk.queueId, queue.id);
  t.equal(tk.botOwner, 'prompts.openai', 'the prompt holds the conversation');
  t.equal(tk.userId ?? null, null, 'no person yet');
});

t.test('the history is the NEWEST maxMessages messages of the ticket, oldest first, ending with the new one', async (t) => {
  const env = await setup(t, { maxMessages: 4 });
  const { fake, say } = env;
  await open(t, env);
  for (let i = 1; i <= 4; i++) {
    fake.script.push({ text: `resposta ${i}` });
    await say(`pergunta ${i}`);
  }
  const last = fake.requests.at(-1)!.body.messages.slice(1);
  t.same(last, [
    { role: 'assistant', content: 'resposta 2' }, { role: 'user', content: 'pergunta 3' },
    { role: 'assistant', content: 'resposta 3' }, { role: 'user', content: 'pergunta 4' },
  ], 'the 4 most recent messages, oldest first, not the first 4 of the ticket');
  t.equal(fake.requests.length, 4, 'one call per message');
});

t.test('a burst written while the model is thinking is answered by one more call that sees all of it', async (t) => {
  const env = await setup(t);
  const { app, fake, write, provider } = env;
  await open(t, env);
  let think!: () => void;
  fake.script.push({ text: 'primeira resposta', hold: new Promise<void>((r) => { think = r; }) }, { text: 'segunda resposta' });
  await write('oi de novo');
  while (fake.requests.length === 0) await new Promise((r) => setTimeout(r, 20)); // the first call is in flight
  for (const body of ['tudo bem?', 'quero um orçamento', 'para amanhã']) await write(body);
  think();
  await app.jobs.idle();
  t.equal(fake.requests.length, 2, 'two calls for four messages');
  t.same(fake.requests[1].body.messages.slice(-4).map((m: { content: string }) => m.content),
    ['oi de novo', 'tudo bem?', 'quero um orçamento', 'para amanhã'], 'the second call sees the whole burst, ending with its last message');
  t.same(provider.sent.slice(1).map((m) => m.body), ['primeira resposta', 'segunda resposta'], 'one answer per call, in order');
});

t.test('a connection\'s prompt answers from the very first message, before the queue menu', async (t) => {
  const env = await setup(t);
  const { app, fake, say, promptId, ticket } = env;
  await app.knex('queues').update({ promptId: null });
  await app.knex('whatsapps').where({ companyId: 1, isDefault: true }).update({ promptId });
  app.pipeline.connections.invalidate();
  fake.script.push({ text: 'Bem-vinda! Sou a assistente virtual.' });
  t.same(await say('oi'), ['Bem-vinda! Sou a assistente virtual.'], 'no menu greeting: one responder per message');
  t.equal(fake.requests.length, 1);
  t.equal((await ticket()).botOwner, 'prompts.openai');
});
