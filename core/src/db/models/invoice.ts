import { TenantModel } from '../model.js';

export class Invoice extends TenantModel {
  static tableName = 'invoices';
  detail!: string;
  value!: number;
  dueDate!: string;
  status!: 'paid' | 'open';
  txid?: string | null;
  payload?: string | null;

  $parseDatabaseJson(json: Record<string, unknown>) {
    const parsed = super.$parseDatabaseJson(json);
    if (parsed.value !== undefined && parsed.value !== null) parsed.value = Number(parsed.value);
    return parsed;
  }
}
