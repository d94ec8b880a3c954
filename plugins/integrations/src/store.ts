import type { AtriumSdk } from '@atrium/core/sdk';
import type { QueueIntegration } from './types.js';

/** As stored: the last failure is the core's (sdk.services.responderFailures), added to the views. */
export type IntegrationRow = Omit<QueueIntegration, 'lastError'> & { companyId: number };
export type IntegrationValues = Omit<QueueIntegration, 'id' | 'lastError'>;

const COLUMNS = ['id', 'companyId', 'type', 'name', 'projectName', 'jsonContent', 'language', 'urlN8N', 'webhookSecret',
  'typebotDelayMessage', 'typebotExpires', 'typebotKeywordFinish', 'typebotKeywordRestart', 'typebotRestartMessage',
  'typebotSlug', 'typebotUnknownMessage', 'flowId'];

/** The integrations table, every query filtered by company: another company's integration does not exist. */
export function integrationStore(sdk: AtriumSdk) {
  const rows = (companyId: number) => sdk.db.table('queueIntegrations', companyId);
  return {
    find: async (companyId: number, id: number): Promise<IntegrationRow | null> => (await rows(companyId).where({ id }).first(COLUMNS)) ?? null,
    async page(companyId: number, search: string, pageNumber: number, size: number) {
      const query = rows(companyId).select(COLUMNS).orderBy('name').orderBy('id').limit(size + 1).offset((pageNumber - 1) * size);
      if (search.trim()) query.where('name', 'like', `%${search.trim()}%`);
      const found: IntegrationRow[] = await query;
      return { rows: found.slice(0, size), hasMore: found.length > size };
    },
    async nameTaken(companyId: number, name: string, selfId?: number) {
      const query = rows(companyId).where({ name });
      if (selfId) query.whereNot({ id: selfId });
      return Boolean(await query.first('id'));
    },
    async insert(companyId: number, values: IntegrationValues): Promise<number> {
      const [id] = await rows(companyId).insert(values);
      return Number(id);
    },
    update: (companyId: number, id: number, values: IntegrationValues) => rows(companyId).where({ id }).update(values),
    /** Deletes the integration, its sessions and every pointer to it (queues, connections, tickets). */
    async remove(companyId: number, id: number) {
      // The pointers first: a failure then leaves the integration in place rather than pointers to nothing.
      await sdk.services.links.detachIntegration(companyId, id);
      await sdk.db.transaction(async (tx) => {
        await tx.table('queueIntegrations', companyId).where({ id }).delete();
        await tx.table('integrationSessions', companyId).where({ integrationId: id }).delete();
      });
    },
  };
}
export type IntegrationStore = ReturnType<typeof integrationStore>;
