import type { Knex } from 'knex';
import { dbNow } from '../db/time.js';
import { currentActor, type AuditActor } from './context.js';
import type { AuditAction } from './actions.js';

/** What a secret's before/after reads in the log: that it changed, never its value (clear or sealed). */
export const MASKED = '••••••';
const SEALED = /^enc:v\d+:/;

/** `changed: true` marks a secret whose before and after both read MASKED: the value changed, the log cannot say how. */
export type FieldChanges = Record<string, { before?: unknown; after?: unknown; changed?: true }>;

export interface AuditEntry {
  companyId: number;
  action: AuditAction;
  entity: string;
  entityId?: string | number | null;
  changes?: FieldChanges | null;
}

/** A value as the log keeps it: a sealed secret (enc:v1:…) masked wherever it sits; long text cut. */
export function loggedValue(value: unknown): unknown {
  if (value && typeof value === 'object' && !isPlainData(value)) return '(computed)';
  if (typeof value === 'string') return SEALED.test(value) ? MASKED : value.length > 2000 ? `${value.slice(0, 2000)}…` : value;
  if (value && typeof value === 'object') {
    const text = JSON.stringify(value);
    return /enc:v\d+:/.test(text) ? MASKED : text.length > 2000 ? `${text.slice(0, 2000)}…` : value;
  }
  return value;
}

/** Plain objects and arrays (a knex.raw or objection ref in a patch is a computed value, not data). */
const isPlainData = (value: object) => Array.isArray(value) || Object.getPrototypeOf(value) === Object.prototype || Object.getPrototypeOf(value) === null;
const same = (a: unknown, b: unknown) => {
  if (a === b) return true;
  try { return JSON.stringify(loggedValue(a)) === JSON.stringify(loggedValue(b)); } catch { return false; }
};
/**
 * Whether two values the log shows alike differ as stored: a secret rotated (a new sealed value, a new hash, a JSON
 * column whose sealed parts changed) logs MASKED on both sides and would otherwise vanish from the entry.
 */
const differStored = (a: unknown, b: unknown) => {
  if (a === b) return false;
  try { return JSON.stringify(a) !== JSON.stringify(b); } catch { return true; }
};

/**
 * The fields that differ between `before` and `after` (an insert: before empty; a delete: after empty), secrets
 * (`secret` names, sealed values) masked on both sides. Bookkeeping columns are left out.
 */
export function diff(before: Record<string, unknown>, after: Record<string, unknown>, secret: Set<string>): FieldChanges {
  const out: FieldChanges = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (key === 'updatedAt' || key === 'createdAt' || key === 'id' || key === 'companyId') continue;
    const b = before[key];
    const a = after[key];
    if (!(key in after) && Object.keys(after).length > 0) continue; // an update's untouched field
    const mask = secret.has(key);
    const masked = (v: unknown) => mask && v != null && v !== '' ? MASKED : loggedValue(v);
    if (key in after && key in before) {
      if (masked(b) === MASKED && masked(a) === MASKED) {
        if (differStored(b, a)) out[key] = { before: MASKED, after: MASKED, changed: true };
        continue;
      }
      if (same(b, a)) continue;
    }
    out[key] = {
      ...(key in before ? { before: masked(b) } : {}),
      ...(key in after ? { after: masked(a) } : {}),
    };
  }
  return out;
}

/** The rows for `entries`, stamped with the actor (defaults: the current request's). */
function rows(entries: AuditEntry[], actor: AuditActor | undefined) {
  const now = dbNow();
  return entries.map((e) => ({
    createdAt: now, companyId: e.companyId, userId: actor?.userId ?? null, impersonatorId: actor?.impersonatorId ?? null,
    action: e.action.slice(0, 40), entity: e.entity.slice(0, 60), entityId: e.entityId === undefined || e.entityId === null ? null : String(e.entityId).slice(0, 64),
    changes: e.changes && Object.keys(e.changes).length ? JSON.stringify(e.changes) : null,
    route: actor?.route?.slice(0, 200) ?? null, ip: actor?.ip?.slice(0, 64) ?? null,
  }));
}

/**
 * Appends entries through `db` (the change's own transaction, so both commit or neither does). Without an
 * explicit actor, the current request's; entries of a change made outside any staff request are not written
 * unless an actor is given (a login, a failed login).
 */
export async function writeAudit(trx: Knex | Knex.Transaction, entries: AuditEntry[], actor: AuditActor | undefined = currentActor()) {
  if (!actor || entries.length === 0) return;
  await trx('auditLogs').insert(rows(entries, actor));
  actor.written += entries.length;
}

/**
 * A raw write (a link table without a model) and its entries in one transaction: `entries` sees the write's
 * result. Outside a staff request the write runs alone, as before.
 */
export async function auditedRawWrite<T>(knex: Knex, write: (db: Knex | Knex.Transaction) => Promise<T>, entries: (result: T) => AuditEntry[]): Promise<T> {
  const actor = currentActor();
  if (!actor) return write(knex);
  return knex.transaction(async (trx) => {
    const result = await write(trx);
    await writeAudit(trx, entries(result), actor);
    return result;
  });
}

/** `sdk.audit`: what a plugin records beyond its sdk.db writes (which are logged on their own). */
export interface AuditApi {
  /**
   * Appends entries as the current staff request's actor (nothing outside one). For a change kept elsewhere
   * than the plugin's tables (a call to a provider), recorded once the change is made.
   */
  record(entries: AuditEntry[]): Promise<void>;
}

export const createAuditApi = (knex: Knex): AuditApi => ({ record: (entries) => writeAudit(knex, entries) });
