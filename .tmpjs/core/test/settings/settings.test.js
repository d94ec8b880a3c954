import t from "tap";
import { build } from "../helper.js";
import { Company, Setting } from "../../src/db/models/index.js";
import { readBillingConfig } from "../../src/domains/billing/config.js";
const valueOf = (list, key) => list.find((s) => s.key === key)?.value;
t.test("any user of a company reads its settings, defaults included", async (t2) => {
  const { request, createTenant, createUser } = await build(t2);
  const tenant = await createTenant("Reader");
  const user = await createUser(tenant.companyId);
  const res = await request("GET", "/api/settings", { token: user.token });
  t2.equal(res.status, 200);
  t2.equal(valueOf(res.body, "scheduleType"), "disabled");
  t2.equal(valueOf(res.body, "chatBotType"), "text");
});
t.test("an admin changes a setting; the change is read back at once and announced", async (t2) => {
  const { request, createTenant, app } = await build(t2);
  const tenant = await createTenant("Writer");
  const token = tenant.admin.token;
  const events = [];
  const emit = app.bus.emit;
  app.bus.emit = (companyId, event, payload, room) => {
    events.push({ companyId, event, payload });
    return emit.call(app.bus, companyId, event, payload, room);
  };
  t2.teardown(() => {
    app.bus.emit = emit;
  });
  await request("GET", "/api/settings", { token });
  const res = await request("PUT", "/api/settings/userRating", { token, body: { value: "enabled" } });
  t2.equal(res.status, 200);
  t2.same(res.body, { key: "userRating", value: "enabled" });
  t2.equal(valueOf((await request("GET", "/api/settings", { token })).body, "userRating"), "enabled");
  t2.match(events, [{ companyId: tenant.companyId, event: "settings", payload: { action: "update", setting: { key: "userRating", value: "enabled" } } }]);
});
t.test("a setting changed by one company does not change another company", async (t2) => {
  const { request, createTenant, token } = await build(t2);
  const tenant = await createTenant("Other");
  await request("PUT", "/api/settings/scheduleType", { token: tenant.admin.token, body: { value: "company" } });
  t2.equal(valueOf((await request("GET", "/api/settings", { token })).body, "scheduleType"), "disabled");
});
t.test("a non-admin user cannot change settings", async (t2) => {
  const { request, createTenant, createUser } = await build(t2);
  const tenant = await createTenant("Plain");
  const user = await createUser(tenant.companyId);
  const res = await request("PUT", "/api/settings/userRating", { token: user.token, body: { value: "enabled" } });
  t2.equal(res.status, 403);
  t2.equal(res.body.error, "ERR_NO_PERMISSION");
});
t.test("an unknown key is 404 ERR_NO_SETTING_FOUND; a value outside the key's choices is refused", async (t2) => {
  const { request, createTenant } = await build(t2);
  const { admin } = await createTenant("Strict");
  const unknown = await request("PUT", "/api/settings/noSuchKey", { token: admin.token, body: { value: "enabled" } });
  t2.equal(unknown.status, 404);
  t2.equal(unknown.body.error, "ERR_NO_SETTING_FOUND");
  for (const [key, value] of [["userRating", "yes"], ["scheduleType", "always"], ["chatBotType", "buttons"], ["campaignsEnabled", "enabled"]]) {
    const res = await request("PUT", `/api/settings/${key}`, { token: admin.token, body: { value } });
    t2.equal(res.status, 400, `${key}=${value}`);
    t2.equal(res.body.error, "ERR_INVALID_SETTING_VALUE");
  }
  t2.equal((await request("PUT", "/api/settings/scheduleType", { token: admin.token, body: { value: "queue" } })).status, 200);
});
t.test("campaignsEnabled is mirrored on the company; the payment token is the super user's only", async (t2) => {
  const { request, createTenant, token } = await build(t2);
  const { admin, companyId } = await createTenant("Mirror");
  t2.equal((await request("PUT", "/api/settings/campaignsEnabled", { token: admin.token, body: { value: "false" } })).status, 200);
  t2.equal((await Company.query().findById(companyId)).campaignsEnabled, false);
  t2.equal((await request("PUT", "/api/settings/asaas", { token: admin.token, body: { value: "tok" } })).status, 403);
  t2.equal((await request("PUT", "/api/settings/asaas", { token, body: { value: "secret-token" } })).status, 200);
  t2.equal(valueOf((await request("GET", "/api/settings", { token })).body, "asaas"), "\u2022\u2022\u2022\u2022\u2022\u2022\u2022\u2022", "masked even for the super user");
});
t.test("the Asaas keys are sealed at rest, masked in every answer and on the bus, kept when their mask comes back", async (t2) => {
  const { app, request, token, companyId } = await build(t2);
  const apiKey = "$aact_prod_000000000000000000secretKEY1";
  const frames = [];
  const emit = app.bus.emit.bind(app.bus);
  app.bus.emit = (c, e, p, r) => {
    frames.push(JSON.stringify(p));
    return emit(c, e, p, r);
  };
  t2.teardown(() => {
    app.bus.emit = emit;
  });
  const saved = await request("PUT", "/api/settings/asaas", { token, body: { value: apiKey } });
  t2.equal(saved.status, 200);
  const mask = app.atrium.secrets.mask(apiKey);
  t2.equal(saved.body.value, mask, "the PUT answer is masked");
  t2.notOk(mask.includes("secretKEY"), "the mask shows only the last characters");
  t2.equal(valueOf((await request("GET", "/api/settings", { token })).body, "asaas"), mask, "GET /settings masks it");
  const stored = (await Setting.scoped(companyId).findOne({ key: "asaas" })).value;
  t2.ok(app.atrium.secrets.isEncrypted(stored), "sealed at rest");
  t2.notOk(stored.includes("secretKEY"));
  t2.equal((await request("PUT", "/api/settings/asaas", { token, body: { value: mask } })).status, 200, "the console re-saves the mask");
  t2.equal((await readBillingConfig(app)).asaas.apiKey, apiKey, "the stored key is kept and the gateway reads it in clear");
  await request("PUT", "/api/settings/asaasWebhookToken", { token, body: { value: "whsec-0000000000000000-hook" } });
  t2.equal((await readBillingConfig(app)).asaas.webhookToken, "whsec-0000000000000000-hook");
  t2.ok(frames.length >= 3, "the changes were announced");
  t2.notOk(frames.some((f) => f.includes("secretKEY") || f.includes("-hook")), "no bus frame carries a key");
});
