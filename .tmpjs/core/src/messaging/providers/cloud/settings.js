import { TenantModel } from "../../../db/model.js";
class WhatsappCloud extends TenantModel {
  static tableName = "whatsappCloud";
  whatsappId;
  phoneNumberId;
  wabaId;
  accessToken;
  appSecret;
  verifyToken;
  graphVersion;
  baseUrl;
}
const DEFAULT_GRAPH_VERSION = "v23.0";
const DEFAULT_GRAPH_BASE_URL = "https://graph.facebook.com";
export {
  DEFAULT_GRAPH_BASE_URL,
  DEFAULT_GRAPH_VERSION,
  WhatsappCloud
};
