import { forgetCallersOnCommit } from "../caller-cache.js";
import { BaseModel, TenantModel } from "../model.js";
import { Company } from "./company.js";
import { Queue } from "./queue.js";
class User extends TenantModel {
  static tableName = "users";
  static displayColumns = ["name"];
  static booleanColumns = ["super", "online", "away"];
  static dateColumns = ["lastSeenAt", "lockedUntil"];
  /** Never sent to a client: the password hash, the login counters, the second factor's secrets and the assignment turn. */
  static hiddenColumns = ["passwordHash", "tokenVersion", "failedLogins", "lockedUntil", "totpSecret", "totpLastStep", "totpRecovery", "lastAssignedTurn"];
  name;
  email;
  passwordHash;
  profile;
  super;
  allTicket;
  whatsappId;
  tokenVersion;
  online;
  lastSeenAt;
  /** Set by the agent (console): no automatic assignment while away, though their socket is live. */
  away;
  /** Their own cap of live tickets for automatic assignment (else their queue's). */
  assignmentCap;
  /** The company's assignment turn of their last automatically assigned ticket (round-robin order). */
  lastAssignedTurn;
  language;
  failedLogins;
  lockedUntil;
  /** Sealed (secrets facility); set at enrolment, confirmed when totpEnabledAt is set. */
  totpSecret;
  totpEnabledAt;
  totpLastStep;
  /** JSON: the unused recovery codes' SHA-256 hashes. */
  totpRecovery;
  company;
  queues;
  /** What the cached caller holds (auth/caller.ts): setting one forgets the user's cached caller in every process. */
  static callerColumns = ["profile", "super", "allTicket", "whatsappId", "name", "companyId", "tokenVersion"];
  static async afterUpdate(args) {
    await super.afterUpdate(args);
    const company = this.companyOfChange(args, this.callerColumns);
    if (company !== void 0) await forgetCallersOnCommit(args.transaction, company, userOfChange(args));
  }
  static async afterDelete(args) {
    await super.afterDelete(args);
    await forgetCallersOnCommit(args.transaction, this.companyOfChange(args), userOfChange(args));
  }
  static get relationMappings() {
    return {
      company: { relation: BaseModel.BelongsToOneRelation, modelClass: Company, join: { from: "users.companyId", to: "companies.id" } },
      queues: {
        relation: BaseModel.ManyToManyRelation,
        modelClass: Queue,
        join: { from: "users.id", through: { from: "userQueues.userId", to: "userQueues.queueId" }, to: "queues.id" }
      }
    };
  }
}
function userOfChange(args) {
  if (args.relation || args.items?.length !== 1) return void 0;
  const id = Number(args.items[0].id);
  return Number.isInteger(id) ? id : void 0;
}
export {
  User
};
