import t from "tap";
import { Type } from "@sinclair/typebox";
import { build } from "../helper.js";
import { Whatsapp } from "../../src/db/models/index.js";
import { BUILT_IN_CAPABILITIES } from "../../src/messaging/providers/registry.js";
const NO_EDIT = { ...BUILT_IN_CAPABILITIES.sandbox, addressing: "opaque", edit: false, groups: false };
async function withProbe(t2) {
  const env = await build(t2);
  const saved = [];
  env.app.atrium.providers.register("probe", {
    create: () => ({
      async start() {
      },
      async requestNewQr() {
      },
      async stop() {
      },
      async send() {
        return { providerId: "x", ack: 1 };
      },
      async deleteMessage() {
      },
      async editMessage() {
      },
      async react() {
      },
      async checkNumber(n) {
        return { exists: true, number: n };
      },
      async profilePictureUrl() {
        return void 0;
      }
    }),
    capabilities: NO_EDIT,
    settings: {
      schema: Type.Object({ botToken: Type.String({ minLength: 10 }) }, { additionalProperties: false }),
      required: true,
      async save({ companyId, whatsappId, values, isNew, trx }) {
        t2.ok(await trx("whatsapps").where({ id: whatsappId }).first(), "saved in the transaction that made the connection");
        saved.push({ companyId, whatsappId, values, isNew });
      }
    }
  });
  return { env, saved };
}
t.test("a channel lists its capabilities; the built-in ones theirs", async (t2) => {
  const { env } = await withProbe(t2);
  const res = await env.request("GET", "/api/providers", { token: env.token });
  t2.equal(res.status, 200);
  const byKind = Object.fromEntries(res.body.map((p) => [p.kind, p.capabilities]));
  t2.same(byKind.probe, NO_EDIT, "the registered capabilities, as registered");
  t2.same(byKind.beta.edit, { windowMinutes: 15 }, "WhatsApp edits for 15 minutes");
  t2.equal(byKind.sandbox.addressing, "phone");
  const anonymous = await env.request("GET", "/api/providers");
  t2.equal(anonymous.status, 401, "signed-in callers only");
});
t.test("a channel with a settings door gets its settings checked, then stored with the connection", async (t2) => {
  const { env, saved } = await withProbe(t2);
  const missing = await env.request("POST", "/api/whatsapp", { token: env.token, body: { name: "Probe", provider: "probe" } });
  t2.same([missing.status, missing.body.error], [400, "ERR_PROVIDER_SETTINGS_REQUIRED"], "required settings are required");
  const bad = await env.request("POST", "/api/whatsapp", { token: env.token, body: { name: "Probe", provider: "probe", settings: { botToken: "short" } } });
  t2.same([bad.status, bad.body.error], [400, "ERR_VALIDATION"]);
  t2.match(JSON.stringify(bad.body), /settings\/botToken|settings\.botToken/, "the error names the field");
  t2.equal(await Whatsapp.scoped(1).where({ name: "Probe" }).resultSize(), 0, "nothing stored for a refused body");
  t2.same(saved, []);
  const ok = await env.request("POST", "/api/whatsapp", { token: env.token, body: { name: "Probe", provider: "probe", settings: { botToken: "1234567890:abc" } } });
  t2.equal(ok.status, 200);
  t2.same(saved, [{ companyId: 1, whatsappId: ok.body.id, values: { botToken: "1234567890:abc" }, isNew: true }]);
  const put = await env.request("PUT", `/api/whatsapp/${ok.body.id}`, { token: env.token, body: { settings: { botToken: "0987654321:xyz" } } });
  t2.equal(put.status, 200);
  t2.same(saved[1], { companyId: 1, whatsappId: ok.body.id, values: { botToken: "0987654321:xyz" }, isNew: false }, "a PUT hands over what it sent");
  const renamed = await env.request("PUT", `/api/whatsapp/${ok.body.id}`, { token: env.token, body: { name: "Probe 2" } });
  t2.equal(renamed.status, 200, "settings are not required again on a PUT");
  t2.equal(saved.length, 2);
  const sandbox = await env.request("POST", "/api/whatsapp", { token: env.token, body: { name: "Sand", provider: "sandbox", settings: { a: 1 } } });
  t2.same([sandbox.status, sandbox.body.error], [400, "ERR_VALIDATION"], "a kind without settings takes none");
});
