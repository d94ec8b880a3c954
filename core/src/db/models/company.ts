import type { Pojo, StaticHookArguments } from 'objection';
import { forgetCallersOnCommit } from '../caller-cache.js';
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

  /** What every request's cached caller holds of its company (auth/caller.ts): a write that sets one, or a deletion, forgets the company's callers. */
  static callerColumns = ['status', 'dueDate'];

  static async beforeUpdate(args: StaticHookArguments<Company>) {
    const inputs = (args.inputItems ?? []) as unknown as Pojo[];
    if (inputs.some((item) => Company.callerColumns.some((col) => item[col] !== undefined))) await rememberCompanies(args);
    await super.beforeUpdate(args);
  }

  static async beforeDelete(args: StaticHookArguments<Company>) { await rememberCompanies(args); await super.beforeDelete(args); }
  static async afterUpdate(args: StaticHookArguments<Company>) { await forgetRemembered(args); await super.afterUpdate(args); }
  static async afterDelete(args: StaticHookArguments<Company>) { await forgetRemembered(args); await super.afterDelete(args); }
  /** A company's own entries are its own (the super user's changes to it show in its admin's log). */
  static auditCompanyOf(row: Pojo, actorCompanyId: number): number { return Number(row.id) || actorCompanyId; }

  static get relationMappings() {
    return {
      plan: { relation: BaseModel.BelongsToOneRelation, modelClass: Plan, join: { from: 'companies.planId', to: 'plans.id' } },
    };
  }
}

type ChangeContext = { callersOfCompanies?: number[] };

/** The companies a write is about to change (the row of an instance query, else the rows it matches), kept for the after-hook. */
async function rememberCompanies(args: StaticHookArguments<Company>) {
  const ids = args.items?.length && !args.relation
    ? args.items.map((c) => Number((c as Company).id))
    : (await args.asFindQuery().select('companies.id') as Company[]).map((c) => Number(c.id));
  (args.context as ChangeContext).callersOfCompanies = ids;
}

async function forgetRemembered(args: StaticHookArguments<Company>) {
  for (const id of (args.context as ChangeContext).callersOfCompanies ?? []) await forgetCallersOnCommit(args.transaction, id);
}
