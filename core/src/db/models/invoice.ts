import { TenantModel } from '../model.js';

export class Invoice extends TenantModel {
  static tableName = 'invoices';
  static dateColumns = ['chargeExpiresAt', 'paidAt'];
  detail!: string;
  value!: number;
  dueDate!: string;
  status!: 'paid' | 'open';
  txid?: string | null;
  payload?: string | null;
  /** The company due date a generated invoice bills (unique per company); null for a manual one. */
  cycleDueDate?: string | null;
  gateway?: string | null;
  chargeId?: string | null;
  chargeValue?: number | null;
  chargeExpiresAt?: string | null;
  paidAt?: string | null;
  paidValue?: number | null;
  paidVia?: string | null;

  $parseDatabaseJson(json: Record<string, unknown>) {
    const parsed = super.$parseDatabaseJson(json);
    for (const money of ['value', 'chargeValue', 'paidValue']) {
      if (parsed[money] !== undefined && parsed[money] !== null) parsed[money] = Number(parsed[money]);
    }
    return parsed;
  }
}
