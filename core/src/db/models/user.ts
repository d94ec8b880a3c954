import type { StaticHookArguments } from 'objection';
import { forgetCallersOnCommit } from '../caller-cache.js';
import { BaseModel, TenantModel } from '../model.js';
import { Company } from './company.js';
import { Queue } from './queue.js';

export type Profile = 'admin' | 'user';

export class User extends TenantModel {
  static tableName = 'users';
  static displayColumns = ['name'];
  static booleanColumns = ['super', 'online', 'away'];
  static dateColumns = ['lastSeenAt', 'lockedUntil'];
  /** Never sent to a client: the password hash, the login counters, the second factor's secrets and the assignment turn. */
  static hiddenColumns = ['passwordHash', 'tokenVersion', 'failedLogins', 'lockedUntil', 'totpSecret', 'totpLastStep', 'totpRecovery', 'lastAssignedTurn'];

  name!: string;
  email!: string;
  passwordHash!: string;
  profile!: Profile;
  super!: boolean;
  allTicket!: 'enabled' | 'desabled';
  whatsappId?: number | null;
  tokenVersion!: number;
  online!: boolean;
  lastSeenAt?: string | null;
  /** Set by the agent (console): no automatic assignment while away, though their socket is live. */
  away!: boolean;
  /** Their own cap of live tickets for automatic assignment (else their queue's). */
  assignmentCap?: number | null;
  /** The company's assignment turn of their last automatically assigned ticket (round-robin order). */
  lastAssignedTurn?: number;
  language?: string | null;
  failedLogins!: number;
  lockedUntil?: string | null;
  /** Sealed (secrets facility); set at enrolment, confirmed when totpEnabledAt is set. */
  totpSecret?: string | null;
  totpEnabledAt?: string | null;
  totpLastStep?: number | null;
  /** JSON: the unused recovery codes' SHA-256 hashes. */
  totpRecovery?: string | null;
  company?: Company;
  queues?: Queue[];

  /** What the cached caller holds (auth/caller.ts): setting one forgets the user's cached caller in every process. */
  static callerColumns = ['profile', 'super', 'allTicket', 'whatsappId', 'name', 'companyId', 'tokenVersion'];

  static async afterUpdate(args: StaticHookArguments<TenantModel>) {
    await super.afterUpdate(args);
    const company = this.companyOfChange(args, this.callerColumns);
    if (company !== undefined) await forgetCallersOnCommit(args.transaction, company, userOfChange(args));
  }

  static async afterDelete(args: StaticHookArguments<TenantModel>) {
    await super.afterDelete(args);
    await forgetCallersOnCommit(args.transaction, this.companyOfChange(args)!, userOfChange(args));
  }

  static get relationMappings() {
    return {
      company: { relation: BaseModel.BelongsToOneRelation, modelClass: Company, join: { from: 'users.companyId', to: 'companies.id' } },
      queues: {
        relation: BaseModel.ManyToManyRelation,
        modelClass: Queue,
        join: { from: 'users.id', through: { from: 'userQueues.userId', to: 'userQueues.queueId' }, to: 'queues.id' },
      },
    };
  }
}

/** The one user an instance query (`user.$query()…`) changed, or undefined for a query over rows (their company is forgotten). */
function userOfChange(args: StaticHookArguments<TenantModel>): number | undefined {
  if (args.relation || args.items?.length !== 1) return undefined;
  const id = Number((args.items[0] as User).id);
  return Number.isInteger(id) ? id : undefined;
}
