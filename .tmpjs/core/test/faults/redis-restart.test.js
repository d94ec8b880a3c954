import t from "tap";
import { api, connectedSandbox, processData, startServer, waitForExit, waitUntil } from "../hardening/server-process.js";
import { privateRedis } from "./private-redis.js";
const skip = process.env.TEST_DB !== "mysql" || !process.env.TEST_REDIS_URL ? "Redis faults run on the MariaDB + Redis leg" : false;
const ADMIN = { email: "faults-redis@atrium.test", password: "Faults-pass-123" };
t.test("Redis killed under inbound traffic and restarted empty: the server stays up, answers 200 or 503, stores each accepted message once, and its jobs run again", { skip }, async (t2) => {
  const redis = await privateRedis();
  t2.teardown(redis.kill);
  const data = processData("faults_redis", ADMIN, { REDIS_URL: redis.url });
  t2.teardown(data.remove);
  const server = await startServer(data.env, 18e4);
  t2.teardown(() => {
    server.child.kill("SIGKILL");
  });
  const { url, child } = server;
  const token = (await api(url, void 0, "POST", "/api/auth/login", ADMIN)).body.token;
  const connectionId = await connectedSandbox(url, token);
  const db = data.db();
  const agent = { email: "agent@faults.test", password: "Agent-pass-123" };
  t2.equal((await api(url, token, "POST", "/api/users", { name: "Agent", ...agent, profile: "user" })).status, 200, "an agent to sign in with");
  const answers = /* @__PURE__ */ new Map();
  const odd = /* @__PURE__ */ new Set();
  let sent = 0;
  const deliver = async () => {
    sent += 1;
    const providerId = `fault-${sent}`;
    const res = await api(url, token, "POST", `/api/sandbox/${connectionId}/inbound`, { number: `5511900000${String(sent % 20).padStart(3, "0")}`, name: "Cliente", body: `mensagem ${sent}`, providerId });
    answers.set(providerId, res.status);
    if (res.status !== 200 && res.status !== 503) odd.add(`${res.status} ${JSON.stringify(res.body)}`);
    return res.status;
  };
  for (let i = 0; i < 5; i++) await deliver();
  const contact = await db("contacts").where({ companyId: 1 }).whereNot("number", "").first("id");
  const schedule = async (body, inMs) => (await api(url, token, "POST", "/api/schedules", { body, contactId: contact.id, sendAt: new Date(Date.now() + inMs).toISOString() })).body.id;
  const stranded = await schedule("Stranded by the outage", 4e3);
  await redis.kill();
  const duringOutage = [];
  const until = Date.now() + 8e3;
  while (Date.now() < until) {
    duringOutage.push(await deliver());
    const health = await api(url, void 0, "GET", "/api/health");
    t2.ok(health.status === 503 || health.body?.redis === "degraded", "health does not claim Redis is fine while it is gone");
    const login = await api(url, void 0, "POST", "/api/auth/login", agent);
    t2.ok(login.status === 200 || login.status === 503, `sign-in answers 200 or 503, never 500 (${login.status})`);
  }
  t2.equal(child.exitCode, null, "the server is still running after the outage");
  t2.ok(duringOutage.every((s) => s === 200 || s === 503), `inbound answered 200 or 503 during the outage (${[...new Set(duringOutage)].join(", ")})`);
  t2.same([...odd], [], "no other answer");
  await redis.start();
  await waitUntil(async () => await deliver() === 200, 6e4, "inbound to be accepted again after Redis came back");
  const after = await schedule("After the outage", 1e3);
  await waitUntil(async () => {
    const rows = await db("schedules").whereIn("id", [stranded, after]).select("status");
    return rows.every((r) => r.status === "ENVIADA");
  }, 6e4, "both schedules to be sent (jobs run again; the stranded one rebuilt by the reconciler)");
  t2.equal(child.exitCode, null, "the server is still running");
  const accepted = [...answers].filter(([, status]) => status === 200).map(([id]) => id);
  const stored = await db("messages").whereIn("providerId", [...answers.keys()]).select("providerId");
  const counts = /* @__PURE__ */ new Map();
  for (const { providerId } of stored) counts.set(providerId, (counts.get(providerId) ?? 0) + 1);
  t2.same(accepted.filter((id) => counts.get(id) !== 1), [], "every message answered 200 is stored exactly once");
  t2.same([...odd], [], "no delivery answered anything but 200 or 503");
  child.kill("SIGTERM");
  await waitForExit(child);
});
