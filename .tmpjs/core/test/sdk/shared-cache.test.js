import t from "tap";
import { Model } from "objection";
import { SharedCaches } from "../../src/cache/shared-cache.js";
import { TURN_JOB } from "../../src/messaging/responders/chain.js";
import { build, secondInstance } from "../helper.js";
import { defaultConnection, inbound } from "../pipeline/fixtures.js";
function controlledLoad() {
  const pending = [];
  let calls = 0;
  return {
    load: () => {
      calls += 1;
      return new Promise((resolve) => {
        pending.push(resolve);
      });
    },
    answer: (value) => pending.shift()(value),
    calls: () => calls
  };
}
t.test("a cache loads once for concurrent gets, keeps the value, and loads again after a forget", async (t2) => {
  const caches = new SharedCaches();
  const source = controlledLoad();
  const cache = caches.define("names", { load: source.load });
  const first = cache.get(1);
  const second = cache.get(1);
  source.answer("Ana");
  t2.same(await Promise.all([first, second]), ["Ana", "Ana"]);
  t2.equal(source.calls(), 1, "one load for both");
  t2.equal(await cache.get(1), "Ana", "kept");
  t2.equal(source.calls(), 1);
  await cache.forget(1);
  const after = cache.get(1);
  source.answer("Bia");
  t2.equal(await after, "Bia", "read again after the forget");
});
t.test("a value being loaded when its entry is forgotten is not kept: the next get reads again", async (t2) => {
  const caches = new SharedCaches();
  const source = controlledLoad();
  const cache = caches.define("names", { load: source.load });
  const stale = cache.get(1);
  await cache.forget(1);
  source.answer("before the change");
  t2.equal(await stale, "before the change", "the get that started before the change sees the old value");
  const fresh = cache.get(1);
  source.answer("after the change");
  t2.equal(await fresh, "after the change");
  t2.equal(source.calls(), 2);
});
t.test("keys are forgotten one by one or with their company; companies do not share entries", async (t2) => {
  const caches = new SharedCaches();
  const loads = [];
  const cache = caches.define("runs", { load: async (companyId, key) => {
    loads.push(`${companyId}:${key}`);
    return `${companyId}:${key}`;
  } });
  await Promise.all([cache.get(1, 10), cache.get(1, 11), cache.get(2, 10)]);
  await cache.forget(1, 10);
  await Promise.all([cache.get(1, 10), cache.get(1, 11), cache.get(2, 10)]);
  t2.same(loads, ["1:10", "1:11", "2:10", "1:10"], "only the forgotten key is read again");
  await cache.forget(1);
  await Promise.all([cache.get(1, 10), cache.get(1, 11), cache.get(2, 10)]);
  t2.same(loads.slice(4), ["1:10", "1:11"], "the whole company, and only it");
});
t.test("a forget is announced to the other processes; one heard from a peer is not announced again", async (t2) => {
  const caches = new SharedCaches();
  const announced = [];
  caches.onForget(async (change) => {
    announced.push(change);
  });
  let loads = 0;
  const cache = caches.forPlugin("flowbuilder").define("triggers", { load: async () => ++loads });
  await cache.get(3);
  await cache.forget(3);
  t2.same(announced, [{ cache: "flowbuilder:triggers", companyId: 3 }], "named with the plugin's id");
  await cache.get(3);
  caches.forgetFromPeer({ cache: "flowbuilder:triggers", companyId: 3 });
  t2.equal(await cache.get(3), 3, "forgotten here on the peer's word");
  t2.equal(announced.length, 1, "and not announced again");
  t2.throws(() => caches.forPlugin("flowbuilder").define("triggers", { load: async () => 0 }), /defined twice/);
  t2.doesNotThrow(() => caches.forPlugin("kanban").define("triggers", { load: async () => 0 }), "another plugin's name is its own");
});
t.test("with two app instances sharing Redis, a phrase campaign created through one is seen at once by the other's chain", { skip: !process.env.TEST_REDIS_URL && "needs TEST_REDIS_URL" }, async (t2) => {
  const ctx = await build(t2);
  const second = await secondInstance(ctx.app);
  t2.teardown(async () => {
    await second.close();
    Model.knex(ctx.app.knex);
  });
  const turns = [];
  const enqueue = second.jobs.enqueue.bind(second.jobs);
  second.jobs.enqueue = (async (name, data, options) => {
    if (name === TURN_JOB && data.messageId) turns.push(data.messageId);
    return enqueue(name, data, options);
  });
  const flow = await ctx.request("POST", "/api/flowbuilder", { token: ctx.token, body: { name: "Descontos" } });
  const conn = { companyId: 1, whatsappId: (await defaultConnection()).id };
  const number = "5511977776666";
  const write = async (body) => {
    await second.pipeline.inbound.onMessage(conn, inbound(number, body));
    await Promise.all([ctx.app.jobs.idle(), second.jobs.idle()]);
  };
  await write("oi");
  turns.length = 0;
  await write("quero o desconto");
  t2.same(turns, [], "no campaign: no turn, and the other instance has cached the company's (empty) triggers");
  const created = await ctx.request("POST", "/api/flowcampaign", { token: ctx.token, body: { name: "Desconto", flowId: flow.body.id, phrase: "desconto" } });
  t2.equal(created.status, 200, "a campaign created through the first instance");
  await write("quero o desconto");
  t2.equal(turns.length, 1, "the other instance forgot its triggers before the change answered: the message gets its turn");
});
