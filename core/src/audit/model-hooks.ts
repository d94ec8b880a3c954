import { QueryBuilder, type Model, type StaticHookArguments } from 'objection';
import type { Knex } from 'knex';
import { currentActor } from './context.js';
import { diff, writeAudit, type AuditEntry } from './record.js';
import { withRetries } from '../db/errors.js';
import { cascadesOfDelete, withCascades, type Cascaded } from './cascades.js';

/**
 * The generic audit of the core's models: every insert, update and delete a staff request makes through a model
 * writes one entry per row, in the same transaction as the write. A write outside a transaction is given one of
 * its own (AuditedQueryBuilder), so the row and its entry commit together or not at all. Outside a staff request
 * (inbound messages, jobs) nothing here runs a statement.
 */

/** What an audited model says about itself (BaseModel's statics). */
export interface AuditedModelClass {
  tableName: string;
  /** false: the model's writes are not staff changes (messages, sessions, the log itself). */
  audited: boolean;
  hiddenColumns: string[];
  /** Columns of this row whose values are secret (besides hidden columns and sealed values). */
  auditSecretColumns(row: Record<string, unknown>): string[];
  /** The company a row belongs to, given the actor's company (tenant rows: their own). */
  auditCompanyOf(row: Record<string, unknown>, actorCompanyId: number): number;
}

const BEFORE = Symbol('audit.before');
const CASCADES = Symbol('audit.cascades');
/** More rows than this in one statement are logged as one entry with their count. */
const MAX_ROWS = 200;

const isTransaction = (knex: unknown) => Boolean((knex as { isTransaction?: boolean } | undefined)?.isTransaction);
/** A row's own fields, without those a patch left undefined (not part of the change). */
const plain = (row: unknown): Record<string, unknown> => Object.fromEntries(Object.entries(row as Record<string, unknown>).filter(([, v]) => v !== undefined));

/**
 * Runs a write of a staff request in a transaction of its own when it is not already in one. That transaction holds
 * only this write and its audit, so when it loses a deadlock to another writer of the same rows (the pipeline
 * answering on the ticket an agent just moved, on MariaDB) it is run again, not answered as a 500.
 */
export class AuditedQueryBuilder<M extends Model, R = M[]> extends QueryBuilder<M, R> {
  async execute(): Promise<R> {
    const model = this.modelClass() as unknown as AuditedModelClass & typeof Model;
    if (!model.audited || this.isFind() || !currentActor() || isTransaction((this as unknown as { unsafeKnex(): unknown }).unsafeKnex())) return super.execute();
    return withRetries(() => model.knex().transaction((trx: Knex.Transaction) => QueryBuilder.prototype.execute.call(this.clone().transacting(trx)) as Promise<R>));
  }
}

type Args = StaticHookArguments<Model>;
const contextOf = (args: Args) => args.context as unknown as Record<symbol, unknown>;

/**
 * Before an update or delete: the rows as they are and, for a delete, what goes with them by cascade (read in the
 * write's transaction).
 */
export async function rememberBefore(model: AuditedModelClass, args: Args, action: 'update' | 'delete' = 'update') {
  if (!model.audited || !currentActor()) return;
  const rows = ((await args.asFindQuery().select(`${model.tableName}.*`).limit(MAX_ROWS + 1)) as unknown[]).map(plain);
  contextOf(args)[BEFORE] = rows;
  if (action === 'delete' && rows.length <= MAX_ROWS) contextOf(args)[CASCADES] = await cascadesOfDelete(args.transaction as Knex, model.tableName, rows);
}

function secretsOf(model: AuditedModelClass, row: Record<string, unknown>) {
  return new Set([...model.hiddenColumns, ...model.auditSecretColumns(row)]);
}

/** After an insert, update or delete: one entry per row, in the same transaction. */
export async function recordChange(model: AuditedModelClass, args: Args, action: 'create' | 'update' | 'delete') {
  const actor = currentActor();
  if (!model.audited || !actor) return;
  const entity = model.tableName;
  let entries: AuditEntry[];
  if (action === 'create') {
    entries = (args.result as unknown[]).filter((r) => r && typeof r === 'object').map((r) => {
      const row = plain(r);
      return { companyId: model.auditCompanyOf(row, actor.companyId), action, entity, entityId: row.id as number, changes: diff({}, row, secretsOf(model, row)) };
    });
  } else {
    const before = (contextOf(args)[BEFORE] as Record<string, unknown>[] | undefined) ?? [];
    const cascades = (contextOf(args)[CASCADES] as Map<unknown, Cascaded> | undefined) ?? new Map();
    delete contextOf(args)[BEFORE];
    delete contextOf(args)[CASCADES];
    if (before.length > MAX_ROWS) {
      entries = [{ companyId: model.auditCompanyOf(before[0], actor.companyId), action, entity, entityId: null, changes: { rows: { after: `more than ${MAX_ROWS}` } } }];
    } else {
      const input = action === 'update' ? plain(args.inputItems[0] ?? {}) : {};
      entries = withCascades(before.map((row) => ({
        companyId: model.auditCompanyOf(row, actor.companyId), action, entity, entityId: row.id as number,
        changes: diff(row, action === 'update' ? input : {}, secretsOf(model, { ...row, ...input })),
      })), cascades);
    }
  }
  await writeAudit(args.transaction as Knex, entries, actor);
}
