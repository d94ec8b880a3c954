import type { StaticHookArguments } from 'objection';
import { forgetCallersOnCommit } from '../caller-cache.js';
import { BaseModel, TenantModel } from '../model.js';
import type { WeekdaySchedule } from './company.js';

export class Queue extends TenantModel {
  static tableName = 'queues';
  static displayColumns = ['name', 'color'];
  static get jsonAttributes() { return ['schedules']; }

  name!: string;
  color!: string;
  orderQueue?: number | null;
  greetingMessage?: string | null;
  outOfHoursMessage?: string | null;
  schedules?: WeekdaySchedule[] | null;
  integrationId?: number | null;
  promptId?: number | null;
  /** How waiting tickets find an agent (domains/assignment): manual, round-robin or least-busy. */
  assignment!: string;
  /** Most live tickets an agent of this queue holds before assignment skips them (a user's own cap wins). */
  assignmentCap?: number | null;
  /** SLA targets in minutes (null: the company's default settings). */
  slaFirstResponseMinutes?: number | null;
  slaResolutionMinutes?: number | null;
  options?: QueueOption[];

  /** A deleted queue leaves its users (userQueues cascade): the company's cached callers are forgotten. */
  static async afterDelete(args: StaticHookArguments<TenantModel>) {
    await super.afterDelete(args);
    await forgetCallersOnCommit(args.transaction, this.companyOfChange(args)!);
  }

  static get relationMappings() {
    return {
      options: { relation: BaseModel.HasManyRelation, modelClass: QueueOption, join: { from: 'queues.id', to: 'queueOptions.queueId' } },
    };
  }
}

export class QueueOption extends TenantModel {
  static tableName = 'queueOptions';
  queueId!: number;
  parentId?: number | null;
  title!: string;
  message?: string | null;
  option!: string;
  children?: QueueOption[];

  static get relationMappings() {
    return {
      children: { relation: BaseModel.HasManyRelation, modelClass: QueueOption, join: { from: 'queueOptions.id', to: 'queueOptions.parentId' } },
    };
  }
}
