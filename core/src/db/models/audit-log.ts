import { TenantModel } from '../model.js';

/** One staff change (migration 135, audit/record.ts writes it). Append-only: only the retention job deletes. */
export class AuditLog extends TenantModel {
  static tableName = 'auditLogs';
  /** The log does not log itself. */
  static audited = false;
  static timestamps = false;
  static dateColumns = ['createdAt'];
  static get jsonAttributes() { return ['changes']; }
  userId!: number | null;
  impersonatorId!: number | null;
  action!: string;
  entity!: string;
  entityId!: string | null;
  changes!: Record<string, { before?: unknown; after?: unknown }> | null;
  route!: string | null;
  ip!: string | null;
}
