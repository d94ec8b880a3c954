import t from "tap";
import path from "node:path";
import { api, connectedSandbox, processData, root, startServer, waitForExit, waitUntil } from "./server-process.js";
const ADMIN = { email: "bots-crash@atrium.test", password: "Crash-pass-123" };
const MESSAGES = Array.from({ length: 6 }, (_, i) => ({ number: String(553197e7 + i % 2), name: `Bot crash ${i % 2}`, body: `pergunta ${i}`, providerId: `BOTS-CRASH-${i}` }));
t.test("bots killed mid-answer resume after the restart: every message is answered at most once, in order, and the rest are answered", async (t2) => {
  const data = processData("bots_crash", ADMIN, { PLUGINS_DIR: path.join(root, "core/test/fixtures/responders"), TWOBOTS_SLEEP_MS: "2000" });
  t2.teardown(data.remove);
  const { env } = data;
  const setup = await startServer(env);
  const db = data.db();
  await db("plans").update({ features: JSON.stringify({ useTwoBots: true }) });
  setup.child.kill("SIGTERM");
  await waitForExit(setup.child);
  const first = await startServer(env);
  t2.teardown(() => {
    first.child.kill("SIGKILL");
  });
  let token = (await api(first.url, void 0, "POST", "/api/auth/login", ADMIN)).body.token;
  let connectionId = await connectedSandbox(first.url, token);
  for (const message of MESSAGES) t2.equal((await api(first.url, token, "POST", `/api/sandbox/${connectionId}/inbound`, message)).status, 200);
  const answers = async () => await db("twobotsAnswers").orderBy("messageId").select("messageId", "ticketId", "startedAt", "finishedAt");
  await waitUntil(async () => (await answers()).length >= 2, 2e4, "the bots to start answering");
  first.child.kill("SIGKILL");
  await waitForExit(first.child);
  const atKill = await answers();
  t2.ok(atKill.length < MESSAGES.length, `killed with answers left to give (${atKill.length} of ${MESSAGES.length} begun)`);
  const second = await startServer(env);
  t2.teardown(() => {
    second.child.kill("SIGKILL");
  });
  token = (await api(second.url, void 0, "POST", "/api/auth/login", ADMIN)).body.token;
  connectionId = await connectedSandbox(second.url, token);
  await waitUntil(async () => (await answers()).length === MESSAGES.length, 9e4, "every message to be taken up");
  await waitUntil(async () => (await answers()).filter((a) => a.finishedAt).length >= MESSAGES.length - atKill.filter((a) => !a.finishedAt).length, 3e4, "the answers to finish");
  await new Promise((r) => setTimeout(r, 1500));
  second.child.kill("SIGTERM");
  await waitForExit(second.child);
  const rows = await answers();
  const stored = await db("messages").where("providerId", "like", "BOTS-CRASH-%").orderBy("id").select("id", "ticketId");
  t2.same(rows.map((r) => Number(r.messageId)), stored.map((m) => Number(m.id)), "every message was taken up by the bot, once (one row per message: a second answer would break its unique key)");
  const unfinished = rows.filter((r) => !r.finishedAt);
  t2.ok(unfinished.length <= 2, `at most the answers in flight at the kill are lost (${unfinished.length}), never given twice`);
  t2.ok(unfinished.every((r) => atKill.some((a) => a.messageId === r.messageId)), "only answers begun before the kill are unfinished");
  for (const ticketId of new Set(rows.map((r) => r.ticketId))) {
    const mine = rows.filter((r) => r.ticketId === ticketId);
    t2.ok(mine.every((r, i) => i === 0 || Number(r.startedAt) >= Number(mine[i - 1].startedAt)), `ticket ${ticketId}: answered in arrival order`);
  }
  const echoes = Number((await db("messages").where("body", "like", "echo: pergunta%").count({ n: "*" }).first())?.n);
  t2.equal(echoes, rows.filter((r) => r.finishedAt).length, "one outbound answer per finished answer");
});
