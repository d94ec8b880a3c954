import type { Knex } from 'knex';
import type { Bus } from '../../bus/index.js';
import { rooms } from '../../bus/rooms.js';
import { dbNow, fromDbTime } from '../../db/time.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { BotFailure } from '../../bots/failure.js';

/** The bot that failed, as its plugin names it: its kind ("prompt", "integration"), its row and its name. */
export interface FailureSource { kind: string; id: number; name: string }

/** A bot's last failure, as its screen shows it. */
/** `at`: ISO 8601, as the API speaks. */
export interface LastFailure { kind: BotFailure['kind']; detail: string; ticketId: number | null; at: string }

/** What the admins' sockets hear (`company-{id}-responderFailure`): enough for a toast that opens the ticket. */
export interface FailureNotice { source: FailureSource | null; responder: string; kind: BotFailure['kind']; detail: string; ticketId: number }

/**
 * Bots' failures kept and announced (issue 32: a prompt with a wrong key failed silently): the last one per bot
 * (`responderFailures`, read back by the bot's screen through sdk.services.responderFailures) and an event
 * to the company's admins.
 */
export function responderFailures(knex: Knex, bus: Bus) {
  const table = () => knex('responderFailures');

  async function remember(companyId: number, source: FailureSource, failure: BotFailure, ticketId: number) {
    const row = { kind: failure.kind, detail: failure.detail.slice(0, 255), ticketId, updatedAt: dbNow() };
    const key = { companyId, source: source.kind.slice(0, 40), sourceId: source.id };
    if (await table().where(key).update(row)) return;
    try {
      await table().insert({ ...key, ...row, createdAt: row.updatedAt });
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      await table().where(key).update(row); // another process's failure of the same bot came first
    }
  }

  return {
    /** Keeps the failure as the bot's last (when it names one) and tells the admins. Never throws: a note already went. */
    async record(companyId: number, notice: FailureNotice, log: { warn(obj: object, msg: string): void }) {
      try {
        if (notice.source) await remember(companyId, notice.source, notice, notice.ticketId);
      } catch (err) {
        log.warn({ err }, 'bot failure not kept');
      }
      bus.emit(companyId, 'responderFailure', notice, rooms.admins(companyId));
    },
    /** The last failure of each of the company's bots of `kind` among `ids` (those without one are absent). */
    async last(companyId: number, kind: string, ids: number[]): Promise<Map<number, LastFailure>> {
      if (!ids.length) return new Map();
      const rows = await table().where({ companyId, source: kind }).whereIn('sourceId', ids)
        .select('sourceId', 'kind', 'detail', 'ticketId', 'updatedAt') as Array<{ sourceId: number; kind: LastFailure['kind']; detail: string; ticketId: number | null; updatedAt: string }>;
      return new Map(rows.map((r) => [Number(r.sourceId), { kind: r.kind, detail: r.detail, ticketId: r.ticketId === null ? null : Number(r.ticketId), at: fromDbTime(r.updatedAt)! }]));
    },
    /** Forgets a bot's last failure (its settings were saved again, or it was removed). */
    async clear(companyId: number, kind: string, id: number) {
      await table().where({ companyId, source: kind, sourceId: id }).del();
    },
  };
}

export type ResponderFailures = ReturnType<typeof responderFailures>;
