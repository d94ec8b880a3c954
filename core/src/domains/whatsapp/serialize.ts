import { Whatsapp } from '../../db/models/index.js';
import type { ConnectionView } from './schemas.js';

/**
 * A connection as the API and the realtime events show it: with its queues; the external-API token
 * only for admins (events go to every socket of the company, so they never carry it).
 */
export type ConnectionJson = ConnectionView;

export function connectionJson(row: Whatsapp, options: { withToken?: boolean } = {}): ConnectionJson {
  const json = row.toJSON() as unknown as ConnectionJson & { userStopped?: boolean };
  delete json.userStopped;
  if (!options.withToken) delete json.token;
  if (row.queues) {
    json.queues = row.queues
      .map((q) => ({ id: q.id, name: q.name, color: q.color, orderQueue: q.orderQueue ?? null, greetingMessage: q.greetingMessage ?? null }))
      .sort((a, b) => a.id - b.id);
  }
  return json;
}

/** One connection of a company with its queues, or undefined. */
export async function loadConnection(companyId: number, whatsappId: number): Promise<Whatsapp | undefined> {
  return Whatsapp.scoped(companyId).findById(whatsappId).withGraphFetched('queues');
}
