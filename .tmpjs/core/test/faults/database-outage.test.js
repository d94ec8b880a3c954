import t from "tap";
import { api, connectedSandbox, processData, startServer, waitForExit, waitUntil } from "../hardening/server-process.js";
import { databaseProxy } from "./database-proxy.js";
const skip = process.env.TEST_DB !== "mysql" ? "a MariaDB outage runs on the MariaDB leg" : false;
const ADMIN = { email: "faults-db@atrium.test", password: "Faults-pass-123" };
t.test("MariaDB down and stalled under a running server: requests answer 503 (never 500), health says so, and everything works again when it is back, with a due schedule retried", { skip }, async (t2) => {
  const server = new URL((process.env.TEST_MYSQL_URL ?? "mysql://root@127.0.0.1:3306").replace(/\/$/, ""));
  const proxy = await databaseProxy({ host: server.hostname, port: Number(server.port || 3306) });
  t2.teardown(proxy.down);
  const data = processData("faults_db", ADMIN, {
    // The server reaches MariaDB through the relay (below); the test reads directly (data.db()).
    DB_ACQUIRE_TIMEOUT_MS: "1500",
    DB_STATEMENT_TIMEOUT_MS: "1500",
    ATRIUM_TIME_SCALE: "0.1"
  });
  const viaProxy = new URL(data.env.DATABASE_URL);
  viaProxy.port = String(proxy.port);
  data.env.DATABASE_URL = viaProxy.toString();
  t2.teardown(data.remove);
  const { child, url } = await startServer(data.env, 18e4);
  t2.teardown(() => {
    child.kill("SIGKILL");
  });
  const token = (await api(url, void 0, "POST", "/api/auth/login", ADMIN)).body.token;
  const connectionId = await connectedSandbox(url, token);
  const inbound = (providerId) => api(url, token, "POST", `/api/sandbox/${connectionId}/inbound`, { number: "5511977776666", name: "Cliente", body: providerId, providerId });
  t2.equal((await inbound("before")).status, 200);
  const contactId = (await api(url, token, "GET", "/api/contacts")).body.contacts[0].id;
  const schedule = (await api(url, token, "POST", "/api/schedules", { body: "Due during the outage", contactId, sendAt: new Date(Date.now() + 4e3).toISOString() })).body.id;
  await proxy.down();
  const tickets = await api(url, token, "GET", "/api/tickets");
  t2.equal(tickets.status, 503, "a read answers 503");
  t2.equal(tickets.body?.error, "ERR_SERVICE_UNAVAILABLE");
  const refused = await inbound("during-down");
  t2.equal(refused.status, 503, "inbound is refused with 503 (the sender delivers it again)");
  const health = await api(url, void 0, "GET", "/api/health");
  t2.equal(health.status, 503, "health answers 503");
  t2.equal(health.body?.database, "degraded", "and names the database");
  t2.equal((await api(url, void 0, "GET", "/api/ready")).status, 503, "not ready");
  await new Promise((r) => setTimeout(r, 6e3));
  t2.equal(child.exitCode, null, "the server is up");
  await proxy.up();
  await waitUntil(async () => (await api(url, void 0, "GET", "/api/health")).status === 200, 3e4, "health to be ok again");
  t2.equal((await api(url, token, "GET", "/api/tickets")).status, 200, "reads work again without a restart");
  t2.equal((await inbound("during-down")).status, 200, "the refused message, delivered again, is accepted");
  const db = data.db();
  let row;
  await waitUntil(async () => (row = await db("schedules").where({ id: schedule }).first("status", "error"))?.status === "ENVIADA", 6e4, "the schedule to be sent after its retries").catch(() => void 0);
  t2.equal(row?.status, "ENVIADA", `the schedule due during the outage was retried and sent (${JSON.stringify(row)})`);
  proxy.stall();
  const stalled = await api(url, token, "GET", "/api/tickets");
  t2.equal(stalled.status, 503, "a stalled database answers 503 once the statement or acquire timeout passes, not after the stall");
  await proxy.down();
  await proxy.up();
  await waitUntil(async () => (await api(url, token, "GET", "/api/tickets")).status === 200, 3e4, "reads after the stall");
  t2.equal((await db("messages").where({ providerId: "during-down" }).count({ n: "*" }).first())?.n, 1, "the re-delivered message is stored once");
  child.kill("SIGTERM");
  await waitForExit(child);
});
