import { TenantModel } from "../model.js";
class MessageEdit extends TenantModel {
  static tableName = "messageEdits";
  /** Not a staff change: the audit log leaves it out (audit/model-hooks.ts). */
  static audited = false;
  static timestamps = false;
  static dateColumns = ["createdAt"];
  static booleanColumns = ["fromMe"];
  messageId;
  previousBody;
  /** The edit came from our side (an agent, or the phone itself), not from the contact. */
  fromMe;
  userId;
  $parseDatabaseJson(json) {
    const parsed = super.$parseDatabaseJson(json);
    if (typeof parsed.messageId === "string") parsed.messageId = Number(parsed.messageId);
    return parsed;
  }
}
class MessageReaction extends TenantModel {
  static tableName = "messageReactions";
  /** Not a staff change: the audit log leaves it out (audit/model-hooks.ts). */
  static audited = false;
  messageId;
  userId;
  emoji;
  $parseDatabaseJson(json) {
    const parsed = super.$parseDatabaseJson(json);
    if (typeof parsed.messageId === "string") parsed.messageId = Number(parsed.messageId);
    return parsed;
  }
}
export {
  MessageEdit,
  MessageReaction
};
