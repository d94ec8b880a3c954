import t from 'tap';
import { KEY, setup } from './setup.js';
import { parseEvents } from './fake-model.js';

t.test('a suggestion streams with the cited article; the model gets the window, no notes, masked numbers', async (t) => {
  const env = await setup(t);
  const { request, a, fake } = env;
  const refund = await env.article(a.admin.token, { title: 'Política de reembolso', body: 'Reembolsos em até 7 dias úteis após a devolução.', tags: ['reembolso'] });
  await env.article(a.admin.token, { title: 'Horário de atendimento', body: 'Atendemos de segunda a sexta.' });
  await env.article(a.admin.token, { title: 'Reembolso rascunho', body: 'nunca usar', status: 'draft' });
  await env.say('Oi, quero um reembolso do pedido 123456, meu email é maria@example.com');
  await env.say('Claro, vou verificar.', true);
  await request('POST', '/api/ticket-notes', { token: a.admin.token, body: { note: 'NOTA SECRETA cliente difícil', ticketId: env.ticket.id } });
  fake.script.push({ chunks: ['Olá Maria! ', 'O reembolso sai em até 7 dias úteis ', `[#${refund.id}].`], usage: { prompt_tokens: 120, completion_tokens: 20 } });

  const res = await request('POST', '/api/copilot/suggest', { token: a.admin.token, body: { ticketId: env.ticket.id } });
  t.equal(res.status, 200);
  t.match(String(res.headers['content-type']), /text\/event-stream/);
  const events = parseEvents(typeof res.body === 'string' ? res.body : JSON.stringify(res.body));
  t.same(events[0], { event: 'articles', data: { articles: [{ id: refund.id, title: 'Política de reembolso' }] } }, 'the published matching article only');
  t.same(events.filter((e) => e.event === 'message').map((e) => e.data.text), ['Olá Maria! ', 'O reembolso sai em até 7 dias úteis ', `[#${refund.id}].`], 'streamed in chunks');
  const done = events.find((e) => e.event === 'done')!;
  t.same(done.data.cited, [{ id: refund.id, title: 'Política de reembolso' }]);
  t.same(done.data.usage, { promptTokens: 120, completionTokens: 20, estimated: false });

  const sent = fake.requests[0];
  t.equal(sent.authorization, `Bearer ${KEY}`);
  t.equal(sent.body.model, 'local-model');
  t.equal(sent.body.stream, true);
  const all = JSON.stringify(sent.body.messages);
  t.notMatch(all, /NOTA SECRETA/, 'no internal note');
  t.notMatch(all, /123456/, 'the number is masked');
  t.notMatch(all, /maria@example\.com/, 'the e-mail is masked');
  t.match(all, /\[number\]/);
  t.match(all, /\[email\]/);
  t.match(all, /Reembolsos em até 7 dias/, 'the article goes with it');
  t.notMatch(all, /nunca usar/, 'no draft article');
  t.same(sent.body.messages.slice(1).map((m: { role: string }) => m.role), ['user', 'assistant'], 'the conversation as turns');

  const usage = await request('GET', '/api/copilot/usage', { token: a.admin.token });
  t.same(usage.body.rows.map((r: any) => [r.userId, r.calls, r.promptTokens, r.completionTokens, r.cost]), [[a.admin.id, 1, 120, 20, 0.0003]]);
  t.equal(usage.body.used, 140);
});

t.test('notes go along when the company allows them; unmasked when masking is off', async (t) => {
  const env = await setup(t, { includeNotes: true, maskNumbers: false });
  await env.say('meu pedido é 998877');
  await env.request('POST', '/api/ticket-notes', { token: env.a.admin.token, body: { note: 'cliente VIP', ticketId: env.ticket.id } });
  const res = await env.request('POST', '/api/copilot/suggest', { token: env.a.admin.token, body: { ticketId: env.ticket.id } });
  t.equal(res.status, 200);
  const all = JSON.stringify(env.fake.requests[0].body.messages);
  t.match(all, /cliente VIP/);
  t.match(all, /998877/);
});

t.test('the model failing, slow, refusing: clear codes; budget and rate limit', async (t) => {
  const env = await setup(t, { perAgentPerMinute: 4, monthlyTokenBudget: 100 });
  const { request, a, fake, ticket } = env;
  await env.say('olá');
  const ask = () => request('POST', '/api/copilot/suggest', { token: a.admin.token, body: { ticketId: ticket.id } });
  fake.script.push({ status: 401, code: 'invalid_api_key' });
  let res = await ask();
  t.equal(res.status, 502);
  t.equal(res.body.error, 'ERR_COPILOT_KEY_REFUSED');
  fake.script.push({ status: 429, code: 'insufficient_quota' });
  t.equal((await ask()).body.error, 'ERR_COPILOT_QUOTA');
  const settings = (await request('GET', '/api/copilot/settings', { token: a.admin.token })).body;
  t.equal(settings.apiKey.includes(KEY), false, 'the key is answered masked');
  t.equal((await request('PUT', '/api/copilot/settings', { token: a.admin.token, body: { ...settings, timeoutMs: 300 } })).status, 200, 'the mask sent back keeps the key');
  fake.script.push({ chunks: ['x'], holdBeforeHeaders: true });
  res = await ask();
  t.equal(res.status, 504);
  t.equal(res.body.error, 'ERR_COPILOT_TIMEOUT');
  // The fourth call this minute is taken (usage 40 + 8 from the fallback's usage); the fifth is refused.
  await request('PUT', '/api/copilot/settings', { token: a.admin.token, body: { ...settings, timeoutMs: 5000 } });
  t.equal((await ask()).status, 200);
  res = await ask();
  t.equal(res.status, 429);
  t.equal(res.body.error, 'ERR_COPILOT_RATE_LIMITED');
  t.equal(fake.requests.length, 4, 'the refused call never reached the model');
  t.equal(fake.requests[3].authorization, `Bearer ${KEY}`, 'the kept key is the one sent');

  // Over the budget: refused before the call, whoever asks.
  const other = await env.createUser(a.companyId, { profile: 'admin' } as never);
  fake.script.push({ chunks: ['a'], usage: { prompt_tokens: 60, completion_tokens: 10 } });
  t.equal((await request('POST', '/api/copilot/suggest', { token: other.token, body: { ticketId: ticket.id } })).status, 200);
  res = await request('POST', '/api/copilot/suggest', { token: other.token, body: { ticketId: ticket.id } });
  t.equal(res.status, 402);
  t.equal(res.body.error, 'ERR_COPILOT_BUDGET_REACHED');
  t.equal(fake.requests.length, 5);

  // Not set up: a company without a key.
  const b = await request('POST', '/api/copilot/improve', { token: env.b.admin.token, body: { ticketId: ticket.id, text: 'oi', mode: 'fix' } });
  t.equal(b.status, 404, 'and another company\'s ticket is not found first');
});

t.test('a stream without usage is estimated; improve and translate (cached)', async (t) => {
  const env = await setup(t);
  const { request, a, fake, ticket } = env;
  const inbound = await env.say('Hello, where is my order?');
  fake.script.push({ chunks: ['Olá, ', 'onde está meu pedido?'], usage: null });
  let res = await request('POST', '/api/copilot/translate', { token: a.admin.token, body: { messageId: inbound, language: 'pt' } });
  t.same(res.body, { messageId: inbound, language: 'pt', original: 'Hello, where is my order?', text: 'Olá, onde está meu pedido?', cached: false });
  t.match(fake.requests[0].body.messages[0].content, /"pt"/);
  res = await request('POST', '/api/copilot/translate', { token: a.admin.token, body: { messageId: inbound, language: 'pt' } });
  t.equal(res.body.cached, true);
  t.equal(fake.requests.length, 1, 'the second read comes from the cache');
  const usage = await request('GET', '/api/copilot/usage', { token: a.admin.token });
  t.equal(usage.body.rows[0].estimatedCalls, 1, 'no usage from the server: estimated');
  t.ok(usage.body.rows[0].promptTokens > 0);

  fake.script.push({ chunks: ['Good morning, how may I help you?'] });
  res = await request('POST', '/api/copilot/improve', { token: a.admin.token, body: { ticketId: ticket.id, text: 'hi wat u want', mode: 'formal' } });
  t.same(res.body, { text: 'Good morning, how may I help you?' });
  t.match(fake.requests[1].body.messages[0].content, /formal/);
  t.equal(fake.requests[1].body.messages[1].content, 'hi wat u want');
  res = await request('POST', '/api/copilot/improve', { token: a.admin.token, body: { ticketId: ticket.id, text: 'oi', mode: 'translate' } });
  t.equal(res.status, 400, 'translate needs a language');
});

t.test('a transfer leaves the summary as a note when the company wants it', async (t) => {
  const env = await setup(t, { summaryOnTransfer: true });
  const { request, a, fake, ticket, app } = env;
  await env.say('Meu produto chegou quebrado');
  await env.say('Vamos trocar, já abri o pedido de troca.', true);
  const colleague = await env.createUser(a.companyId, { profile: 'admin' } as never);
  fake.script.push({ chunks: ['Quer: troca de produto quebrado. Feito: pedido de troca. Aberto: envio.'] });
  const res = await request('PUT', `/api/tickets/${ticket.id}`, { token: a.admin.token, body: { userId: colleague.id, status: 'open' } });
  t.equal(res.status, 200);
  await app.jobs.idle();
  const notes = await request('GET', '/api/ticket-notes/list', { token: a.admin.token, query: { ticketId: ticket.id } });
  t.equal(notes.body.length, 1);
  t.match(notes.body[0].note, /Copilot — Quer: troca de produto quebrado/);
  t.match(JSON.stringify(fake.requests[0].body.messages), /chegou quebrado/);
  const summary = await request('POST', '/api/copilot/summarise', { token: a.admin.token, body: { ticketId: ticket.id } });
  t.equal(summary.status, 200);
  t.equal(summary.body.text, 'Olá! Como posso ajudar?');
});

t.test('cancel mid-stream: the model server sees the connection close', async (t) => {
  const env = await setup(t);
  const { app, a, fake, ticket } = env;
  await env.say('olá');
  fake.script.push({ chunks: ['Primeira parte', 'nunca chega'], holdAfterFirst: true });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as import('node:net').AddressInfo).port;
  const controller = new AbortController();
  const res = await fetch(`http://127.0.0.1:${port}/api/copilot/suggest`, {
    method: 'POST', signal: controller.signal,
    headers: { authorization: `Bearer ${a.admin.token}`, 'content-type': 'application/json' }, body: JSON.stringify({ ticketId: ticket.id }),
  });
  t.equal(res.status, 200);
  const reader = res.body!.getReader();
  let seen = '';
  while (!seen.includes('Primeira parte')) seen += new TextDecoder().decode((await reader.read()).value);
  controller.abort();
  for (let i = 0; i < 200 && fake.closedEarly === 0; i++) await new Promise((r) => setTimeout(r, 25));
  t.equal(fake.closedEarly, 1, 'the call to the model was closed');
  for (let i = 0; i < 200; i++) {
    const usage = await env.request('GET', '/api/copilot/usage', { token: a.admin.token });
    if (usage.body.rows.length) { t.equal(usage.body.rows[0].calls, 1, 'what was read is counted'); break; }
    await new Promise((r) => setTimeout(r, 25));
  }
});
