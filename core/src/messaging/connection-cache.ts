import { Company, Queue, Whatsapp, type WeekdaySchedule } from '../db/models/index.js';

export interface CachedConnection {
  whatsapp: Whatsapp;
  /** The connection's queues in menu order (orderQueue, then id). */
  queues: Queue[];
  companySchedules: WeekdaySchedule[] | null;
}

/**
 * The connection row, its queues and the company's opening hours, cached per process for a few
 * seconds: the pipeline reads them on every inbound message and they change rarely (edits show up
 * within the TTL; `invalidate` makes them immediate).
 */
export class ConnectionCache {
  private entries = new Map<number, { at: number; value: Promise<CachedConnection | undefined> }>();
  constructor(private readonly ttlMs = 5000) {}

  get(companyId: number, whatsappId: number): Promise<CachedConnection | undefined> {
    const hit = this.entries.get(whatsappId);
    if (hit && Date.now() - hit.at < this.ttlMs) return hit.value;
    // The promise is cached, so a burst of messages shares one load.
    const value = this.load(companyId, whatsappId).catch((err) => {
      this.entries.delete(whatsappId);
      throw err;
    });
    this.entries.set(whatsappId, { at: Date.now(), value });
    return value;
  }

  private async load(companyId: number, whatsappId: number): Promise<CachedConnection | undefined> {
    const [whatsapp, queues, company] = await Promise.all([
      Whatsapp.scoped(companyId).findById(whatsappId),
      Queue.scoped(companyId)
        .join('whatsappQueues', 'whatsappQueues.queueId', 'queues.id')
        .where({ 'whatsappQueues.companyId': companyId, 'whatsappQueues.whatsappId': whatsappId })
        .select('queues.*')
        .orderByRaw('COALESCE(queues.orderQueue, 2147483647), queues.id'),
      Company.query().findById(companyId).select('id', 'schedules'),
    ]);
    if (!whatsapp || Number(whatsapp.companyId) !== companyId) return undefined;
    return { whatsapp, queues, companySchedules: company?.schedules ?? null };
  }

  invalidate(whatsappId?: number) {
    if (whatsappId === undefined) this.entries.clear();
    else this.entries.delete(whatsappId);
  }
}
