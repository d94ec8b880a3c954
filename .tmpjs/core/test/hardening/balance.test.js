import t from "tap";
import { createClient } from "redis";
import { redisPrefix } from "../../src/config/index.js";
import { createKnex } from "../../src/db/connection.js";
import { api, connectedSandbox, multiProcessEnv, multiProcessSkip, deliverInbound, startServer, waitForExit, waitUntil } from "./server-process.js";
const ADMIN = { email: "balance@atrium.test", password: "Balance-pass-123" };
const CONNECTIONS = 4;
t.test("sessions are shared among the API processes: a new process takes its half, a leaving one hands its sessions back, messages flow throughout", { skip: multiProcessSkip }, async (t2) => {
  const { env, databaseUrl, remove } = multiProcessEnv("balance", ADMIN, 1e3);
  const redis = createClient({ url: process.env.TEST_REDIS_URL });
  await redis.connect();
  let knex;
  t2.teardown(async () => {
    await redis.quit();
    await knex?.destroy();
    await remove();
  });
  const a = await startServer(env);
  t2.teardown(() => {
    a.child.kill("SIGKILL");
  });
  const token = (await api(a.url, void 0, "POST", "/api/auth/login", ADMIN)).body.token;
  const ids = [await connectedSandbox(a.url, token)];
  for (let i = 2; i <= CONNECTIONS; i++) {
    const created = await api(a.url, token, "POST", "/api/whatsapp", { name: `Sandbox ${i}`, provider: "sandbox" });
    t2.equal(created.status, 200, `connection ${i} created`);
    ids.push(created.body.id);
  }
  knex = createKnex({ kind: "mysql", url: databaseUrl });
  const db = knex;
  const prefix = redisPrefix({ database: { kind: "mysql", url: databaseUrl } });
  const holders = async () => Promise.all(ids.map(async (id) => (await redis.get(`${prefix}:session-lease:${id}`))?.split(":")[0]));
  const allConnected = async () => (await db("whatsapps").whereIn("id", ids).where("status", "CONNECTED")).length === ids.length;
  const count = (list, pid) => list.filter((h) => h === String(pid)).length;
  await waitUntil(async () => count(await holders(), a.child.pid) === CONNECTIONS && await allConnected(), 2e4, "A to drive every session");
  const b = await startServer(env);
  t2.teardown(() => {
    b.child.kill("SIGKILL");
  });
  await waitUntil(async () => {
    const now = await holders();
    return count(now, a.child.pid) === CONNECTIONS / 2 && count(now, b.child.pid) === CONNECTIONS / 2 && await allConnected();
  }, 3e4, "the sessions to be shared half and half");
  t2.pass("with B up, each process drives half of the sessions, every connection connected");
  const inbound = (round) => Promise.all(ids.map((id, i) => deliverInbound(a.url, token, id, { number: `55319700000${i}${round}`, name: `Cliente ${i}`, body: `mensagem ${round}`, providerId: `BALANCE-${round}-${id}` })));
  const stored = async (round) => (await db("messages").where({ fromMe: false, body: `mensagem ${round}` }).select("whatsappId")).map((m) => m.whatsappId).sort();
  await inbound(1);
  await waitUntil(async () => (await stored(1)).length === CONNECTIONS, 2e4, "the first messages");
  t2.same(await stored(1), [...ids].sort(), "one message stored per connection, wherever its session runs");
  b.child.kill("SIGTERM");
  await waitForExit(b.child);
  await waitUntil(async () => count(await holders(), a.child.pid) === CONNECTIONS && await allConnected(), 3e4, "A to take every session back");
  t2.pass("B left: A drives every session again");
  await inbound(2);
  await waitUntil(async () => (await stored(2)).length === CONNECTIONS, 2e4, "the second messages");
  t2.same(await stored(2), [...ids].sort(), "messages flow on every connection after B left");
  t2.equal((await db("messages").where({ fromMe: false })).length, 2 * CONNECTIONS, "nothing stored twice");
});
