import type { StaticHookArguments } from 'objection';
import { forgetActors } from '../actor-cache.js';
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
  options?: QueueOption[];

  /** A deleted queue leaves its users (userQueues cascade): the company's cached callers are forgotten. */
  static async afterDelete(args: StaticHookArguments<TenantModel>) {
    forgetActors(this.companyOfChange(args)!);
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
