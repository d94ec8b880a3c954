import type { StaticHookArguments } from 'objection';
import { forgetActors } from '../actor-cache.js';
import { BaseModel, TenantModel } from '../model.js';
import { Company } from './company.js';
import { Queue } from './queue.js';

export type Profile = 'admin' | 'user';

export class User extends TenantModel {
  static tableName = 'users';
  static displayColumns = ['name'];
  static booleanColumns = ['super', 'online'];
  static dateColumns = ['lastSeenAt', 'lockedUntil'];
  /** Never sent to a client: the password hash and the login counters. */
  static hiddenColumns = ['passwordHash', 'tokenVersion', 'failedLogins', 'lockedUntil'];

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
  language?: string | null;
  failedLogins!: number;
  lockedUntil?: string | null;
  company?: Company;
  queues?: Queue[];

  /** What the ticket routes' cached caller holds (tickets/access.ts): setting one forgets the company's cached callers. */
  static actorColumns = ['profile', 'super', 'allTicket', 'whatsappId', 'name', 'companyId'];

  static async afterUpdate(args: StaticHookArguments<TenantModel>) {
    await super.afterUpdate(args);
    const company = this.companyOfChange(args, this.actorColumns);
    if (company !== undefined) forgetActors(company);
  }

  static async afterDelete(args: StaticHookArguments<TenantModel>) {
    forgetActors(this.companyOfChange(args)!);
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
