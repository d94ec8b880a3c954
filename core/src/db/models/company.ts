import { BaseModel } from '../model.js';
import { Plan } from './plan.js';

export interface WeekdaySchedule { weekday: string; weekdayEn: string; startTime: string; endTime: string }

/** A tenant. Not itself tenant-scoped: only the super user lists companies. */
export class Company extends BaseModel {
  static tableName = 'companies';
  static booleanColumns = ['status', 'campaignsEnabled'];
  static dateColumns = ['trialExpiration'];
  static get jsonAttributes() { return ['schedules', 'billing']; }

  name!: string;
  email?: string | null;
  phone?: string | null;
  document?: string | null;
  planId?: number | null;
  plan?: Plan;
  status!: boolean;
  campaignsEnabled!: boolean;
  dueDate?: string | null;
  recurrence?: string | null;
  trialExpiration?: string | null;
  schedules?: WeekdaySchedule[] | null;
  billing?: Record<string, unknown> | null;

  static get relationMappings() {
    return {
      plan: { relation: BaseModel.BelongsToOneRelation, modelClass: Plan, join: { from: 'companies.planId', to: 'plans.id' } },
    };
  }
}
