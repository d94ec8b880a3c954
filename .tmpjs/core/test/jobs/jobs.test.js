import t from "tap";
import { build } from "../helper.js";
import { DbJobQueue } from "../../src/jobs/db-queue.js";
import { waitFor } from "../pipeline/http.js";
const quietLog = { warn() {
}, error() {
}, info() {
}, debug() {
} };
t.test("a delayed job runs once, not before its time (on the configured backend)", async (t2) => {
  const { app } = await build(t2);
  const runs = [];
  app.jobs.define("test.delayed", async ({ n }) => {
    runs.push(n);
  });
  const due = Date.now() + 300;
  await app.jobs.enqueue("test.delayed", { n: 1 }, { runAt: new Date(due), jobId: "one" });
  await app.jobs.enqueue("test.delayed", { n: 2 }, { runAt: new Date(due), jobId: "one" });
  await waitFor(() => runs.length > 0, 1e4, "the delayed job");
  t2.ok(Date.now() >= due, "not before runAt");
  await app.jobs.idle();
  await new Promise((r) => setTimeout(r, 200));
  t2.same(runs, [1], "the second enqueue with the same id while pending did nothing");
});
t.test("a failing job is retried with backoff until it succeeds; its id is free again afterwards", async (t2) => {
  const { app } = await build(t2);
  let attempts = 0;
  const done = [];
  app.jobs.define("test.flaky", async ({ tag }) => {
    attempts += 1;
    if (attempts < 3) throw new Error("not yet");
    done.push(tag);
  });
  await app.jobs.enqueue("test.flaky", { tag: "a" }, { jobId: "flaky", retries: 3, backoffMs: 50 });
  await waitFor(() => done.length === 1, 1e4, "the retried job");
  t2.equal(attempts, 3, "two failures, then the success");
  await app.jobs.idle();
  await app.jobs.enqueue("test.flaky", { tag: "b" }, { jobId: "flaky" });
  await waitFor(() => done.length === 2, 1e4, "the same id enqueued after the first finished");
  t2.same(done, ["a", "b"]);
});
t.test("cancel removes a pending job, which then never runs", async (t2) => {
  const { app } = await build(t2);
  const runs = [];
  app.jobs.define("test.cancel", async ({ id }) => {
    runs.push(id);
  });
  await app.jobs.enqueue("test.cancel", { id: "kept" }, { jobId: "kept", delayMs: 300 });
  await app.jobs.enqueue("test.cancel", { id: "dropped" }, { jobId: "dropped", delayMs: 300 });
  t2.equal(await app.jobs.cancel("test.cancel", "dropped"), true, "cancelled");
  t2.equal(await app.jobs.cancel("test.cancel", "never-enqueued"), false, "nothing to cancel");
  await waitFor(() => runs.length > 0, 1e4, "the kept job");
  await new Promise((r) => setTimeout(r, 500));
  t2.same(runs, ["kept"]);
});
t.test("idle(ms) waits for jobs due within ms and not for jobs due later (on the configured backend)", async (t2) => {
  const { app } = await build(t2);
  const runs = [];
  app.jobs.define("test.idle", async ({ id }) => {
    runs.push(id);
  });
  await app.jobs.enqueue("test.idle", { id: "soon" }, { jobId: "soon", delayMs: 300 });
  await app.jobs.enqueue("test.idle", { id: "tomorrow" }, { jobId: "tomorrow", delayMs: 864e5 });
  const waited = Promise.race([app.jobs.idle(2e3).then(() => "idle"), new Promise((r) => setTimeout(() => r("still waiting"), 15e3))]);
  t2.equal(await waited, "idle", "a job due tomorrow does not keep idle() waiting");
  t2.same(runs, ["soon"], "the job due within the window ran before idle() returned");
  t2.equal(await app.jobs.cancel("test.idle", "tomorrow"), true, "the later job is still pending");
});
t.test("database queue: a job left running by a process that died runs again once its lease has expired, and only then", async (t2) => {
  const { app } = await build(t2);
  const queue = new DbJobQueue(app.knex, quietLog, { leaseMs: 400, pollMs: 50 });
  t2.teardown(() => queue.close());
  const runs = [];
  queue.define("test.orphan", async ({ id }) => {
    runs.push(id);
  });
  const now = Date.now();
  const row = (id, leaseUntil) => ({
    name: "test.orphan",
    liveKey: id,
    data: JSON.stringify({ id }),
    status: "running",
    runAt: now - 1e3,
    attempts: 1,
    retries: 0,
    backoffMs: 1e3,
    owner: "a-dead-process",
    leaseUntil,
    createdAt: now - 1e3
  });
  await app.knex("jobs").insert([row("expired", now - 1), row("still-leased", now + 1500)]);
  queue.start();
  await waitFor(() => runs.includes("expired"), 5e3, "the expired job");
  t2.notOk(runs.includes("still-leased"), "a job whose lease still runs is left to its owner");
  await waitFor(() => runs.includes("still-leased"), 5e3, "the job whose lease ran out later");
  await queue.idle();
  t2.same(runs.sort(), ["expired", "still-leased"], "each ran once");
  t2.equal((await app.knex("jobs").where("name", "test.orphan").count({ n: "*" }).first()).n, 0, "their rows are gone");
});
t.test("database queue: enqueues in one turn are written together and run in due order; a failed job keeps its row without blocking its id", async (t2) => {
  const { app } = await build(t2);
  const queue = new DbJobQueue(app.knex, quietLog, { leaseMs: 5e3, pollMs: 50 });
  t2.teardown(() => queue.close());
  const order = [];
  queue.define("test.order", async ({ n }) => {
    order.push(n);
  }, { concurrency: 1 });
  queue.define("test.broken", async () => {
    throw new Error("broken for good");
  });
  const now = Date.now();
  await Promise.all([3, 1, 2].map((n) => queue.enqueue("test.order", { n }, { runAt: new Date(now + n * 30), jobId: `n${n}` })));
  await queue.enqueue("test.broken", {}, { jobId: "b" });
  queue.start();
  await waitFor(() => order.length === 3, 5e3, "three jobs");
  t2.same(order, [1, 2, 3], "by due time");
  await queue.idle();
  const failed = await app.knex("jobs").where("name", "test.broken").select("status", "liveKey", "lastError");
  t2.equal(failed.length, 1);
  t2.equal(failed[0].status, "failed");
  t2.equal(failed[0].liveKey, null, "the id is free again");
  t2.match(failed[0].lastError, /broken for good/);
});
t.test("database queue: close() leaves no timer behind, so a stopped server exits at once instead of after the close grace", async (t2) => {
  const { app } = await build(t2);
  const queue = new DbJobQueue(app.knex, quietLog, { leaseMs: 5e3, pollMs: 50 });
  let done = 0;
  queue.define("test.close", async () => {
    done += 1;
  });
  queue.start();
  await queue.enqueue("test.close", {});
  await queue.idle();
  const started = [];
  const realSetTimeout = globalThis.setTimeout;
  globalThis.setTimeout = ((...args) => {
    const timer = realSetTimeout(...args);
    started.push(timer);
    return timer;
  });
  try {
    await queue.close();
  } finally {
    globalThis.setTimeout = realSetTimeout;
  }
  t2.equal(done, 1);
  const pending = started.filter((timer) => timer.hasRef() && !timer._destroyed);
  t2.equal(pending.length, 0, "no timer of the queue is left running");
});
