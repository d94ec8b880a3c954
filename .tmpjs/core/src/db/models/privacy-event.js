import { TenantModel } from "../model.js";
class PrivacyEvent extends TenantModel {
  static tableName = "privacyEvents";
  /** Not a staff change: the audit log leaves it out (audit/model-hooks.ts). */
  static audited = false;
  static get jsonAttributes() {
    return ["counts"];
  }
  kind;
  contactId;
  userId;
  counts;
}
export {
  PrivacyEvent
};
