import { BaseModel, TenantModel } from '../model.js';
import { Queue } from './queue.js';

export type ConnectionStatus = 'qrcode' | 'PAIRING' | 'OPENING' | 'CONNECTED' | 'TIMEOUT' | 'DISCONNECTED';

/** A connection to a messaging number ("whatsapp" in the spec's routes). */
export class Whatsapp extends TenantModel {
  static tableName = 'whatsapps';
  static displayColumns = ['name'];
  static booleanColumns = ['isDefault', 'userStopped'];
  static get jsonAttributes() { return ['statusReasonParams']; }

  name!: string;
  provider!: string;
  status!: ConnectionStatus;
  qrcode?: string | null;
  retries!: number;
  number?: string | null;
  isDefault!: boolean;
  /** Stopped on purpose (Disconnect or logged out from the phone): not started on boot. */
  userStopped?: boolean;
  /** Why the connection is DISCONNECTED when its provider gave an error code (an expired Cloud API token); else null. */
  statusReason?: string | null;
  /** The values the reason's text names (`{ origin }` of ERR_HTTP_NETWORK), or null. */
  statusReasonParams?: Record<string, string | number> | null;
  greetingMessage?: string | null;
  complationMessage?: string | null;
  outOfHoursMessage?: string | null;
  ratingMessage?: string | null;
  expiresInactiveMessage?: string | null;
  token?: string | null;
  expiresTicket!: number;
  timeUseBotQueues!: number;
  maxUseBotQueues!: number;
  timeToTransfer?: number | null;
  transferQueueId?: number | null;
  promptId?: number | null;
  integrationId?: number | null;
  queues?: Queue[];

  static get relationMappings() {
    return {
      queues: {
        relation: BaseModel.ManyToManyRelation,
        modelClass: Queue,
        join: { from: 'whatsapps.id', through: { from: 'whatsappQueues.whatsappId', to: 'whatsappQueues.queueId' }, to: 'queues.id' },
      },
    };
  }
}

/** One key of a provider's session state (Baileys creds and signal keys). */
export class ProviderAuthKey extends TenantModel {
  static tableName = 'providerAuthKeys';
  /** The provider's own keys, written by the connection, not by staff. */
  static audited = false;
  static timestamps = false;
  whatsappId!: number;
  category!: string;
  keyId!: string;
  value!: string;
}
