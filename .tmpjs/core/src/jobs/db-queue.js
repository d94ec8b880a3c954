import { randomUUID } from "node:crypto";
import { scaledBackoff } from "./types.js";
const BATCH = 200;
const KEEP_FAILED_MS = 7 * 24 * 36e5;
const CLOSE_GRACE_MS = 1e4;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
class DbJobQueue {
  constructor(knex, log, options) {
    this.knex = knex;
    this.log = log;
    this.options = options;
  }
  knex;
  log;
  options;
  kind = "database";
  owner = randomUUID();
  defined = /* @__PURE__ */ new Map();
  running = /* @__PURE__ */ new Set();
  inserts = [];
  deletes = [];
  writes = /* @__PURE__ */ new Set();
  loop;
  heartbeat;
  wake;
  poked = false;
  sleepingUntil = 0;
  lastLeaseCheck = 0;
  closed = false;
  define(name, handler, options = {}) {
    this.defined.set(name, { handler, concurrency: Math.max(1, options.concurrency ?? 5), running: 0 });
    this.poke();
  }
  /** Starts polling (after the migrations ran and every domain defined its jobs). */
  start() {
    if (this.loop || this.closed) return;
    this.loop = this.poll();
    this.heartbeat = setInterval(() => void this.renewLeases(), Math.max(100, Math.floor(this.options.leaseMs / 3)));
    this.heartbeat.unref?.();
    void this.knex("jobs").where("status", "failed").where("createdAt", "<", Date.now() - KEEP_FAILED_MS).delete().catch((err) => this.log.warn({ err }, "old failed jobs not pruned"));
  }
  enqueue(name, data, options = {}) {
    if (this.closed) return Promise.reject(new Error("the job queue is closed"));
    const now = Date.now();
    const runAt = options.runAt ? options.runAt.getTime() : now + Math.max(0, options.delayMs ?? 0);
    const row = {
      name,
      liveKey: options.jobId ?? null,
      data: JSON.stringify(data ?? null),
      status: "pending",
      runAt,
      attempts: 0,
      retries: options.retries ?? 0,
      backoffMs: scaledBackoff(this.options.clock, options.backoffMs),
      createdAt: now
    };
    return new Promise((resolve, reject) => {
      this.inserts.push({ row, resolve, reject });
      if (this.inserts.length === 1) setImmediate(() => this.track(this.flushInserts()));
    });
  }
  async cancel(name, jobId) {
    await this.settleWrites();
    const removed = await this.knex("jobs").where({ name, liveKey: jobId, status: "pending" }).delete();
    return removed > 0;
  }
  /** The queue is the database: its health is the database's (/api/health reports that on its own). */
  async health() {
    return "ok";
  }
  onReconnect() {
  }
  async idle(withinMs = 0) {
    for (; ; ) {
      await this.settleWrites();
      if (this.running.size) {
        await Promise.allSettled([...this.running]);
        continue;
      }
      const names = [...this.defined.keys()];
      if (!names.length) return;
      const busy = await this.knex("jobs").whereIn("name", names).where((q) => q.where((p) => p.where("status", "pending").where("runAt", "<=", Date.now() + withinMs)).orWhere("status", "running")).first("id");
      if (!busy && !this.running.size && !this.inserts.length) return;
      this.poke();
      await sleep(20);
    }
  }
  async close() {
    if (this.closed) return;
    this.closed = true;
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.poke();
    await this.loop;
    await this.settleWrites();
    let graceTimer;
    const grace = new Promise((resolve) => {
      graceTimer = setTimeout(() => resolve("timeout"), CLOSE_GRACE_MS);
    });
    const outcome = await Promise.race([Promise.allSettled([...this.running]), grace]);
    clearTimeout(graceTimer);
    if (outcome === "timeout") {
      this.log.warn({ running: this.running.size }, "jobs still running at close: they run again after their lease expires");
    }
    await this.settleWrites();
  }
  // --- writing -------------------------------------------------------------------------------
  track(write) {
    this.writes.add(write);
    void write.finally(() => this.writes.delete(write));
  }
  async settleWrites() {
    while (this.writes.size || this.inserts.length || this.deletes.length) {
      if (this.inserts.length) this.track(this.flushInserts());
      if (this.deletes.length) this.track(this.flushDeletes());
      await Promise.allSettled([...this.writes]);
    }
  }
  async flushInserts() {
    const batch = this.inserts.splice(0, this.inserts.length);
    if (!batch.length) return;
    const seen = /* @__PURE__ */ new Set();
    const rows = batch.map((b) => b.row).filter((r) => {
      if (r.liveKey === null) return true;
      const key = `${r.name}\0${r.liveKey}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    try {
      for (let i = 0; i < rows.length; i += BATCH) {
        await this.knex("jobs").insert(rows.slice(i, i + BATCH)).onConflict(["name", "liveKey"]).ignore();
      }
      for (const b of batch) b.resolve();
      if (rows.some((r) => r.runAt < this.sleepingUntil || this.sleepingUntil === 0)) this.poke();
    } catch (err) {
      for (const b of batch) b.reject(err);
    }
  }
  async flushDeletes() {
    const ids = this.deletes.splice(0, this.deletes.length);
    for (let i = 0; i < ids.length; i += BATCH) {
      await this.knex("jobs").where("owner", this.owner).whereIn("id", ids.slice(i, i + BATCH)).delete().catch((err) => this.log.error({ err }, "finished jobs not removed; they will run again"));
    }
  }
  // --- running ------------------------------------------------------------------------------
  poke() {
    this.poked = true;
    this.wake?.();
  }
  async pause(ms) {
    if (this.poked || ms <= 0) {
      this.poked = false;
      return;
    }
    this.sleepingUntil = Date.now() + ms;
    await new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    this.wake = void 0;
    this.sleepingUntil = 0;
    this.poked = false;
  }
  async poll() {
    while (!this.closed) {
      let wait = this.options.pollMs;
      try {
        wait = await this.claimAndRun();
      } catch (err) {
        this.log.error({ err }, "job poll failed");
      }
      if (this.closed) break;
      await this.pause(wait);
    }
  }
  /** Claims what is due for the handlers with a free slot, starts it; returns how long to sleep. */
  async claimAndRun() {
    const spare = new Map([...this.defined].filter(([, d]) => d.running < d.concurrency).map(([n, d]) => [n, d.concurrency - d.running]));
    if (!spare.size) return this.options.pollMs;
    const names = [...spare.keys()];
    const now = Date.now();
    const free = [...spare.values()].reduce((a, b) => a + b, 0);
    const due = await this.knex("jobs").where("status", "pending").where("runAt", "<=", now).whereIn("name", names).orderBy("runAt").orderBy("id").limit(free).select("id", "name");
    if (now - this.lastLeaseCheck >= this.options.pollMs) {
      this.lastLeaseCheck = now;
      const expired = await this.knex("jobs").where("status", "running").where("leaseUntil", "<", now).whereIn("name", names).orderBy("leaseUntil").limit(free).select("id", "name");
      due.push(...expired);
    }
    const picked = [];
    const left = new Map(spare);
    for (const row of due) {
      const n = left.get(row.name) ?? 0;
      if (n <= 0) continue;
      left.set(row.name, n - 1);
      picked.push(Number(row.id));
    }
    if (picked.length) {
      await this.knex("jobs").whereIn("id", picked).where((q) => q.where((p) => p.where("status", "pending").where("runAt", "<=", now)).orWhere((p) => p.where("status", "running").where("leaseUntil", "<", now))).update({ status: "running", owner: this.owner, leaseUntil: now + this.options.leaseMs, attempts: this.knex.raw("?? + 1", ["attempts"]) });
      const claimed = await this.knex("jobs").whereIn("id", picked).where({ owner: this.owner, status: "running" }).select("id", "name", "data", "attempts", "retries", "backoffMs");
      for (const row of claimed) this.execute(row);
      if (due.length >= free) return 0;
    }
    const next = await this.knex("jobs").where("status", "pending").whereIn("name", names).min({ at: "runAt" }).first();
    if (next?.at === null || next?.at === void 0) return this.options.pollMs;
    return Math.max(0, Math.min(this.options.pollMs, Number(next.at) - Date.now()));
  }
  execute(row) {
    const def = this.defined.get(row.name);
    def.running += 1;
    const run = (async () => {
      try {
        await def.handler(JSON.parse(row.data));
        this.deletes.push(Number(row.id));
        if (this.deletes.length === 1) setImmediate(() => this.track(this.flushDeletes()));
      } catch (err) {
        await this.failed(row, err).catch((e) => this.log.error({ err: e, job: row.name }, "job failure not recorded"));
      } finally {
        def.running -= 1;
        this.poke();
      }
    })();
    this.running.add(run);
    void run.finally(() => this.running.delete(run));
  }
  async failed(row, err) {
    const attempt = Number(row.attempts);
    const lastError = String(err?.stack ?? err).slice(0, 4e3);
    const mine = this.knex("jobs").where({ id: row.id, owner: this.owner });
    if (attempt <= Number(row.retries)) {
      this.log.warn({ err, job: row.name, attempt }, "job failed, retrying");
      await mine.update({ status: "pending", owner: null, leaseUntil: null, lastError, runAt: Date.now() + Number(row.backoffMs) * 2 ** (attempt - 1) });
    } else {
      this.log.error({ err, job: row.name }, "job failed");
      await mine.update({ status: "failed", liveKey: null, owner: null, leaseUntil: null, lastError });
    }
  }
  async renewLeases() {
    if (!this.running.size || this.closed) return;
    await this.knex("jobs").where({ owner: this.owner, status: "running" }).update({ leaseUntil: Date.now() + this.options.leaseMs }).catch((err) => this.log.warn({ err }, "job leases not renewed"));
  }
}
export {
  DbJobQueue
};
