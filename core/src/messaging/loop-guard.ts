/**
 * Stops automated messages that feed each other (issue 26.13): two bots answering each other through a
 * relay, a flow whose answer triggers itself. More than LOOP_CAP automated messages (sent with no user: bots,
 * flows, greetings, the external API) on one ticket within LOOP_WINDOW_MS, with no message of a person
 * between them, trip the guard: the ticket goes to people and automated sends on it are refused until a
 * person writes on it. A person types far slower than that; a flow's longest step sends a handful.
 *
 * Per process, in memory: a ticket's bot turns run where its lock is, so a loop is seen where it runs; one
 * spread over processes is still stopped, each process at its own cap. Nothing is read or written for it.
 */
export const LOOP_CAP = 20;
export const LOOP_WINDOW_MS = 60_000;
/** Forgetting idle tickets: a sweep every this many automated messages. */
const SWEEP_EVERY = 1000;

export interface LoopGuard {
  /** A person wrote on the ticket: its count starts again and automated sends may go on. */
  person(ticketId: number): void;
  /** One automated message is about to go: 'ok', 'tripped' (this one is over the cap) or 'stopped' (tripped earlier). */
  automated(ticketId: number): 'ok' | 'tripped' | 'stopped';
}

export function createLoopGuard(now: () => number = Date.now): LoopGuard {
  /** Ticket id → the times of its recent automated messages, at most LOOP_CAP + 1. */
  const recent = new Map<number, number[]>();
  const stopped = new Set<number>();
  let sinceSweep = 0;

  const sweep = (at: number) => {
    for (const [ticketId, times] of recent) if (at - times[times.length - 1] >= LOOP_WINDOW_MS) recent.delete(ticketId);
  };

  return {
    person(ticketId) {
      recent.delete(ticketId);
      stopped.delete(ticketId);
    },
    automated(ticketId) {
      if (stopped.has(ticketId)) return 'stopped';
      const at = now();
      if (++sinceSweep >= SWEEP_EVERY) { sinceSweep = 0; sweep(at); }
      const times = (recent.get(ticketId) ?? []).filter((time) => at - time < LOOP_WINDOW_MS);
      times.push(at);
      if (times.length <= LOOP_CAP) {
        recent.set(ticketId, times);
        return 'ok';
      }
      recent.delete(ticketId);
      stopped.add(ticketId);
      return 'tripped';
    },
  };
}
