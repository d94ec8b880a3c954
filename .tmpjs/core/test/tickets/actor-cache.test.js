import t from "tap";
import { Model } from "objection";
import { build, secondInstance } from "../helper.js";
import { Queue, Ticket } from "../../src/db/models/index.js";
import { CALLERS_FORGOTTEN } from "../../src/bus/index.js";
import { defaultConnection, inbound, useFakeProvider } from "../pipeline/fixtures.js";
async function setup(t2) {
  const ctx = await build(t2);
  const { app, createUser } = ctx;
  useFakeProvider(app);
  const [qa, qb] = await Promise.all(["A", "B"].map((n, i) => Queue.scoped(1).insertAndFetch({ name: `Fila ${n}`, color: `#0000b${i}` })));
  const ana = await createUser(1, { name: "Ana" });
  const wa = await defaultConnection();
  const ticketFor = async (number, queueId) => {
    await app.pipeline.inbound.onMessage({ companyId: 1, whatsappId: wa.id }, inbound(number, "oi"));
    const ticket = await Ticket.scoped(1).orderBy("id", "desc").first();
    return await Ticket.scoped(1).patchAndFetchById(ticket.id, { queueId });
  };
  const ta = await ticketFor("5511900000011", qa.id);
  const tb = await ticketFor("5511900000012", qb.id);
  const tn = await ticketFor("5511900000013", null);
  return { ...ctx, qa, qb, ana, ta, tb, tn };
}
const ids = (res) => res.body.tickets.map((x) => x.id).sort();
t.test("a change of a user's queues, visibility or profile shows on their very next request", async (t2) => {
  const { request, token, qa, qb, ana, ta, tb, tn } = await setup(t2);
  const pending = async () => ids(await request("GET", "/api/tickets", { token: ana.token, query: { status: "pending", showAll: "true" } }));
  const put = async (body) => t2.equal((await request("PUT", `/api/users/${ana.id}`, { token, body })).status, 200);
  t2.same(await pending(), [], "no queue: nothing to see");
  await put({ queueIds: [qa.id] });
  t2.same(await pending(), [ta.id], "given queue A: its ticket at once");
  t2.equal((await request("GET", `/api/tickets/${ta.id}`, { token: ana.token })).status, 200);
  await put({ queueIds: [qb.id] });
  t2.same(await pending(), [tb.id], "moved to queue B: A's ticket gone at once");
  t2.equal((await request("GET", `/api/tickets/${ta.id}`, { token: ana.token })).status, 403, "and refused by id");
  await put({ allTicket: "enabled" });
  t2.same(await pending(), [tb.id, tn.id].sort(), "allTicket: the ticket without a queue too");
  await put({ profile: "admin" });
  t2.same(await pending(), [ta.id, tb.id, tn.id].sort(), "made admin: show-all holds everything");
  await put({ profile: "user", allTicket: "desabled", queueIds: [] });
  t2.same(await pending(), [], "and back");
});
t.test("a deleted queue or user is gone from the cached caller at once", async (t2) => {
  const { request, token, qa, ana, ta } = await setup(t2);
  t2.equal((await request("PUT", `/api/users/${ana.id}`, { token, body: { queueIds: [qa.id] } })).status, 200);
  t2.same(ids(await request("GET", "/api/tickets", { token: ana.token, query: { status: "pending" } })), [ta.id]);
  t2.equal((await request("DELETE", `/api/queue/${qa.id}`, { token })).status, 200);
  t2.same(ids(await request("GET", "/api/tickets", { token: ana.token, query: { status: "pending" } })), [], "the queue's (now queueless) ticket is not hers any more");
  t2.equal((await request("DELETE", `/api/users/${ana.id}`, { token })).status, 200);
  const gone = await request("GET", "/api/tickets", { token: ana.token, query: { status: "pending" } });
  t2.equal(gone.status, 401, "a deleted user's token reads nothing");
  t2.equal(gone.body.error, "ERR_SESSION_EXPIRED");
});
t.test("with two app instances sharing Redis, a change forgets the cached callers in the other process", { skip: !process.env.TEST_REDIS_URL && "needs TEST_REDIS_URL" }, async (t2) => {
  const ctx = await build(t2);
  const second = await secondInstance(ctx.app);
  t2.teardown(async () => {
    await second.close();
    Model.knex(ctx.app.knex);
  });
  const heard = [];
  second.bus.io.on(CALLERS_FORGOTTEN, (change) => heard.push(change.companyId));
  const user = await ctx.createUser(1, { name: "Bia" });
  t2.equal((await ctx.request("PUT", `/api/users/${user.id}`, { token: ctx.token, body: { allTicket: "enabled" } })).status, 200);
  t2.ok(heard.includes(1), "company 1's callers are forgotten in the other process before the change answers");
});
