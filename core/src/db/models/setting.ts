import type { Pojo } from 'objection';
import { TenantModel } from '../model.js';

/** Keys whose value is a secret: shown to the super user only, masked in the audit log. */
export const SECRET_SETTING_KEYS = new Set(['asaas', 'asaasWebhookToken']);

export class Setting extends TenantModel {
  static tableName = 'settings';
  key!: string;
  value!: string | null;

  static auditSecretColumns(row: Pojo): string[] { return SECRET_SETTING_KEYS.has(String(row.key)) ? ['value'] : []; }
}
