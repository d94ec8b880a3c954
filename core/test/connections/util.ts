import { Queue } from '../../src/db/models/index.js';

/** Polls until `check` answers a truthy value (or fails after `timeoutMs`). */
export async function until<T>(check: () => Promise<T> | T, timeoutMs = 5000, what = 'condition'): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

export async function createQueue(companyId: number, name: string) {
  return Queue.scoped(companyId).insertAndFetch({ name, color: `#${Math.floor(Math.random() * 0xffffff).toString(16).padStart(6, '0')}` } as Partial<Queue>);
}
