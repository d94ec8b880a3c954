import { BaseModel, TenantModel } from '../model.js';
import { Company } from './company.js';
import { Queue } from './queue.js';

export type Profile = 'admin' | 'user';

export class User extends TenantModel {
  static tableName = 'users';
  static booleanColumns = ['super', 'online'];
  static dateColumns = ['lastSeenAt', 'lockedUntil'];

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

  /** Never send the password hash or login counters to a client. */
  $formatJson(json: Record<string, unknown>) {
    const out = super.$formatJson(json);
    delete out.passwordHash;
    delete out.tokenVersion;
    delete out.failedLogins;
    delete out.lockedUntil;
    return out;
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
