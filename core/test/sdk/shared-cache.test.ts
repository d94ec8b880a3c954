import t from 'tap';
import { Model } from 'objection';
import { SharedCaches, type CacheForgotten } from '../../src/cache/shared-cache.js';
import { TURN_JOB } from '../../src/messaging/responders/chain.js';
import { build, secondInstance } from '../helper.js';
import { defaultConnection, inbound } from '../pipeline/fixtures.js';

/** A load whose answer the test gives: counts calls, resolves when told. */
function controlledLoad() {
  const pending: Array<(value: string) => void> = [];
  let calls = 0;
  return {
    load: () => { calls += 1; return new Promise<string>((resolve) => { pending.push(resolve); }); },
    answer: (value: string) => pending.shift()!(value),
    calls: () => calls,
  };
}

t.test('a cache loads once for concurrent gets, keeps the value, and loads again after a forget', async (t) => {
  const caches = new SharedCaches();
  const source = controlledLoad();
  const cache = caches.define<string>('names', { load: source.load });
  const first = cache.get(1);
  const second = cache.get(1);
  source.answer('Ana');
  t.same(await Promise.all([first, second]), ['Ana', 'Ana']);
  t.equal(source.calls(), 1, 'one load for both');
  t.equal(await cache.get(1), 'Ana', 'kept');
  t.equal(source.calls(), 1);
  await cache.forget(1);
  const after = cache.get(1);
  source.answer('Bia');
  t.equal(await after, 'Bia', 'read again after the forget');
});

t.test('a value being loaded when its entry is forgotten is not kept: the next get reads again', async (t) => {
  const caches = new SharedCaches();
  const source = controlledLoad();
  const cache = caches.define<string>('names', { load: source.load });
  const stale = cache.get(1);
  await cache.forget(1); // the change committed while the read was in flight
  source.answer('before the change');
  t.equal(await stale, 'before the change', 'the get that started before the change sees the old value');
  const fresh = cache.get(1);
  source.answer('after the change');
  t.equal(await fresh, 'after the change');
  t.equal(source.calls(), 2);
});

t.test('keys are forgotten one by one or with their company; companies do not share entries', async (t) => {
  const caches = new SharedCaches();
  const loads: string[] = [];
  const cache = caches.define<string, number>('runs', { load: async (companyId, key) => { loads.push(`${companyId}:${key}`); return `${companyId}:${key}`; } });
  await Promise.all([cache.get(1, 10), cache.get(1, 11), cache.get(2, 10)]);
  await cache.forget(1, 10);
  await Promise.all([cache.get(1, 10), cache.get(1, 11), cache.get(2, 10)]);
  t.same(loads, ['1:10', '1:11', '2:10', '1:10'], 'only the forgotten key is read again');
  await cache.forget(1);
  await Promise.all([cache.get(1, 10), cache.get(1, 11), cache.get(2, 10)]);
  t.same(loads.slice(4), ['1:10', '1:11'], 'the whole company, and only it');
});

t.test('a forget is announced to the other processes; one heard from a peer is not announced again', async (t) => {
  const caches = new SharedCaches();
  const announced: CacheForgotten[] = [];
  caches.onForget(async (change) => { announced.push(change); });
  let loads = 0;
  const cache = caches.forPlugin('flowbuilder').define<number>('triggers', { load: async () => ++loads });
  await cache.get(3);
  await cache.forget(3);
  t.same(announced, [{ cache: 'flowbuilder:triggers', companyId: 3 }], 'named with the plugin\'s id');
  await cache.get(3);
  caches.forgetFromPeer({ cache: 'flowbuilder:triggers', companyId: 3 });
  t.equal(await cache.get(3), 3, 'forgotten here on the peer\'s word');
  t.equal(announced.length, 1, 'and not announced again');
  t.throws(() => caches.forPlugin('flowbuilder').define('triggers', { load: async () => 0 }), /defined twice/);
  t.doesNotThrow(() => caches.forPlugin('kanban').define('triggers', { load: async () => 0 }), 'another plugin\'s name is its own');
});

t.test('with two app instances sharing Redis, a phrase campaign created through one is seen at once by the other\'s chain', { skip: !process.env.TEST_REDIS_URL && 'needs TEST_REDIS_URL' }, async (t) => {
  const ctx = await build(t);
  const second = await secondInstance(ctx.app);
  t.teardown(async () => { await second.close(); Model.knex(ctx.app.knex); });
  const turns: number[] = [];
  const enqueue = second.jobs.enqueue.bind(second.jobs);
  second.jobs.enqueue = (async (name: string, data: { messageId?: number }, options?: unknown) => {
    if (name === TURN_JOB && data.messageId) turns.push(data.messageId);
    return enqueue(name, data as never, options as never);
  }) as typeof second.jobs.enqueue;
  const flow = await ctx.request('POST', '/api/flowbuilder', { token: ctx.token, body: { name: 'Descontos' } });
  const conn = { companyId: 1, whatsappId: (await defaultConnection()).id };
  const number = '5511977776666';
  const write = async (body: string) => {
    await second.pipeline.inbound.onMessage(conn, inbound(number, body));
    await Promise.all([ctx.app.jobs.idle(), second.jobs.idle()]);
  };
  await write('oi'); // opens the ticket (its turn greets)
  turns.length = 0;
  await write('quero o desconto');
  t.same(turns, [], 'no campaign: no turn, and the other instance has cached the company\'s (empty) triggers');
  const created = await ctx.request('POST', '/api/flowcampaign', { token: ctx.token, body: { name: 'Desconto', flowId: flow.body.id, phrase: 'desconto' } });
  t.equal(created.status, 200, 'a campaign created through the first instance');
  await write('quero o desconto');
  t.equal(turns.length, 1, 'the other instance forgot its triggers before the change answered: the message gets its turn');
});
