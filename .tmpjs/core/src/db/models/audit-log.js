import { TenantModel } from "../model.js";
class AuditLog extends TenantModel {
  static tableName = "auditLogs";
  /** The log does not log itself. */
  static audited = false;
  static timestamps = false;
  static dateColumns = ["createdAt"];
  static get jsonAttributes() {
    return ["changes"];
  }
  userId;
  impersonatorId;
  action;
  entity;
  entityId;
  changes;
  route;
  ip;
}
export {
  AuditLog
};
