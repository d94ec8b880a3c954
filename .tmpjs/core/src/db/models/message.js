import { BaseModel, TenantModel } from "../model.js";
import { Contact } from "./contact.js";
class Message extends TenantModel {
  static tableName = "messages";
  /** Not a staff change: the audit log leaves it out (audit/model-hooks.ts). */
  static audited = false;
  static booleanColumns = ["fromMe", "read", "isDeleted", "isEdited", "isForwarded", "botPassed"];
  /** The responder chain's bookkeeping (migration 141): never sent to clients. */
  static hiddenColumns = ["botPassed"];
  static get jsonAttributes() {
    return ["data"];
  }
  ticketId;
  contactId;
  whatsappId;
  providerId;
  body;
  fromMe;
  mediaType;
  mediaUrl;
  mediaName;
  ack;
  read;
  isDeleted;
  isEdited;
  isForwarded;
  status;
  error;
  /** Ingestion found that no responder could act on it (messaging/group-commit.ts); written only there. */
  botPassed;
  quotedMsgId;
  userId;
  participant;
  reaction;
  data;
  contact;
  quotedMsg;
  /** Agents' reactions, when loaded (message-view.ts withReactions): not a column. */
  reactions;
  $parseDatabaseJson(json) {
    const parsed = super.$parseDatabaseJson(json);
    if (typeof parsed.id === "string") parsed.id = Number(parsed.id);
    if (typeof parsed.quotedMsgId === "string") parsed.quotedMsgId = Number(parsed.quotedMsgId);
    return parsed;
  }
  /** `reactions` is loaded beside the row, never written. */
  $formatDatabaseJson(json) {
    const formatted = super.$formatDatabaseJson(json);
    delete formatted.reactions;
    return formatted;
  }
  static get relationMappings() {
    return {
      contact: { relation: BaseModel.BelongsToOneRelation, modelClass: Contact, join: { from: "messages.contactId", to: "contacts.id" } },
      quotedMsg: { relation: BaseModel.BelongsToOneRelation, modelClass: Message, join: { from: "messages.quotedMsgId", to: "messages.id" } }
    };
  }
}
export {
  Message
};
