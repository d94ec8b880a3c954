import { forgetCallersOnCommit } from "../caller-cache.js";
import { BaseModel } from "../model.js";
import { Plan } from "./plan.js";
class Company extends BaseModel {
  static tableName = "companies";
  static booleanColumns = ["status", "campaignsEnabled"];
  static dateColumns = ["trialExpiration"];
  static get jsonAttributes() {
    return ["schedules", "billing"];
  }
  name;
  email;
  phone;
  document;
  planId;
  plan;
  status;
  campaignsEnabled;
  dueDate;
  recurrence;
  trialExpiration;
  schedules;
  billing;
  /** What every request's cached caller holds of its company (auth/caller.ts): a write that sets one, or a deletion, forgets the company's callers. */
  static callerColumns = ["status", "dueDate"];
  static async beforeUpdate(args) {
    const inputs = args.inputItems ?? [];
    if (inputs.some((item) => Company.callerColumns.some((col) => item[col] !== void 0))) await rememberCompanies(args);
    await super.beforeUpdate(args);
  }
  static async beforeDelete(args) {
    await rememberCompanies(args);
    await super.beforeDelete(args);
  }
  static async afterUpdate(args) {
    await forgetRemembered(args);
    await super.afterUpdate(args);
  }
  static async afterDelete(args) {
    await forgetRemembered(args);
    await super.afterDelete(args);
  }
  /** A company's own entries are its own (the super user's changes to it show in its admin's log). */
  static auditCompanyOf(row, actorCompanyId) {
    return Number(row.id) || actorCompanyId;
  }
  static get relationMappings() {
    return {
      plan: { relation: BaseModel.BelongsToOneRelation, modelClass: Plan, join: { from: "companies.planId", to: "plans.id" } }
    };
  }
}
async function rememberCompanies(args) {
  const ids = args.items?.length && !args.relation ? args.items.map((c) => Number(c.id)) : (await args.asFindQuery().select("companies.id")).map((c) => Number(c.id));
  args.context.callersOfCompanies = ids;
}
async function forgetRemembered(args) {
  for (const id of args.context.callersOfCompanies ?? []) await forgetCallersOnCommit(args.transaction, id);
}
export {
  Company
};
