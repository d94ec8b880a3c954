import t from 'tap';
import { build } from '../../../core/test/helper.js';
import { multipart } from '../../../core/test/contacts/multipart.js';
import { QuickMessage } from '../../../core/src/db/models/index.js';
import { setup } from './setup.js';

t.test('articles: create, page with a cursor, ranked search (same on both databases), edit, delete', async (t) => {
  const env = await setup(t);
  const { request, a } = env;
  const token = a.admin.token;
  const delivery = await env.article(token, { title: 'Prazo de entrega', body: 'Entregamos em 3 dias.', tags: ['frete'] });
  const refund = await env.article(token, { title: 'Reembolso', body: 'Sobre a entrega: reembolso em 7 dias.', tags: ['devolução'] });
  const freight = await env.article(token, { title: 'Tabela', body: 'Valores de frete e entrega por região.', tags: ['Frete'] });
  for (let i = 0; i < 3; i++) await env.article(token, { title: `Outro ${i}`, body: 'nada a ver' });

  let page = await request('GET', '/api/copilot/articles', { token, query: { limit: 4 } });
  t.equal(page.body.articles.length, 4);
  t.equal(page.body.hasMore, true);
  page = await request('GET', '/api/copilot/articles', { token, query: { limit: 4, cursor: page.body.nextCursor } });
  t.same(page.body.articles.map((x: { id: number }) => x.id), [refund.id, delivery.id], 'the next page by cursor');
  t.equal(page.body.nextCursor, null);

  // "entrega frete": title 3, tags 2, body 1 per word; accents and case folded.
  const found = await request('GET', '/api/copilot/articles', { token, query: { search: 'ENTREGA frete' } });
  t.same(found.body.articles.map((x: { id: number }) => x.id), [delivery.id, freight.id, refund.id], 'title+tags (3+2+0) > tags+body (0+2+1+1) > body (1)');
  const accents = await request('GET', '/api/copilot/articles', { token, query: { search: 'devolucao' } });
  t.same(accents.body.articles.map((x: { id: number }) => x.id), [refund.id], 'accents do not matter');
  const inflected = await request('GET', '/api/copilot/articles', { token, query: { search: 'entregas' } });
  t.same(inflected.body.articles.map((x: { id: number }) => x.id), [delivery.id, freight.id, refund.id], 'an inflection meets its word (first five letters)');
  const paged = await request('GET', '/api/copilot/articles', { token, query: { search: 'entrega frete', limit: 2 } });
  t.equal(paged.body.nextCursor, '2');
  const rest = await request('GET', '/api/copilot/articles', { token, query: { search: 'entrega frete', limit: 2, cursor: '2' } });
  t.same(rest.body.articles.map((x: { id: number }) => x.id), [refund.id]);

  const edited = await request('PUT', `/api/copilot/articles/${refund.id}`, { token, body: { title: 'Reembolso e troca', body: 'novo texto', tags: ['troca'], status: 'draft', language: 'pt' } });
  t.same([edited.body.title, edited.body.tags, edited.body.status, edited.body.language], ['Reembolso e troca', ['troca'], 'draft', 'pt']);
  t.equal((await request('DELETE', `/api/copilot/articles/${refund.id}`, { token })).status, 200);
  t.equal((await request('GET', `/api/copilot/articles/${refund.id}`, { token })).body.error, 'ERR_COPILOT_ARTICLE_NOT_FOUND');
  const user = await env.createUser(a.companyId);
  t.equal((await request('GET', '/api/copilot/articles', { token: user.token })).status, 200, 'agents read the knowledge base');
  t.equal((await request('POST', '/api/copilot/articles', { token: user.token, body: { title: 'x', body: 'y' } })).status, 403, 'only admins write it');
});

t.test('another company sees none of the articles, the usage or the tickets; a plan without useCopilot is refused', async (t) => {
  const env = await setup(t);
  const { request, a, b, ticket } = env;
  const mine = await env.article(a.admin.token, { title: 'Segredo da loja A', body: 'só da A' });
  await env.say('olá');
  t.equal((await request('POST', '/api/copilot/suggest', { token: a.admin.token, body: { ticketId: ticket.id } })).status, 200);
  const theirs = b.admin.token;
  t.equal((await request('GET', `/api/copilot/articles/${mine.id}`, { token: theirs })).status, 404);
  t.equal((await request('PUT', `/api/copilot/articles/${mine.id}`, { token: theirs, body: { title: 'x', body: 'y' } })).status, 404);
  t.equal((await request('DELETE', `/api/copilot/articles/${mine.id}`, { token: theirs })).status, 404);
  t.same((await request('GET', '/api/copilot/articles', { token: theirs, query: { search: 'segredo' } })).body.articles, []);
  t.same((await request('GET', '/api/copilot/usage', { token: theirs })).body.rows, [], 'B has no usage');
  t.equal((await request('GET', '/api/copilot/usage', { token: a.admin.token })).body.rows.length, 1, 'A has its own');
  const suggest = await request('POST', '/api/copilot/suggest', { token: theirs, body: { ticketId: ticket.id } });
  t.equal(suggest.status, 404);
  t.equal(suggest.body.error, 'ERR_NO_TICKET_FOUND');
  t.equal(env.fake.requests.length, 1, 'B\'s attempt never reached a model');
  const settingsB = await request('GET', '/api/copilot/settings', { token: theirs });
  t.equal(settingsB.body.apiKey, null, 'B has its own (empty) settings');
  const without = await env.createTenant('Sem copilot', { useCopilot: false });
  const refused = await request('GET', '/api/copilot/articles', { token: without.admin.token });
  t.equal(refused.status, 403);
  t.equal(refused.body.error, 'ERR_PLAN_FEATURE_DISABLED');
});

t.test('import from quick replies (once) and from a text or Markdown file', async (t) => {
  const env = await setup(t);
  const { request, a, b, app } = env;
  const token = a.admin.token;
  await QuickMessage.scoped(a.companyId).insert({ shortcode: 'horario', message: 'Atendemos das 8h às 18h.', geral: true, status: 'active' } as Partial<QuickMessage>);
  await QuickMessage.scoped(a.companyId).insert({ shortcode: 'pix', message: 'Nossa chave pix é a loja.', geral: false, userId: a.admin.id, status: 'active' } as Partial<QuickMessage>);
  await QuickMessage.scoped(b.companyId).insert({ shortcode: 'deB', message: 'da outra empresa', geral: true, status: 'active' } as Partial<QuickMessage>);
  let res = await request('POST', '/api/copilot/articles/import/quick-replies', { token });
  t.same(res.body, { imported: 2, skipped: 0 });
  res = await request('POST', '/api/copilot/articles/import/quick-replies', { token });
  t.same(res.body, { imported: 0, skipped: 2 }, 'imported once');
  const list = await request('GET', '/api/copilot/articles', { token });
  t.same(list.body.articles.map((x: { title: string; status: string; source: string }) => [x.title, x.status, x.source]), [['pix', 'draft', 'quick-reply'], ['horario', 'draft', 'quick-reply']]);

  const upload = (filename: string, text: string, fields: Record<string, string> = {}) => {
    const { payload, headers } = multipart(fields, [{ field: 'file', filename, content: Buffer.from(text, 'utf8'), mimetype: 'text/markdown' }]);
    return app.inject({ method: 'POST', url: '/api/copilot/articles/import/file', payload, headers: { ...headers, authorization: `Bearer ${token}` } });
  };
  let file = await upload('trocas.md', '# Como trocar\n\nTroque em até **30 dias**.\n');
  t.equal(file.statusCode, 200);
  t.same([file.json().title, file.json().body, file.json().source], ['Como trocar', '# Como trocar\n\nTroque em até **30 dias**.', 'file']);
  file = await upload('manual.pdf', '%PDF-1.4');
  t.equal(file.json().error, 'ERR_COPILOT_FILE_TYPE', 'PDF is not read');
});

t.test('settings are for admins; a private base URL is refused unless the operator allows it', async (t) => {
  const { request, createTenant, createUser } = await build(t);
  const a = await createTenant('Loja', { useCopilot: true });
  const body = { baseUrl: 'http://127.0.0.1:9/v1', model: 'm', apiKey: 'sk-x', monthlyTokenBudget: 0, perAgentPerMinute: 5, pricePerMillionTokens: 0, windowMessages: 10, timeoutMs: 1000, summaryOnTransfer: false, includeNotes: false, maskNumbers: true };
  const res = await request('PUT', '/api/copilot/settings', { token: a.admin.token, body });
  t.equal(res.status, 400);
  t.equal(res.body.error, 'ERR_URL_NOT_ALLOWED');
  const user = await createUser(a.companyId);
  t.equal((await request('GET', '/api/copilot/settings', { token: user.token })).status, 403);
  t.equal((await request('PUT', '/api/copilot/settings', { token: a.admin.token, body: { ...body, baseUrl: null } })).status, 200, 'no URL: the operator\'s');
});
