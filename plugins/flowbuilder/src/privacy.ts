import type { AtriumSdk } from '@atrium/core/sdk';

/**
 * A contact's flow data (LGPD export and erasure): the runs on its tickets, which keep what the contact
 * answered (`variables`) and the Typebot session of a bot node.
 */
/** The run's variables as an object; text that is not JSON is exported as it is. */
const parsed = (text: unknown) => { try { return JSON.parse(String(text ?? '{}')); } catch { return text; } };

export function registerPrivacy(sdk: AtriumSdk) {
  const runs = (companyId: number, ticketIds: number[]) => sdk.db.table('flowRuns', companyId).whereIn('ticketId', ticketIds);
  sdk.privacy.register({
    async export({ companyId, ticketIds }) {
      const rows = await runs(companyId, ticketIds).select(['id', 'ticketId', 'flowId', 'nodeId', 'status', 'variables', 'createdAt', 'updatedAt']);
      return { flowRuns: rows.map((r: Record<string, unknown>) => ({ ...r, variables: parsed(r.variables) })) };
    },
    async filesInUse(companyId, keys) {
      // A flow's media nodes keep the storage key in the graph's JSON text.
      const flows = await sdk.db.table('flowBuilders', companyId).whereNotNull('flow').select('flow');
      return keys.filter((key) => flows.some((f: { flow: unknown }) => String(f.flow).includes(JSON.stringify(key))));
    },
    async erase({ companyId, ticketIds }) {
      return { flowRuns: await runs(companyId, ticketIds).delete() };
    },
  });
}
