import { DEFAULT_GRAPH_BASE_URL, DEFAULT_GRAPH_VERSION } from "../../messaging/providers/cloud/settings.js";
function cloudSettingsValues(secrets, body, current) {
  return {
    phoneNumberId: body.phoneNumberId,
    wabaId: body.wabaId,
    accessToken: secrets.keepSecretIfMasked(body.accessToken, current?.accessToken),
    appSecret: secrets.keepSecretIfMasked(body.appSecret, current?.appSecret),
    verifyToken: secrets.keepSecretIfMasked(body.verifyToken, current?.verifyToken),
    graphVersion: body.graphVersion ?? current?.graphVersion ?? DEFAULT_GRAPH_VERSION,
    baseUrl: (body.baseUrl ?? current?.baseUrl ?? DEFAULT_GRAPH_BASE_URL).replace(/\/+$/, "")
  };
}
export {
  cloudSettingsValues
};
