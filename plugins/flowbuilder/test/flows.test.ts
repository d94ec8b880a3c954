import t from 'tap';
import { build } from '../../../core/test/helper.js';
import { Queue, Whatsapp } from '../../../core/src/db/models/index.js';
import { edge, node } from './graphs.js';

t.test('flows are created, found by search, renamed, duplicated and deleted within the company', async (t) => {
  const { request, createTenant } = await build(t);
  const { admin } = await createTenant('Flow Co');
  const token = admin.token;
  const created = await request('POST', '/api/flowbuilder', { token, body: { name: 'Boas-vindas' } });
  t.equal(created.status, 200);
  t.match(created.body, { id: Number, name: 'Boas-vindas', active: true });
  await request('POST', '/api/flowbuilder', { token, body: { name: 'Suporte' } });

  const again = await request('POST', '/api/flowbuilder', { token, body: { name: 'Boas-vindas' } });
  t.equal(again.status, 409);
  t.equal(again.body.error, 'ERR_FLOW_NAME_IN_USE');
  for (const name of ['A', 'x'.repeat(51)]) {
    const bad = await request('POST', '/api/flowbuilder', { token, body: { name } });
    t.match(bad, { status: 400, body: { error: 'ERR_VALIDATION', field: 'body/name' } }, `name of ${name.length} chars refused`);
  }

  const found = await request('GET', '/api/flowbuilder', { token, query: { searchParam: 'boas' } });
  t.same(found.body.flows.map((f: { name: string }) => f.name), ['Boas-vindas']);
  t.equal(found.body.hasMore, false);

  const renamed = await request('PUT', '/api/flowbuilder', { token, body: { flowId: created.body.id, name: 'Recepção' } });
  t.equal(renamed.body.name, 'Recepção');

  const fresh = await request('GET', `/api/flowbuilder/flow/${created.body.id}`, { token });
  t.same(fresh.body, { flow: { id: created.body.id, name: 'Recepção', active: true, flow: null } }, 'a flow never saved has no graph');

  const graph = { nodes: [node('1', 'start', { label: 'Inicio do fluxo' }), node('m1', 'message', { label: 'Olá' }, 300)], connections: [edge('1', 'm1')] };
  await request('POST', '/api/flowbuilder/flow', { token, body: { idFlow: created.body.id, ...graph } });
  const copy = await request('POST', '/api/flowbuilder/duplicate', { token, body: { flowId: created.body.id } });
  t.equal(copy.status, 200);
  t.equal(copy.body.name, 'Recepção - copy');
  t.not(copy.body.id, created.body.id);
  t.same((await request('GET', `/api/flowbuilder/flow/${copy.body.id}`, { token })).body.flow.flow, graph, 'the copy has the same graph');
  t.equal((await request('POST', '/api/flowbuilder/duplicate', { token, body: { flowId: created.body.id } })).body.name, 'Recepção - copy 2');

  t.equal((await request('DELETE', `/api/flowbuilder/${created.body.id}`, { token })).status, 200);
  const left = await request('GET', '/api/flowbuilder', { token });
  t.same(left.body.flows.map((f: { name: string }) => f.name).sort(), ['Recepção - copy', 'Recepção - copy 2', 'Suporte']);
  t.equal((await request('GET', `/api/flowbuilder/flow/${copy.body.id}`, { token })).body.flow.flow.nodes.length, 2, 'the copy is independent of the deleted flow');
});

t.test('another company\'s flow cannot be read, saved, renamed, duplicated or deleted', async (t) => {
  const { request, createTenant } = await build(t);
  const owner = await createTenant('Owner Flows');
  const other = await createTenant('Other Flows');
  const { body: mine } = await request('POST', '/api/flowbuilder', { token: owner.admin.token, body: { name: 'Mine' } });
  const token = other.admin.token;
  for (const [method, url, body] of [
    ['DELETE', `/api/flowbuilder/${mine.id}`, undefined],
    ['POST', '/api/flowbuilder/duplicate', { flowId: mine.id }],
    ['PUT', '/api/flowbuilder', { flowId: mine.id, name: 'Taken' }],
    ['GET', `/api/flowbuilder/flow/${mine.id}`, undefined],
    ['POST', '/api/flowbuilder/flow', { idFlow: mine.id, nodes: [], connections: [] }],
    ['POST', '/api/flowcampaign', { name: 'Steal', flowId: mine.id, phrase: 'oi' }],
  ] as const) {
    const res = await request(method, url, { token, body });
    t.equal(res.status, 404, `${method} ${url}`);
    t.equal(res.body.error, 'ERR_NO_FLOW_FOUND');
  }
  t.same((await request('GET', '/api/flowbuilder', { token })).body.flows, [], 'nothing was duplicated into the other company');
  const still = await request('GET', `/api/flowbuilder/flow/${mine.id}`, { token: owner.admin.token });
  t.equal(still.body.flow.name, 'Mine', 'the owner\'s flow is untouched');
});

t.test('a saved graph reads back identically; the OpenAI node\'s keys (API and voice) are stored encrypted, answered masked (also in a copy), and kept when the mask comes back', async (t) => {
  const { app, request, createTenant } = await build(t);
  const { admin, companyId } = await createTenant('Graph Co');
  const token = admin.token;
  const queueId = (await Queue.scoped(companyId).insertAndFetch({ name: 'Vendas', color: '#112233', orderQueue: 1 } as Partial<Queue>)).id;
  const { body: flow } = await request('POST', '/api/flowbuilder', { token, body: { name: 'Completo' } });
  const apiKey = 'sk-test-1234567890abcdef';
  const voiceKey = 'azvoice-9f8e7d6c5b4a39281706';
  const graph = {
    nodes: [
      { ...node('1', 'start', { label: 'Inicio do fluxo' }), width: 120, height: 40, selected: false },
      { ...node('menu1', 'menu', { message: 'Escolha', arrayOption: [{ number: 1, value: 'Vendas' }, { number: 2, value: 'Suporte' }] }, 200), style: { borderColor: '#0000ff' } },
      node('q1', 'question', { typebotIntegration: { message: 'Seu CPF?', answerKey: 'cpf' } }, 400),
      node('i1', 'interval', { label: 'Intervalo 5 seg.', sec: 5 }, 600),
      node('r1', 'randomizer', { percent: 30 }, 800),
      node('c1', 'singleBlock', { seq: ['message1', 'interval1'], elements: [{ type: 'message', value: 'Oi {{cpf}}', number: 'message1' }, { type: 'interval', value: 3, number: 'interval1' }] }, 1000),
      node('ai1', 'openai', { typebotIntegration: { name: 'Bot', projectName: 'Bot', apiKey, prompt: 'Seja gentil', voice: 'Francisca', voiceKey, voiceRegion: 'brazilsouth', temperature: 1, maxTokens: 100, maxMessages: 10 } }, 1200),
      node('t1', 'ticket', { queue: { id: queueId, name: 'Vendas' } }, 1400),
      node('img1', 'img', { url: 'https://cdn.example/p.png', size: 1024 }, 1600),
      node('if1', 'condition', { key: 'cpf', condition: 'startsWith', value: '{{cpf}}' }, 1800),
      node('if2', 'condition', { key: 'cpf', condition: 'isEmpty' }, 2000),
    ],
    connections: [
      edge('1', 'menu1'), edge('menu1', 'q1', 'a1'), edge('menu1', 't1', 'a2'), edge('q1', 'i1'), edge('i1', 'r1'), edge('r1', 'c1', 'a'), edge('r1', 'ai1', 'b'), edge('c1', 'img1'),
      edge('img1', 'if1'), edge('if1', 'if2', 'a'), edge('if1', 'c1', 'b'),
    ],
  };
  const saved = await request('POST', '/api/flowbuilder/flow', { token, body: { idFlow: flow.id, ...graph } });
  t.equal(saved.status, 200);
  const read = await request('GET', `/api/flowbuilder/flow/${flow.id}`, { token });
  const masked = read.body.flow.flow.nodes.find((n: { id: string }) => n.id === 'ai1').data.typebotIntegration.apiKey;
  t.not(masked, apiKey, 'the key is not answered');
  t.notMatch(JSON.stringify(read.body), /1234567890/, 'no part of the middle of the key leaks');
  const maskedVoice = read.body.flow.flow.nodes.find((n: { id: string }) => n.id === 'ai1').data.typebotIntegration.voiceKey;
  t.equal(maskedVoice, `…${voiceKey.slice(-4)}`, 'the voice key is answered masked');
  t.notMatch(JSON.stringify(read.body), /9f8e7d6c5b4a/, 'no part of the middle of the voice key leaks');
  const stored = JSON.parse((await app.knex('flowBuilders').where({ id: flow.id }).first('flow')).flow);
  t.notMatch(JSON.stringify(stored), /sk-test-1234567890abcdef/, 'stored encrypted');
  t.notMatch(JSON.stringify(stored), /9f8e7d6c5b4a/, 'the voice key too');
  const copy = await request('POST', '/api/flowbuilder/duplicate', { token, body: { flowId: flow.id } });
  const copied = JSON.stringify((await request('GET', `/api/flowbuilder/flow/${copy.body.id}`, { token })).body);
  t.ok(copied.includes(maskedVoice) && !copied.includes(voiceKey) && !copied.includes(apiKey), 'a copy of the flow answers both keys masked');
  const withoutKey = (g: any) => ({ ...g, nodes: g.nodes.map((n: any) => (n.type === 'openai' ? { ...n, data: { ...n.data, typebotIntegration: { ...n.data.typebotIntegration, apiKey: 'X', voiceKey: 'X' } } } : n)) });
  t.same(withoutKey(read.body.flow.flow), withoutKey(graph), 'everything else round-trips: positions, sizes, styles, handles, data');

  // The console saves again with the mask: the key is kept.
  await request('POST', '/api/flowbuilder/flow', { token, body: { idFlow: flow.id, ...read.body.flow.flow } });
  const again = JSON.parse((await app.knex('flowBuilders').where({ id: flow.id }).first('flow')).flow);
  const keyOf = (g: any) => g.nodes.find((n: any) => n.id === 'ai1').data.typebotIntegration.apiKey;
  t.equal(keyOf(again), keyOf(stored), 'the mask sent back keeps the stored key');
  t.not(keyOf(again), masked);
  const voiceOf = (g: any) => g.nodes.find((n: any) => n.id === 'ai1').data.typebotIntegration.voiceKey;
  t.equal(voiceOf(again), voiceOf(stored), 'and the stored voice key');
});

t.test('a graph that breaks a rule is refused naming the field, and nothing is stored', async (t) => {
  const { request, createTenant } = await build(t);
  const { admin } = await createTenant('Rules Co');
  const other = await createTenant('Rules Other');
  const otherQueue = await request('POST', '/api/queue', { token: other.admin.token, body: { name: 'Alheia', color: '#123456', greetingMessage: '' } });
  const token = admin.token;
  const { body: flow } = await request('POST', '/api/flowbuilder', { token, body: { name: 'Regras' } });
  const start = node('1', 'start');
  const cases: Array<[string, unknown[], unknown[], string]> = [
    ['interval over 120 s', [start, node('i', 'interval', { sec: 121 })], [], 'body/nodes/1/data/sec'],
    ['interval of 0 s', [start, node('i', 'interval', { sec: 0 })], [], 'body/nodes/1/data/sec'],
    ['randomizer off the step of 10', [start, node('r', 'randomizer', { percent: 35 })], [], 'body/nodes/1/data/percent'],
    ['randomizer over 100', [start, node('r', 'randomizer', { percent: 110 })], [], 'body/nodes/1/data/percent'],
    ['image over 2 MB', [start, node('p', 'img', { url: 'x.png', size: 2 * 1024 * 1024 + 1 })], [], 'body/nodes/1/data/size'],
    ['audio over 5 MB', [start, node('p', 'audio', { url: 'x.ogg', size: 5 * 1024 * 1024 + 1 })], [], 'body/nodes/1/data/size'],
    ['video over 20 MB', [start, node('p', 'video', { url: 'x.mp4', size: 20 * 1024 * 1024 + 1 })], [], 'body/nodes/1/data/size'],
    ['menu without options', [start, node('m', 'menu', { message: 'Escolha', arrayOption: [] })], [], 'body/nodes/1/data/arrayOption'],
    ['question without key', [start, node('q', 'question', { typebotIntegration: { message: 'Nome?' } })], [], 'body/nodes/1/data/typebotIntegration/answerKey'],
    ['OpenAI without key', [start, node('a', 'openai', { typebotIntegration: { name: 'Bot', prompt: 'p' } })], [], 'body/nodes/1/data/typebotIntegration/apiKey'],
    ['content with an empty message', [start, node('c', 'singleBlock', { elements: [{ type: 'message', value: ' ' }] })], [], 'body/nodes/1/data/elements/0/value'],
    ['condition without key', [start, node('c', 'condition', { condition: 'equals', value: 'sim' })], [], 'body/nodes/1/data/key'],
    ['condition key written as a placeholder', [start, node('c', 'condition', { key: '{{nome}}', condition: 'equals', value: 'sim' })], [], 'body/nodes/1/data/key'],
    ['condition with an unknown test', [start, node('c', 'condition', { key: 'nome', condition: 'matches', value: 'sim' })], [], 'body/nodes/1/data/condition'],
    ['condition without the value it compares with', [start, node('c', 'condition', { key: 'nome', condition: 'contains', value: '  ' })], [], 'body/nodes/1/data/value'],
    ['numeric condition with a word', [start, node('c', 'condition', { key: 'idade', condition: 'greaterThan', value: 'dezoito' })], [], 'body/nodes/1/data/value'],
    ['unknown node type', [start, node('x', 'teleport')], [], 'body/nodes/1/type'],
    ['two start nodes', [start, node('2', 'start')], [], 'body/nodes'],
    ['edge to a missing node', [start], [edge('1', 'ghost')], 'body/connections/0/target'],
  ];
  for (const [label, nodes, connections, field] of cases) {
    const res = await request('POST', '/api/flowbuilder/flow', { token, body: { idFlow: flow.id, nodes, connections } });
    t.match(res, { status: 400, body: { error: 'ERR_INVALID_FLOW', field } }, label);
  }
  const foreign = await request('POST', '/api/flowbuilder/flow', { token, body: { idFlow: flow.id, nodes: [start, node('t', 'ticket', { queue: { id: otherQueue.body.id, name: 'Alheia' } })], connections: [] } });
  t.match(foreign, { status: 404, body: { error: 'ERR_NO_QUEUE_FOUND' } }, 'a ticket node cannot name another company\'s queue');
  const ok = await request('POST', '/api/flowbuilder/flow', { token, body: { idFlow: flow.id, nodes: [
    start, node('i', 'interval', { sec: 120 }), node('r', 'randomizer', { percent: 100 }),
    node('c1', 'condition', { key: 'idade', condition: 'lessThan', value: '17,5' }), node('c2', 'condition', { key: 'idade', condition: 'greaterThan', value: '{{minimo}}' }),
    node('c3', 'condition', { key: 'idade', condition: 'isNotEmpty' }), node('c4', 'condition', { key: 'nome', condition: 'equals', value: 'José' }),
  ], connections: [] } });
  t.equal(ok.status, 200, 'the limits themselves are allowed, and good condition nodes (a number, a placeholder, no value for isNotEmpty)');
});

t.test('phrase campaigns: created for a connection or all, listed under flow, changed (connection and status too) and deleted', async (t) => {
  const { request, createTenant } = await build(t);
  const { admin, companyId } = await createTenant('Phrase Co');
  const other = await createTenant('Phrase Other');
  const token = admin.token;
  const waId = (await Whatsapp.scoped(companyId).insertAndFetch({ name: 'Loja', status: 'CONNECTED', isDefault: true } as Partial<Whatsapp>)).id;
  const otherWa = (await Whatsapp.scoped(other.companyId).insertAndFetch({ name: 'Alheio', status: 'CONNECTED', isDefault: true } as Partial<Whatsapp>)).id;
  const { body: flow } = await request('POST', '/api/flowbuilder', { token, body: { name: 'Promo' } });

  const created = await request('POST', '/api/flowcampaign', { token, body: { name: 'Promoção', flowId: flow.id, whatsappId: null, phrase: 'promo' } });
  t.equal(created.status, 200);
  t.match(created.body, { name: 'Promoção', flowId: flow.id, whatsappId: null, phrase: 'promo', status: true });
  for (const missing of ['name', 'flowId', 'phrase']) {
    const body: Record<string, unknown> = { name: 'X', flowId: flow.id, phrase: 'x' };
    delete body[missing];
    t.match(await request('POST', '/api/flowcampaign', { token, body }), { status: 400, body: { error: 'ERR_VALIDATION', field: `body/${missing}` } }, `${missing} required`);
  }
  t.match(await request('POST', '/api/flowcampaign', { token, body: { name: 'X', flowId: flow.id, whatsappId: Number(otherWa), phrase: 'x' } }), { status: 404, body: { error: 'ERR_NO_WAPP_FOUND' } });

  const changed = await request('PUT', '/api/flowcampaign', { token, body: { id: created.body.id, name: 'Promoção', flowId: flow.id, whatsappId: Number(waId), phrase: 'promo', status: false } });
  t.match(changed.body, { whatsappId: Number(waId), status: false }, 'the connection and the status change');
  t.match((await request('GET', `/api/flowcampaign/${created.body.id}`, { token })).body, { name: 'Promoção', phrase: 'promo', status: false, flowId: flow.id, whatsappId: Number(waId) });
  t.same((await request('GET', '/api/flowcampaign', { token })).body.flow.map((c: { id: number }) => c.id), [created.body.id]);

  for (const [method, url, body] of [
    ['GET', `/api/flowcampaign/${created.body.id}`, undefined],
    ['PUT', '/api/flowcampaign', { id: created.body.id, name: 'X', flowId: flow.id, phrase: 'x', status: true }],
    ['DELETE', `/api/flowcampaign/${created.body.id}`, undefined],
  ] as const) {
    const res = await request(method, url, { token: other.admin.token, body });
    t.equal(res.status, 404, `another company: ${method} ${url}`);
    t.equal(res.body.error, 'ERR_NO_FLOW_CAMPAIGN_FOUND');
  }
  t.equal((await request('DELETE', `/api/flowcampaign/${created.body.id}`, { token })).status, 200);
  t.same((await request('GET', '/api/flowcampaign', { token })).body.flow, []);
});
