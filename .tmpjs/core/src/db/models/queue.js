import { forgetCallersOnCommit } from "../caller-cache.js";
import { BaseModel, TenantModel } from "../model.js";
class Queue extends TenantModel {
  static tableName = "queues";
  static displayColumns = ["name", "color"];
  static get jsonAttributes() {
    return ["schedules"];
  }
  name;
  color;
  orderQueue;
  greetingMessage;
  outOfHoursMessage;
  schedules;
  integrationId;
  promptId;
  /** How waiting tickets find an agent (domains/assignment): manual, round-robin or least-busy. */
  assignment;
  /** Most live tickets an agent of this queue holds before assignment skips them (a user's own cap wins). */
  assignmentCap;
  /** SLA targets in minutes (null: the company's default settings). */
  slaFirstResponseMinutes;
  slaResolutionMinutes;
  options;
  /** A deleted queue leaves its users (userQueues cascade): the company's cached callers are forgotten. */
  static async afterDelete(args) {
    await super.afterDelete(args);
    await forgetCallersOnCommit(args.transaction, this.companyOfChange(args));
  }
  static get relationMappings() {
    return {
      options: { relation: BaseModel.HasManyRelation, modelClass: QueueOption, join: { from: "queues.id", to: "queueOptions.queueId" } }
    };
  }
}
class QueueOption extends TenantModel {
  static tableName = "queueOptions";
  queueId;
  parentId;
  title;
  message;
  option;
  children;
  static get relationMappings() {
    return {
      children: { relation: BaseModel.HasManyRelation, modelClass: QueueOption, join: { from: "queueOptions.id", to: "queueOptions.parentId" } }
    };
  }
}
export {
  Queue,
  QueueOption
};
