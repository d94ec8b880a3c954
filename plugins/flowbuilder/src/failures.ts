import type { AtriumSdk } from '@atrium/core/sdk';

/** A flow's bot-node failures are kept by the core under this kind; the flows list shows each flow's last. */
export const FAILURE_SOURCE = 'flow';

export function flowFailures(sdk: AtriumSdk) {
  const store = () => sdk.services.responderFailures;
  return {
    /** Each row with its flow's last failure (null when none). */
    async withLastError<R extends { id: number }>(companyId: number, rows: R[]) {
      const last = await store().last(companyId, FAILURE_SOURCE, rows.map((r) => r.id));
      return rows.map((row) => ({ ...row, lastError: last.get(row.id) ?? null }));
    },
    /** The flow was drawn again or removed: its last failure no longer says anything about it. */
    forget: (companyId: number, flowId: number) => store().clear(companyId, FAILURE_SOURCE, flowId),
  };
}
