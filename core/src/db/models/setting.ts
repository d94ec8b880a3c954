import { TenantModel } from '../model.js';

export class Setting extends TenantModel {
  static tableName = 'settings';
  key!: string;
  value!: string | null;
}
