import type { FastifyBaseLogger } from 'fastify';

/**
 * Rebuilds jobs from the database's own state. A job lives in the queue's store; with Redis that store can come back
 * empty (a restart without persistence, a failover), and a request can fail between its row and its job. Each task
 * reads rows that say work is still due (a PENDENTE schedule, a contact message past its ticket's bot cursor) and
 * enqueues their jobs again under their usual ids, so a job still in the queue is not doubled.
 * Runs when the server is ready and after the job queue's Redis reconnected (one run at a time; a reconnect during a
 * run runs it again after). What it does not rebuild is listed in docs/operations.md.
 */
export interface Reconciler {
  /** A task, by name (for the log): it enqueues what its rows say is due and returns how many. */
  register(name: string, task: () => Promise<number>): void;
  run(): Promise<void>;
}

export function createReconciler(log: FastifyBaseLogger): Reconciler {
  const tasks = new Map<string, () => Promise<number>>();
  let running: Promise<void> | undefined;
  let again = false;

  async function runAll() {
    for (const [name, task] of tasks) {
      try {
        const enqueued = await task();
        if (enqueued > 0) log.info({ task: name, enqueued }, 'reconciler: jobs rebuilt from the database');
      } catch (err) {
        // Another outage meanwhile: the next reconnect runs it again.
        log.warn({ err, task: name }, 'reconciler: task failed');
      }
    }
  }

  return {
    register(name, task) {
      if (tasks.has(name)) throw new Error(`reconciler task ${name} registered twice`);
      tasks.set(name, task);
    },
    run() {
      if (running) { again = true; return running; }
      running = (async () => {
        do { again = false; await runAll(); } while (again);
      })().finally(() => { running = undefined; });
      return running;
    },
  };
}

/** A query a reconciler task pages through (an objection or knex builder). */
interface PageQuery<R> {
  clone(): PageQuery<R>;
  where(column: string, op: string, value: number): PageQuery<R>;
  orderBy(column: string): PageQuery<R>;
  limit(n: number): PromiseLike<R[]>;
}

/** A reconciler task's rows in pages by id (a company with many live tickets is not read at once). */
export async function inBatches<R extends { id: number }>(query: PageQuery<R>, each: (row: R) => Promise<void>, size = 500): Promise<void> {
  let after = 0;
  for (;;) {
    const rows = await query.clone().where('id', '>', after).orderBy('id').limit(size);
    for (const row of rows) await each(row);
    if (rows.length < size) return;
    after = rows[rows.length - 1].id;
  }
}
