import { TenantModel } from "../model.js";
const SECRET_SETTING_KEYS = /* @__PURE__ */ new Set(["asaas", "asaasWebhookToken"]);
class Setting extends TenantModel {
  static tableName = "settings";
  key;
  value;
  static auditSecretColumns(row) {
    return SECRET_SETTING_KEYS.has(String(row.key)) ? ["value"] : [];
  }
}
export {
  SECRET_SETTING_KEYS,
  Setting
};
