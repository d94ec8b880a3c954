import { TenantModel } from '../model.js';

export class Tag extends TenantModel {
  static tableName = 'tags';
  name!: string;
  color!: string;
  kanban!: number;
  userId?: number | null;
  ticketsCount?: number;
}
