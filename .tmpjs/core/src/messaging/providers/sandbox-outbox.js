import { TenantModel } from "../../db/model.js";
class SandboxOutbox extends TenantModel {
  static tableName = "sandboxOutbox";
  static dateColumns = ["deletedAt", "editedAt"];
  static booleanColumns = ["forwarded"];
  whatsappId;
  providerId;
  to;
  body;
  mediaUrl;
  ack;
  deletedAt;
  /** 'message', or 'reaction' (body: the emoji, '' removed it) to `targetProviderId` (migration 113). */
  kind;
  targetProviderId;
  quotedProviderId;
  forwarded;
  editedAt;
}
export {
  SandboxOutbox
};
