import { BaseModel, TenantModel } from "../model.js";
import { Queue } from "./queue.js";
class Whatsapp extends TenantModel {
  static tableName = "whatsapps";
  static displayColumns = ["name"];
  static booleanColumns = ["isDefault", "userStopped"];
  static get jsonAttributes() {
    return ["statusReasonParams"];
  }
  name;
  provider;
  status;
  qrcode;
  retries;
  number;
  isDefault;
  /** Stopped on purpose (Disconnect or logged out from the phone): not started on boot. */
  userStopped;
  /** Why the connection is DISCONNECTED when its provider gave an error code (an expired Cloud API token); else null. */
  statusReason;
  /** The values the reason's text names (`{ origin }` of ERR_HTTP_NETWORK), or null. */
  statusReasonParams;
  greetingMessage;
  complationMessage;
  outOfHoursMessage;
  ratingMessage;
  expiresInactiveMessage;
  token;
  expiresTicket;
  timeUseBotQueues;
  maxUseBotQueues;
  timeToTransfer;
  transferQueueId;
  promptId;
  integrationId;
  queues;
  static get relationMappings() {
    return {
      queues: {
        relation: BaseModel.ManyToManyRelation,
        modelClass: Queue,
        join: { from: "whatsapps.id", through: { from: "whatsappQueues.whatsappId", to: "whatsappQueues.queueId" }, to: "queues.id" }
      }
    };
  }
}
class ProviderAuthKey extends TenantModel {
  static tableName = "providerAuthKeys";
  /** The provider's own keys, written by the connection, not by staff. */
  static audited = false;
  static timestamps = false;
  whatsappId;
  category;
  keyId;
  value;
}
export {
  ProviderAuthKey,
  Whatsapp
};
