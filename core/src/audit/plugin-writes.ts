import type { Knex } from 'knex';
import { currentActor } from './context.js';
import { diff, writeAudit, type AuditEntry } from './record.js';
import { withRetries } from '../db/errors.js';
import { cascadesOfDelete, withCascades, type Cascaded } from './cascades.js';

/**
 * The generic audit of plugins' tables (sdk.db): a write made in a staff request runs, when it is not already in a
 * transaction, in one of its own, with the rows it touches read first and one entry per row written after it, in
 * that transaction. The builder stays a builder: only its execution (`then`) is wrapped, and only in a staff request.
 */
type Action = 'create' | 'update' | 'delete';
type Statement = { grouping?: string };
const MAX_ROWS = 200;

export function auditedWrite<B extends Knex.QueryBuilder>(knex: Knex | Knex.Transaction, table: string, companyId: number, action: Action, builder: B, values?: unknown): B {
  const actor = currentActor();
  if (!actor) return builder;
  const run = Object.getPrototypeOf(builder).then as (this: B, ...a: unknown[]) => Promise<unknown>;
  const execute = async () => {
    const go = async (trx: Knex.Transaction | Knex) => {
      let before: Record<string, unknown>[] = [];
      let cascades = new Map<unknown, Cascaded>();
      if (action !== 'create') {
        // The same rows the write's conditions name (its where statements; knex keeps them in `_statements`).
        const probe = trx(table).select('*').limit(MAX_ROWS + 1);
        const own = probe as unknown as { _statements: Statement[] };
        own._statements = [...own._statements, ...(builder as unknown as { _statements: Statement[] })._statements.filter((s) => s.grouping === 'where')];
        before = await probe;
        // What goes with the deleted rows by cascade (a list's items), named in their entries.
        if (action === 'delete' && before.length <= MAX_ROWS) cascades = await cascadesOfDelete(trx, table, before);
      }
      if (trx !== knex) builder.transacting(trx as Knex.Transaction);
      const result = await run.call(builder);
      let entries: AuditEntry[];
      if (action === 'create') {
        const rows = [values].flat().filter((r): r is Record<string, unknown> => Boolean(r) && typeof r === 'object');
        const first = Array.isArray(result) ? result[0] : undefined;
        const firstId = typeof first === 'number' ? first : (first as { id?: number } | undefined)?.id;
        entries = rows.map((row, i) => ({ companyId, action, entity: table, entityId: rows.length === 1 ? firstId ?? null : (row.id as number) ?? (i === 0 ? firstId ?? null : null), changes: diff({}, row, new Set()) }));
      } else if (before.length > MAX_ROWS) {
        entries = [{ companyId, action, entity: table, entityId: null, changes: { rows: { after: `more than ${MAX_ROWS}` } } }];
      } else {
        const after = action === 'update' && values && typeof values === 'object' ? values as Record<string, unknown> : {};
        entries = withCascades(before.map((row) => ({ companyId, action, entity: table, entityId: row.id as number, changes: diff(row, after, new Set()) })), cascades);
      }
      await writeAudit(trx, entries, actor);
      return result;
    };
    // A transaction of its own holds only this write and its audit: lost to a deadlock, it is simply run again.
    return (knex as Knex.Transaction).isTransaction ? go(knex) : withRetries(() => knex.transaction(go));
  };
  return Object.assign(builder, {
    then: (onFulfilled?: (v: unknown) => unknown, onRejected?: (e: unknown) => unknown) => execute().then(onFulfilled, onRejected),
  });
}
