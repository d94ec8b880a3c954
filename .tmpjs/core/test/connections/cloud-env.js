import { createHmac } from "node:crypto";
import { Whatsapp } from "../../src/db/models/index.js";
import { FAKE_PHONE_ID, FAKE_TOKEN, FAKE_WABA_ID } from "./fake-graph.js";
import { until } from "./util.js";
const APP_SECRET = "app-secret-for-tests-0001";
const VERIFY_TOKEN = "verify-me-please";
async function cloudConnection(t, env, graph) {
  const created = await env.request("POST", "/api/whatsapp", {
    token: env.token,
    body: {
      name: `Cloud ${Math.random().toString(16).slice(2, 8)}`,
      provider: "cloud",
      cloud: { phoneNumberId: FAKE_PHONE_ID, wabaId: FAKE_WABA_ID, accessToken: FAKE_TOKEN, appSecret: APP_SECRET, verifyToken: VERIFY_TOKEN, baseUrl: graph.url }
    }
  });
  t.equal(created.status, 200, "a connection of kind cloud is created with its settings");
  const id = created.body.id;
  const row = await until(async () => {
    const r = await Whatsapp.scoped(1).findById(id);
    return r?.status === "CONNECTED" ? r : void 0;
  }, 5e3, "CONNECTED");
  t.equal(row.number, "551140001234", "the number is the one the Graph API reports");
  return id;
}
const sign = (raw, secret = APP_SECRET) => `sha256=${createHmac("sha256", secret).update(raw).digest("hex")}`;
function delivery(value) {
  return JSON.stringify({
    object: "whatsapp_business_account",
    entry: [{ id: FAKE_WABA_ID, changes: [{ field: "messages", value: { messaging_product: "whatsapp", metadata: { display_phone_number: "551140001234", phone_number_id: FAKE_PHONE_ID }, ...value } }] }]
  });
}
const textFrom = (id, body, from) => delivery({
  contacts: [{ profile: { name: "Maria Cloud" }, wa_id: from }],
  messages: [{ from, id, timestamp: String(Math.floor(Date.now() / 1e3)), type: "text", text: { body } }]
});
async function post(env, id, raw, signature) {
  const res = await env.app.inject({
    method: "POST",
    url: `/api/whatsapp-cloud/${id}/webhook`,
    payload: raw,
    headers: { "content-type": "application/json", ...signature ? { "x-hub-signature-256": signature } : {} }
  });
  return { status: res.statusCode, body: res.json() };
}
export {
  APP_SECRET,
  VERIFY_TOKEN,
  cloudConnection,
  delivery,
  post,
  sign,
  textFrom
};
