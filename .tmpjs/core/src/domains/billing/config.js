import { User } from "../../db/models/index.js";
async function operatorCompanyId() {
  const owner = await User.unscoped("the platform operator is found by its super user").where({ super: true }).orderBy("id").select("companyId").first();
  return owner?.companyId;
}
async function readBillingConfig(app) {
  const companyId = await operatorCompanyId();
  const values = companyId ? await app.tenancy.settings.all(companyId) : /* @__PURE__ */ new Map();
  const get = (key) => (values.get(key) ?? "").trim();
  const secret = (key) => {
    const stored = get(key);
    return stored && app.atrium.secrets.isEncrypted(stored) ? app.atrium.secrets.decrypt(stored) : stored;
  };
  const gateway = get("billingGateway");
  return {
    gateway: ["pix", "sandbox", "asaas"].find((g) => g === gateway) ?? "none",
    pix: { key: get("pixKey"), merchantName: get("pixMerchantName"), merchantCity: get("pixMerchantCity") },
    asaas: { baseUrl: get("asaasUrl").replace(/\/+$/, ""), apiKey: secret("asaas"), webhookToken: secret("asaasWebhookToken") }
  };
}
export {
  operatorCompanyId,
  readBillingConfig
};
