import type { FastifyBaseLogger } from 'fastify';
import type { Knex } from 'knex';
import { randomUUID } from 'node:crypto';
import { scaledBackoff, type JobHandler, type JobOptions, type JobQueue } from './types.js';
import type { Clock } from '../clock/index.js';

interface Defined { handler: JobHandler<unknown>; concurrency: number; running: number }
interface ClaimedRow { id: number; name: string; data: string; attempts: number; retries: number; backoffMs: number }
interface NewRow { name: string; liveKey: string | null; data: string; status: 'pending'; runAt: number; attempts: 0; retries: number; backoffMs: number; createdAt: number }

export interface DbQueueOptions {
  /** Scales retry backoff (a duration rule) by the operator's ATRIUM_TIME_SCALE; real time without it. */
  clock?: Clock;
  /** How long a claimed job stays claimed without renewal: the delay before a dead process's job runs again. */
  leaseMs: number;
  /** The longest the poller sleeps (jobs enqueued by another process are seen within it). */
  pollMs: number;
}

/** Rows per INSERT / UPDATE, well under both databases' placeholder limits. */
const BATCH = 200;
/** A failed job's row is kept this long for inspection, then removed at start-up. */
const KEEP_FAILED_MS = 7 * 24 * 3600_000;
/** How long close() waits for running handlers before leaving them to the lease. */
const CLOSE_GRACE_MS = 10_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Durable jobs in the application's database (the embedded default). A job is a row; the poller
 * claims due rows with one conditional UPDATE (pending and due, or running with an expired lease)
 * stamped with this process's id, runs them, renews their lease while they run, and deletes a row
 * when its job succeeded. It sleeps until the next due job (at most `pollMs`) and is woken at once by
 * an enqueue or a finished job in this process. Enqueues arriving in one turn of the event loop are
 * written with one multi-row INSERT, finished jobs deleted with one DELETE, so a burst of inbound
 * messages costs a few statements, not a few per message.
 */
export class DbJobQueue implements JobQueue {
  readonly kind = 'database' as const;
  private readonly owner = randomUUID();
  private readonly defined = new Map<string, Defined>();
  private readonly running = new Set<Promise<void>>();
  private inserts: Array<{ row: NewRow; resolve(): void; reject(err: unknown): void }> = [];
  private deletes: number[] = [];
  private writes = new Set<Promise<unknown>>();
  private loop?: Promise<void>;
  private heartbeat?: NodeJS.Timeout;
  private wake?: () => void;
  private poked = false;
  private sleepingUntil = 0;
  private lastLeaseCheck = 0;
  private closed = false;

  constructor(private readonly knex: Knex, private readonly log: FastifyBaseLogger, private readonly options: DbQueueOptions) {}

  define<T>(name: string, handler: JobHandler<T>, options: { concurrency?: number } = {}) {
    this.defined.set(name, { handler: handler as JobHandler<unknown>, concurrency: Math.max(1, options.concurrency ?? 5), running: 0 });
    this.poke();
  }

  /** Starts polling (after the migrations ran and every domain defined its jobs). */
  start() {
    if (this.loop || this.closed) return;
    this.loop = this.poll();
    this.heartbeat = setInterval(() => void this.renewLeases(), Math.max(100, Math.floor(this.options.leaseMs / 3)));
    this.heartbeat.unref?.();
    void this.knex('jobs').where('status', 'failed').where('createdAt', '<', Date.now() - KEEP_FAILED_MS).delete()
      .catch((err) => this.log.warn({ err }, 'old failed jobs not pruned'));
  }

  enqueue<T>(name: string, data: T, options: JobOptions = {}): Promise<void> {
    if (this.closed) return Promise.reject(new Error('the job queue is closed'));
    const now = Date.now();
    const runAt = options.runAt ? options.runAt.getTime() : now + Math.max(0, options.delayMs ?? 0);
    const row: NewRow = {
      name, liveKey: options.jobId ?? null, data: JSON.stringify(data ?? null), status: 'pending', runAt, attempts: 0,
      retries: options.retries ?? 0, backoffMs: scaledBackoff(this.options.clock, options.backoffMs), createdAt: now,
    };
    return new Promise<void>((resolve, reject) => {
      this.inserts.push({ row, resolve, reject });
      // Written on the next turn, so the enqueues of this one share the INSERT.
      if (this.inserts.length === 1) setImmediate(() => this.track(this.flushInserts()));
    });
  }

  async cancel(name: string, jobId: string) {
    await this.settleWrites();
    const removed = await this.knex('jobs').where({ name, liveKey: jobId, status: 'pending' }).delete();
    return removed > 0;
  }

  /** The queue is the database: its health is the database's (/api/health reports that on its own). */
  async health() { return 'ok' as const; }

  onReconnect() { /* the database backend has no outage of its own to come back from */ }

  async idle(withinMs = 0) {
    for (;;) {
      await this.settleWrites();
      if (this.running.size) { await Promise.allSettled([...this.running]); continue; }
      const names = [...this.defined.keys()];
      if (!names.length) return;
      const busy = await this.knex('jobs').whereIn('name', names).where((q) => q
        .where((p) => p.where('status', 'pending').where('runAt', '<=', Date.now() + withinMs))
        .orWhere('status', 'running')).first('id');
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
    // The grace timer is cleared once the handlers settle: left running, it would hold the process open for its full length.
    let graceTimer: NodeJS.Timeout | undefined;
    const grace = new Promise<'timeout'>((resolve) => { graceTimer = setTimeout(() => resolve('timeout'), CLOSE_GRACE_MS); });
    const outcome = await Promise.race([Promise.allSettled([...this.running]), grace]);
    clearTimeout(graceTimer);
    if (outcome === 'timeout') {
      this.log.warn({ running: this.running.size }, 'jobs still running at close: they run again after their lease expires');
    }
    await this.settleWrites();
  }

  // --- writing -------------------------------------------------------------------------------

  private track(write: Promise<unknown>) {
    this.writes.add(write);
    void write.finally(() => this.writes.delete(write));
  }

  private async settleWrites() {
    while (this.writes.size || this.inserts.length || this.deletes.length) {
      if (this.inserts.length) this.track(this.flushInserts());
      if (this.deletes.length) this.track(this.flushDeletes());
      await Promise.allSettled([...this.writes]);
    }
  }

  private async flushInserts() {
    const batch = this.inserts.splice(0, this.inserts.length);
    if (!batch.length) return;
    // The same live id twice in one batch: the first wins, as it would have in two statements.
    const seen = new Set<string>();
    const rows = batch.map((b) => b.row).filter((r) => {
      if (r.liveKey === null) return true;
      const key = `${r.name}\u0000${r.liveKey}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    try {
      for (let i = 0; i < rows.length; i += BATCH) {
        await this.knex('jobs').insert(rows.slice(i, i + BATCH)).onConflict(['name', 'liveKey']).ignore();
      }
      for (const b of batch) b.resolve();
      if (rows.some((r) => r.runAt < this.sleepingUntil || this.sleepingUntil === 0)) this.poke();
    } catch (err) {
      for (const b of batch) b.reject(err);
    }
  }

  private async flushDeletes() {
    const ids = this.deletes.splice(0, this.deletes.length);
    for (let i = 0; i < ids.length; i += BATCH) {
      // Only rows still ours: a job whose lease ran out and was taken over is the new owner's.
      await this.knex('jobs').where('owner', this.owner).whereIn('id', ids.slice(i, i + BATCH)).delete()
        .catch((err) => this.log.error({ err }, 'finished jobs not removed; they will run again'));
    }
  }

  // --- running ------------------------------------------------------------------------------

  private poke() {
    this.poked = true;
    this.wake?.();
  }

  private async pause(ms: number) {
    if (this.poked || ms <= 0) { this.poked = false; return; }
    this.sleepingUntil = Date.now() + ms;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.wake = () => { clearTimeout(timer); resolve(); };
    });
    this.wake = undefined;
    this.sleepingUntil = 0;
    this.poked = false;
  }

  private async poll() {
    while (!this.closed) {
      let wait = this.options.pollMs;
      try {
        wait = await this.claimAndRun();
      } catch (err) {
        this.log.error({ err }, 'job poll failed');
      }
      if (this.closed) break;
      await this.pause(wait);
    }
  }

  /** Claims what is due for the handlers with a free slot, starts it; returns how long to sleep. */
  private async claimAndRun(): Promise<number> {
    const spare = new Map([...this.defined].filter(([, d]) => d.running < d.concurrency).map(([n, d]) => [n, d.concurrency - d.running] as const));
    if (!spare.size) return this.options.pollMs; // a finished job pokes the loop
    const names = [...spare.keys()];
    const now = Date.now();
    const free = [...spare.values()].reduce((a, b) => a + b, 0);
    const due = await this.knex('jobs').where('status', 'pending').where('runAt', '<=', now).whereIn('name', names)
      .orderBy('runAt').orderBy('id').limit(free).select('id', 'name') as Array<{ id: number; name: string }>;
    // Jobs of a process that died: looked for once per poll interval (rare, and an index lookup).
    if (now - this.lastLeaseCheck >= this.options.pollMs) {
      this.lastLeaseCheck = now;
      const expired = await this.knex('jobs').where('status', 'running').where('leaseUntil', '<', now).whereIn('name', names)
        .orderBy('leaseUntil').limit(free).select('id', 'name') as Array<{ id: number; name: string }>;
      due.push(...expired);
    }
    const picked: number[] = [];
    const left = new Map(spare);
    for (const row of due) {
      const n = left.get(row.name) ?? 0;
      if (n <= 0) continue;
      left.set(row.name, n - 1);
      picked.push(Number(row.id));
    }
    if (picked.length) {
      await this.knex('jobs').whereIn('id', picked)
        .where((q) => q.where((p) => p.where('status', 'pending').where('runAt', '<=', now))
          .orWhere((p) => p.where('status', 'running').where('leaseUntil', '<', now)))
        .update({ status: 'running', owner: this.owner, leaseUntil: now + this.options.leaseMs, attempts: this.knex.raw('?? + 1', ['attempts']) });
      const claimed = await this.knex('jobs').whereIn('id', picked).where({ owner: this.owner, status: 'running' })
        .select('id', 'name', 'data', 'attempts', 'retries', 'backoffMs') as ClaimedRow[];
      for (const row of claimed) this.execute(row);
      // A full batch may have left more due work behind: look again at once.
      if (due.length >= free) return 0;
    }
    const next = await this.knex('jobs').where('status', 'pending').whereIn('name', names).min({ at: 'runAt' }).first() as { at: number | string | null } | undefined;
    if (next?.at === null || next?.at === undefined) return this.options.pollMs;
    return Math.max(0, Math.min(this.options.pollMs, Number(next.at) - Date.now()));
  }

  private execute(row: ClaimedRow) {
    const def = this.defined.get(row.name)!;
    def.running += 1;
    const run = (async () => {
      try {
        await def.handler(JSON.parse(row.data));
        this.deletes.push(Number(row.id));
        if (this.deletes.length === 1) setImmediate(() => this.track(this.flushDeletes()));
      } catch (err) {
        await this.failed(row, err).catch((e) => this.log.error({ err: e, job: row.name }, 'job failure not recorded'));
      } finally {
        def.running -= 1;
        this.poke();
      }
    })();
    this.running.add(run);
    void run.finally(() => this.running.delete(run));
  }

  private async failed(row: ClaimedRow, err: unknown) {
    const attempt = Number(row.attempts);
    const lastError = String((err as Error)?.stack ?? err).slice(0, 4000);
    const mine = this.knex('jobs').where({ id: row.id, owner: this.owner });
    if (attempt <= Number(row.retries)) {
      this.log.warn({ err, job: row.name, attempt }, 'job failed, retrying');
      await mine.update({ status: 'pending', owner: null, leaseUntil: null, lastError, runAt: Date.now() + Number(row.backoffMs) * 2 ** (attempt - 1) });
    } else {
      this.log.error({ err, job: row.name }, 'job failed');
      await mine.update({ status: 'failed', liveKey: null, owner: null, leaseUntil: null, lastError });
    }
  }

  private async renewLeases() {
    if (!this.running.size || this.closed) return;
    await this.knex('jobs').where({ owner: this.owner, status: 'running' }).update({ leaseUntil: Date.now() + this.options.leaseMs })
      .catch((err) => this.log.warn({ err }, 'job leases not renewed'));
  }
}
