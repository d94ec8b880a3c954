import { Whatsapp } from '../../db/models/index.js';

/**
 * A connection as the API and the realtime events show it: with its queues; the external-API token
 * only for admins (events go to every socket of the company, so they never carry it).
 */
export type ConnectionJson = Record<string, unknown> & { id: number; companyId: number; isDefault: boolean };

export function connectionJson(row: Whatsapp, options: { withToken?: boolean } = {}): ConnectionJson {
  const json = row.toJSON() as ConnectionJson;
  delete json.userStopped;
  if (!options.withToken) delete json.token;
  if (Array.isArray(json.queues)) {
    json.queues = (json.queues as Array<Record<string, unknown>>)
      .map((q) => ({ id: q.id, name: q.name, color: q.color, orderQueue: q.orderQueue ?? null, greetingMessage: q.greetingMessage ?? null }))
      .sort((a, b) => Number(a.id) - Number(b.id));
  }
  return json;
}

/** One connection of a company with its queues, or undefined. */
export async function loadConnection(companyId: number, whatsappId: number): Promise<Whatsapp | undefined> {
  return Whatsapp.scoped(companyId).findById(whatsappId).withGraphFetched('queues');
}
