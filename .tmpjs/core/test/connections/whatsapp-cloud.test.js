import t from "tap";
import { createServer } from "node:net";
import { build } from "../helper.js";
import { Contact, Message, Ticket, Whatsapp } from "../../src/db/models/index.js";
import { WhatsappCloud } from "../../src/messaging/providers/cloud/settings.js";
import { toDbTime } from "../../src/db/time.js";
import { AppError } from "../../src/http/errors.js";
import { BUILT_IN_CAPABILITIES } from "../../src/messaging/providers/registry.js";
import { fakeGraph, FAKE_PHONE_ID, FAKE_TOKEN, FAKE_VERSION, FAKE_WABA_ID } from "./fake-graph.js";
import { APP_SECRET, VERIFY_TOKEN, cloudConnection, delivery, post, sign, textFrom as cloudText } from "./cloud-env.js";
import { until } from "./util.js";
const CUSTOMER = "5511987650001";
const textFrom = (id, body, from = CUSTOMER) => cloudText(id, body, from);
t.test("webhook verification answers the challenge only for the verify token", async (t2) => {
  const graph = await fakeGraph(t2);
  const env = await build(t2, { config: { allowPrivateUrls: true } });
  const id = await cloudConnection(t2, env, graph);
  const ok = await env.app.inject({ method: "GET", url: `/api/whatsapp-cloud/${id}/webhook`, query: { "hub.mode": "subscribe", "hub.verify_token": VERIFY_TOKEN, "hub.challenge": "1158201444" } });
  t2.equal(ok.statusCode, 200);
  t2.equal(ok.body, "1158201444", "the challenge comes back as plain text");
  t2.match(ok.headers["content-type"], /text\/plain/);
  const wrong = await env.app.inject({ method: "GET", url: `/api/whatsapp-cloud/${id}/webhook`, query: { "hub.mode": "subscribe", "hub.verify_token": "nope", "hub.challenge": "1" } });
  t2.equal(wrong.statusCode, 403);
  const missing = await env.app.inject({ method: "GET", url: `/api/whatsapp-cloud/${id}/webhook`, query: { "hub.mode": "subscribe", "hub.challenge": "1" } });
  t2.equal(missing.statusCode, 403);
  const unknown = await env.app.inject({ method: "GET", url: `/api/whatsapp-cloud/999999/webhook`, query: { "hub.mode": "subscribe", "hub.verify_token": VERIFY_TOKEN, "hub.challenge": "1" } });
  t2.equal(unknown.statusCode, 403, "an unknown connection is refused the same way");
});
t.test("deliveries: signature checked on the raw body; inbound opens a ticket once; statuses become acks", async (t2) => {
  const graph = await fakeGraph(t2);
  const env = await build(t2, { config: { allowPrivateUrls: true } });
  const id = await cloudConnection(t2, env, graph);
  const raw = textFrom("wamid.IN1", "Ol\xE1, preciso de ajuda");
  t2.equal((await post(env, id, raw)).status, 401, "no signature: 401");
  t2.equal((await post(env, id, raw, sign(raw, "another-secret"))).status, 401, "signed with another secret: 401");
  t2.equal((await post(env, id, raw, sign(raw.replace("ajuda", "AJUDA")))).status, 401, "a signature of other bytes: 401");
  t2.equal((await post(env, id, ` ${raw}`, sign(raw))).status, 401, "the same JSON with other bytes: 401");
  t2.equal(await Message.scoped(1).where({ whatsappId: id }).resultSize(), 0, "nothing stored on a refused delivery");
  t2.equal(await Contact.scoped(1).where({ number: CUSTOMER }).resultSize(), 0, "no contact either");
  const accepted = await post(env, id, raw, sign(raw));
  t2.same([accepted.status, accepted.body], [200, { received: true }]);
  const stored = await until(async () => Message.scoped(1).where({ whatsappId: id, providerId: "wamid.IN1" }).first(), 5e3, "inbound stored");
  t2.equal(stored.body, "Ol\xE1, preciso de ajuda");
  t2.equal(stored.fromMe, false);
  const ticket = await Ticket.scoped(1).findById(stored.ticketId);
  t2.equal(ticket.status, "pending", "a ticket is opened for the customer");
  const contact = await Contact.scoped(1).findById(ticket.contactId);
  t2.same([contact.number, contact.name], [CUSTOMER, "Maria Cloud"]);
  t2.equal((await post(env, id, raw, sign(raw))).status, 200);
  t2.equal((await post(env, id, raw, sign(raw))).status, 200);
  t2.equal(await Message.scoped(1).where({ whatsappId: id, providerId: "wamid.IN1" }).resultSize(), 1, "a redelivery is stored once");
  const sent = await env.request("POST", `/api/messages/${ticket.id}`, { token: env.token, body: { body: "Claro! Como posso ajudar?" } });
  t2.equal(sent.status, 200);
  const out = await until(async () => {
    const m = await Message.scoped(1).where({ ticketId: ticket.id, fromMe: true }).first();
    return m?.status === "sent" ? m : void 0;
  }, 5e3, "sent");
  t2.equal(out.providerId, "wamid.OUT1");
  const call = graph.calls.find((c) => c.method === "POST" && c.path === `/${FAKE_VERSION}/${FAKE_PHONE_ID}/messages`);
  t2.equal(call.authorization, `Bearer ${FAKE_TOKEN}`);
  t2.same(call.json, { messaging_product: "whatsapp", recipient_type: "individual", to: CUSTOMER, type: "text", text: { body: "Claro! Como posso ajudar?" } });
  const status = (s, extra = {}) => delivery({ statuses: [{ id: "wamid.OUT1", status: s, timestamp: "1700000000", recipient_id: CUSTOMER, ...extra }] });
  for (const [s, ack] of [["delivered", 3], ["read", 4], ["sent", 4]]) {
    const raw2 = status(s);
    t2.equal((await post(env, id, raw2, sign(raw2))).status, 200);
    await until(async () => (await Message.scoped(1).findById(out.id))?.ack === ack, 3e3, `ack ${ack} after ${s}`);
  }
  t2.equal((await Message.scoped(1).findById(out.id)).ack, 4, 'a late "sent" does not lower the ack');
  await env.request("POST", `/api/messages/${ticket.id}`, { token: env.token, body: { body: "segunda" } });
  const second = await until(async () => Message.scoped(1).where({ providerId: "wamid.OUT2" }).first(), 5e3, "second sent");
  const failedRaw = delivery({ statuses: [{ id: "wamid.OUT2", status: "failed", timestamp: "1700000001", recipient_id: CUSTOMER, errors: [{ code: 131026, title: "Message undeliverable" }] }] });
  t2.equal((await post(env, id, failedRaw, sign(failedRaw))).status, 200);
  const failed = await until(async () => {
    const m = await Message.scoped(1).findById(second.id);
    return m?.status === "failed" ? m : void 0;
  }, 3e3, "failed");
  t2.match(failed.error, /131026 Message undeliverable/);
});
t.test("inbound media is downloaded through the Graph API with the token; interactive answers become text", async (t2) => {
  const graph = await fakeGraph(t2);
  const env = await build(t2, { config: { allowPrivateUrls: true } });
  const id = await cloudConnection(t2, env, graph);
  graph.media.set("media-77", { data: Buffer.from("\x89PNG fake image bytes"), mimetype: "image/png" });
  const raw = delivery({
    contacts: [{ profile: { name: "Maria Cloud" }, wa_id: CUSTOMER }],
    messages: [
      { from: CUSTOMER, id: "wamid.IMG1", timestamp: "1700000000", type: "image", image: { id: "media-77", mime_type: "image/png", caption: "veja" } },
      { from: CUSTOMER, id: "wamid.BTN1", timestamp: "1700000001", type: "interactive", interactive: { type: "button_reply", button_reply: { id: "opt-2", title: "Suporte" } } }
    ]
  });
  t2.equal((await post(env, id, raw, sign(raw))).status, 200);
  const image = await until(async () => Message.scoped(1).where({ providerId: "wamid.IMG1" }).first(), 5e3, "image stored");
  t2.equal(image.mediaType, "image");
  t2.equal(image.body, "veja");
  t2.ok(image.mediaUrl, "the media is stored and has a URL");
  t2.ok(graph.calls.some((c) => c.path === "/download/media-77" && c.authorization === `Bearer ${FAKE_TOKEN}`), "downloaded with the token");
  const button = await until(async () => Message.scoped(1).where({ providerId: "wamid.BTN1" }).first(), 5e3, "button stored");
  t2.equal(button.body, "Suporte", "the bots see the button title");
});
t.test("the 24-hour window: a free-form send outside it is refused before storing; templates are listed and sent", async (t2) => {
  const graph = await fakeGraph(t2);
  const env = await build(t2, { config: { allowPrivateUrls: true } });
  const id = await cloudConnection(t2, env, graph);
  const raw = textFrom("wamid.IN9", "oi");
  await post(env, id, raw, sign(raw));
  const inbound = await until(async () => Message.scoped(1).where({ providerId: "wamid.IN9" }).first(), 5e3, "inbound");
  const ticketId = inbound.ticketId;
  let window = await env.request("GET", `/api/whatsapp-cloud/tickets/${ticketId}/window`, { token: env.token });
  t2.match(window.body, { cloud: true, open: true });
  await Message.scoped(1).findById(inbound.id).patch({ createdAt: toDbTime(new Date(Date.now() - 25 * 36e5)) });
  window = await env.request("GET", `/api/whatsapp-cloud/tickets/${ticketId}/window`, { token: env.token });
  t2.match(window.body, { cloud: true, open: false });
  const before = await Message.scoped(1).where({ ticketId }).resultSize();
  const refused = await env.request("POST", `/api/messages/${ticketId}`, { token: env.token, body: { body: "ainda a\xED?" } });
  t2.equal(refused.status, 400);
  t2.equal(refused.body.error, "ERR_OUTSIDE_SERVICE_WINDOW");
  t2.equal(await Message.scoped(1).where({ ticketId }).resultSize(), before, "nothing stored");
  t2.equal(graph.sent().length, 0, "nothing sent to Meta");
  const list = await env.request("GET", `/api/whatsapp-cloud/${id}/templates`, { token: env.token });
  t2.equal(list.status, 200);
  t2.same(list.body.templates.map((x) => [x.name, x.status, x.variables]), [["order_update", "APPROVED", 2], ["promo_draft", "PENDING", 0]]);
  const notApproved = await env.request("POST", `/api/whatsapp-cloud/tickets/${ticketId}/template`, { token: env.token, body: { name: "promo_draft", language: "en_US" } });
  t2.equal(notApproved.body.error, "ERR_TEMPLATE_NOT_APPROVED");
  const wrongCount = await env.request("POST", `/api/whatsapp-cloud/tickets/${ticketId}/template`, { token: env.token, body: { name: "order_update", language: "pt_BR", parameters: ["Ana"] } });
  t2.equal(wrongCount.body.error, "ERR_TEMPLATE_PARAMETERS");
  const sent = await env.request("POST", `/api/whatsapp-cloud/tickets/${ticketId}/template`, { token: env.token, body: { name: "order_update", language: "pt_BR", parameters: ["Ana", "#42"] } });
  t2.equal(sent.status, 200);
  t2.equal(sent.body.message.body, "Ol\xE1 Ana, seu pedido #42 saiu.", "the ticket shows the template as the customer reads it");
  t2.same(graph.sent()[0], {
    messaging_product: "whatsapp",
    recipient_type: "individual",
    to: CUSTOMER,
    type: "template",
    template: { name: "order_update", language: { code: "pt_BR" }, components: [{ type: "body", parameters: [{ type: "text", text: "Ana" }, { type: "text", text: "#42" }] }] }
  });
  await until(async () => (await Message.scoped(1).findById(sent.body.message.id))?.status === "sent", 3e3, "template sent");
  const fresh = textFrom("wamid.IN10", "voltei");
  await post(env, id, fresh, sign(fresh));
  await until(async () => Message.scoped(1).where({ providerId: "wamid.IN10" }).first(), 5e3, "inbound again");
  graph.failNextSend(400, { code: 131047, message: "Re-engagement message" });
  const out = await env.request("POST", `/api/messages/${ticketId}`, { token: env.token, body: { body: "agora sim" } });
  t2.equal(out.status, 200, "inside the window again: the send is taken");
  const failed = await until(async () => {
    const m = await Message.scoped(1).where({ ticketId, body: "agora sim" }).first();
    return m?.status === "failed" ? m : void 0;
  }, 5e3, "failed by Meta");
  t2.match(failed.error, /^ERR_OUTSIDE_SERVICE_WINDOW/);
  graph.failNextSend(401, { code: 190, message: "Error validating access token: Session has expired" });
  await env.request("POST", `/api/messages/${ticketId}`, { token: env.token, body: { body: "token velho" } });
  const expired = await until(async () => {
    const m = await Message.scoped(1).where({ ticketId, body: "token velho" }).first();
    return m?.status === "failed" ? m : void 0;
  }, 5e3, "failed by the token");
  t2.match(expired.error, /^ERR_CLOUD_TOKEN_INVALID/);
  const down = await until(async () => {
    const w = await Whatsapp.scoped(1).findById(id);
    return w?.status === "DISCONNECTED" ? w : void 0;
  }, 3e3, "DISCONNECTED");
  t2.equal(down.statusReason, "ERR_CLOUD_TOKEN_INVALID", "the connection says the token expired");
});
t.test("secrets are sealed at rest and masked; another company gets 404 on the cloud routes", async (t2) => {
  const graph = await fakeGraph(t2);
  const env = await build(t2, { config: { allowPrivateUrls: true } });
  const id = await cloudConnection(t2, env, graph);
  const row = await WhatsappCloud.scoped(1).where({ whatsappId: id }).first();
  for (const column of ["accessToken", "appSecret", "verifyToken"]) t2.match(row[column], /^enc:v1:/, `${column} sealed`);
  const settings = await env.request("GET", `/api/whatsapp-cloud/${id}/settings`, { token: env.token });
  t2.equal(settings.status, 200);
  t2.notOk(JSON.stringify(settings.body).includes(FAKE_TOKEN), "no clear token in the answer");
  t2.notOk(JSON.stringify(settings.body).includes(APP_SECRET), "no clear app secret in the answer");
  t2.same([settings.body.phoneNumberId, settings.body.baseUrl, settings.body.graphVersion], [FAKE_PHONE_ID, graph.url, "v23.0"]);
  const again = await env.request("PUT", `/api/whatsapp-cloud/${id}/settings`, { token: env.token, body: { ...settings.body, whatsappId: void 0, configured: void 0, webhookPath: void 0, graphVersion: "v24.0" } });
  t2.equal(again.status, 200);
  const kept = await WhatsappCloud.scoped(1).where({ whatsappId: id }).first();
  t2.equal(kept.accessToken, row.accessToken, "the token is kept");
  t2.equal(kept.graphVersion, "v24.0");
  const raw = textFrom("wamid.X1", "oi");
  await post(env, id, raw, sign(raw));
  const inbound = await until(async () => Message.scoped(1).where({ providerId: "wamid.X1" }).first(), 5e3, "inbound");
  const other = await env.createTenant("Other");
  const as = { token: other.admin.token };
  t2.equal((await env.request("GET", `/api/whatsapp-cloud/${id}/settings`, as)).body.error, "ERR_NO_WAPP_FOUND");
  const put = await env.request("PUT", `/api/whatsapp-cloud/${id}/settings`, { ...as, body: { phoneNumberId: "1", wabaId: "2", accessToken: "x", appSecret: "y", verifyToken: "z" } });
  t2.same([put.status, put.body.error], [404, "ERR_NO_WAPP_FOUND"]);
  t2.equal((await env.request("GET", `/api/whatsapp-cloud/${id}/templates`, as)).status, 404);
  t2.equal((await env.request("GET", `/api/whatsapp-cloud/tickets/${inbound.ticketId}/window`, as)).status, 404);
  const tpl = await env.request("POST", `/api/whatsapp-cloud/tickets/${inbound.ticketId}/template`, { ...as, body: { name: "order_update", language: "pt_BR", parameters: ["a", "b"] } });
  t2.equal(tpl.status, 404);
  t2.equal((await WhatsappCloud.scoped(1).where({ whatsappId: id }).first()).phoneNumberId, FAKE_PHONE_ID, "the other company changed nothing");
});
t.test("a rate-limited send waits for the time Meta asks and is tried again by a durable job, not failed", async (t2) => {
  const graph = await fakeGraph(t2);
  const env = await build(t2, { config: { allowPrivateUrls: true } });
  const id = await cloudConnection(t2, env, graph);
  const raw = textFrom("wamid.RL1", "oi");
  await post(env, id, raw, sign(raw));
  const inbound = await until(async () => Message.scoped(1).where({ providerId: "wamid.RL1" }).first(), 5e3, "inbound");
  graph.failNextSend(400, { code: 130429, message: "Rate limit hit" }, { "retry-after": "1" });
  const out = await env.request("POST", `/api/messages/${inbound.ticketId}`, { token: env.token, body: { body: "j\xE1 volto" } });
  t2.equal(out.status, 200, "the send is taken");
  const waiting = await until(async () => Message.scoped(1).where({ ticketId: inbound.ticketId, body: "j\xE1 volto" }).first(), 3e3, "stored");
  t2.equal(waiting.status, "sending", "limited by Meta: still sending, not failed");
  if (!process.env.TEST_REDIS_URL) t2.ok(await env.app.knex("jobs").where({ name: "messages.redeliver" }).first(), "the retry is a durable job");
  const sent = await until(async () => {
    const m = await Message.scoped(1).findById(waiting.id);
    return m?.status === "sent" ? m : void 0;
  }, 8e3, "sent on the retry");
  t2.equal(sent.providerId, "wamid.OUT1", "the retry reached Meta");
  t2.same(graph.sent().map((m) => m.text?.body), ["j\xE1 volto", "j\xE1 volto"], "refused once, taken once");
  graph.failNextSend(400, { code: 131056, message: "(Business Account, Consumer Account) pair rate limit hit" });
  await env.request("POST", `/api/messages/${inbound.ticketId}`, { token: env.token, body: { body: "de novo" } });
  const pair = await until(async () => {
    const m = await Message.scoped(1).where({ ticketId: inbound.ticketId, body: "de novo" }).first();
    return m && graph.sent().length === 3 ? m : void 0;
  }, 3e3, "refused");
  t2.equal((await Message.scoped(1).findById(pair.id)).status, "sending", "waiting, not failed");
});
t.test("the wait of a rate-limited send: Retry-After in seconds or as a date, else a growing one, within bounds", async (t2) => {
  const { rateLimitWait } = await import("../../src/messaging/outbound.js");
  t2.equal(rateLimitWait("30", 0), 3e4);
  t2.equal(rateLimitWait((/* @__PURE__ */ new Date(1e6 + 12e4)).toUTCString(), 0, 1e6), 12e4);
  t2.equal(rateLimitWait(void 0, 0), 15e3);
  t2.equal(rateLimitWait(null, 2), 6e4);
  t2.equal(rateLimitWait("0", 0), 1e3, "never sooner than a second");
  t2.equal(rateLimitWait("999999", 0), 36e5, "never later than an hour");
});
t.test("an unknown provider kind is refused; a token Meta refuses leaves the connection disconnected with the reason", async (t2) => {
  const graph = await fakeGraph(t2);
  const env = await build(t2, { config: { allowPrivateUrls: true } });
  const bad = await env.request("POST", "/api/whatsapp", { token: env.token, body: { name: "Nope", provider: "carrier-pigeon" } });
  t2.same([bad.status, bad.body.error], [400, "ERR_UNKNOWN_PROVIDER"]);
  const created = await env.request("POST", "/api/whatsapp", {
    token: env.token,
    body: { name: "Cloud bad token", provider: "cloud", cloud: { phoneNumberId: FAKE_PHONE_ID, wabaId: FAKE_WABA_ID, accessToken: "expired", appSecret: APP_SECRET, verifyToken: VERIFY_TOKEN, baseUrl: graph.url } }
  });
  const id = created.body.id;
  t2.equal((await Whatsapp.scoped(1).findById(id)).status, "DISCONNECTED", "token refused (190): not connected, no crash loop");
  t2.ok(graph.calls.some((c) => c.authorization === "Bearer expired"), "the token was tried");
  const shown = await env.request("GET", `/api/whatsapp/${id}`, { token: env.token });
  t2.same([shown.body.status, shown.body.statusReason], ["DISCONNECTED", "ERR_CLOUD_TOKEN_INVALID"], "the connection says why it is down");
  const listed = await env.request("GET", "/api/whatsapp", { token: env.token });
  t2.equal(listed.body.find((c) => c.id === id)?.statusReason, "ERR_CLOUD_TOKEN_INVALID", "in the list too");
  await env.request("PUT", `/api/whatsapp-cloud/${id}/settings`, { token: env.token, body: { phoneNumberId: FAKE_PHONE_ID, wabaId: FAKE_WABA_ID, accessToken: FAKE_TOKEN, appSecret: APP_SECRET, verifyToken: VERIFY_TOKEN, baseUrl: graph.url } });
  await until(async () => (await Whatsapp.scoped(1).findById(id))?.status === "CONNECTED", 5e3, "CONNECTED");
  t2.equal((await Whatsapp.scoped(1).findById(id)).statusReason, null, "no reason once connected");
});
t.test("a Cloud API connection is created with its settings in one step, or not at all", async (t2) => {
  const graph = await fakeGraph(t2);
  const env = await build(t2, { config: { allowPrivateUrls: true } });
  const settings = { phoneNumberId: FAKE_PHONE_ID, wabaId: FAKE_WABA_ID, accessToken: FAKE_TOKEN, appSecret: APP_SECRET, verifyToken: VERIFY_TOKEN, baseUrl: graph.url };
  const create = (name, cloud) => env.request("POST", "/api/whatsapp", { token: env.token, body: { name, provider: "cloud", ...cloud ? { cloud } : {} } });
  const named = (name) => Whatsapp.scoped(1).where({ name }).resultSize();
  const bare = await create("Cloud sem dados");
  t2.same([bare.status, bare.body.error, bare.body.field], [400, "ERR_CLOUD_SETTINGS_REQUIRED", "cloud"], "no settings: refused");
  t2.equal(await named("Cloud sem dados"), 0, "and no connection is left behind");
  const invalid = await create("Cloud inv\xE1lida", { ...settings, phoneNumberId: "" });
  t2.same([invalid.status, invalid.body.error], [400, "ERR_VALIDATION"], "an invalid field: refused");
  t2.equal(await named("Cloud inv\xE1lida"), 0, "nothing created");
  const noToken = await create("Cloud inv\xE1lida", { ...settings, accessToken: void 0 });
  t2.equal(noToken.status, 400, "a missing field: refused");
  t2.equal(await named("Cloud inv\xE1lida"), 0, "nothing created");
  const saved = await create("Cloud inv\xE1lida", settings);
  t2.equal(saved.status, 200, "the completed form creates it");
  const stored = await WhatsappCloud.scoped(1).where({ whatsappId: saved.body.id }).first();
  t2.equal(stored?.phoneNumberId, FAKE_PHONE_ID, "with its settings");
  t2.not(stored?.accessToken, FAKE_TOKEN, "the token sealed at rest");
  await until(async () => (await Whatsapp.scoped(1).findById(saved.body.id))?.status === "CONNECTED", 5e3, "CONNECTED");
  const shown = await env.request("GET", `/api/whatsapp-cloud/${saved.body.id}/settings`, { token: env.token });
  t2.same([shown.body.configured, shown.body.webhookPath], [true, `/api/whatsapp-cloud/${saved.body.id}/webhook`]);
  const other = await env.createTenant("Outra");
  t2.equal((await env.request("GET", `/api/whatsapp-cloud/${saved.body.id}/settings`, { token: other.admin.token })).status, 404);
});
t.test("a connection down for an unreachable Graph API says which address, every placeholder of its text filled", async (t2) => {
  const env = await build(t2, { config: { allowPrivateUrls: true } });
  const closed = await new Promise((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const port = s.address().port;
      s.close(() => resolve(port));
    });
  });
  const created = await env.request("POST", "/api/whatsapp", {
    token: env.token,
    body: { name: "Cloud fora do ar", provider: "cloud", cloud: { phoneNumberId: FAKE_PHONE_ID, wabaId: FAKE_WABA_ID, accessToken: FAKE_TOKEN, appSecret: APP_SECRET, verifyToken: VERIFY_TOKEN, baseUrl: `http://127.0.0.1:${closed}` } }
  });
  t2.equal(created.status, 200);
  const shown = await until(async () => {
    const r = await env.request("GET", `/api/whatsapp/${created.body.id}`, { token: env.token });
    return r.body.statusReason ? r.body : void 0;
  }, 5e3, "a reason");
  t2.same([shown.status, shown.statusReason, shown.statusReasonParams?.origin], ["DISCONNECTED", "ERR_HTTP_NETWORK", `http://127.0.0.1:${closed}`]);
  const en = (await import("../../../host-web/src/i18n/locales/errors/en.js")).default;
  const named = [...en.errors[shown.statusReason].matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]);
  t2.ok(named.length > 0 && named.every((p) => p in shown.statusReasonParams), `the text's placeholders (${named.join(", ")}) are all given`);
});
t.test("outbound media is uploaded to the Graph media endpoint, then sent by its id with the caption", async (t2) => {
  const graph = await fakeGraph(t2);
  const env = await build(t2, { config: { allowPrivateUrls: true } });
  const id = await cloudConnection(t2, env, graph);
  const raw = textFrom("wamid.M1", "manda a foto");
  await post(env, id, raw, sign(raw));
  const inbound = await until(async () => Message.scoped(1).where({ providerId: "wamid.M1" }).first(), 5e3, "inbound");
  const boundary = "cloudtestboundary";
  const png = Buffer.from("\x89PNG\r\n\n fake png");
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r
Content-Disposition: form-data; name="body"\r
\r
aqui est\xE1\r
`),
    Buffer.from(`--${boundary}\r
Content-Disposition: form-data; name="medias"; filename="foto.png"\r
Content-Type: image/png\r
\r
`),
    png,
    Buffer.from(`\r
--${boundary}--\r
`)
  ]);
  const res = await env.app.inject({
    method: "POST",
    url: `/api/messages/${inbound.ticketId}`,
    payload,
    headers: { authorization: `Bearer ${env.token}`, "content-type": `multipart/form-data; boundary=${boundary}` }
  });
  t2.equal(res.statusCode, 200);
  await until(() => graph.sent().length === 1, 5e3, "sent");
  const upload = graph.calls.find((c) => c.path === `/${FAKE_VERSION}/${FAKE_PHONE_ID}/media`);
  t2.match(upload.contentType, /^multipart\/form-data; boundary=/);
  t2.ok(upload.body.includes(png), "the file bytes were uploaded");
  t2.ok(upload.body.includes('name="messaging_product"\r\n\r\nwhatsapp'), "with messaging_product");
  t2.same(graph.sent()[0], { messaging_product: "whatsapp", recipient_type: "individual", to: CUSTOMER, type: "image", image: { id: "up-1", caption: "aqui est\xE1" } });
});
t.test("message actions on the Cloud API: a reaction goes to Meta, an edit is refused with the reason", async (t2) => {
  const graph = await fakeGraph(t2);
  const env = await build(t2, { config: { allowPrivateUrls: true } });
  const id = await cloudConnection(t2, env, graph);
  const raw = textFrom("wamid.R1", "obrigado!");
  await post(env, id, raw, sign(raw));
  const inbound = await until(async () => Message.scoped(1).where({ providerId: "wamid.R1" }).first(), 5e3, "inbound");
  await env.request("PUT", `/api/tickets/${inbound.ticketId}`, { token: env.token, body: { status: "open", userId: 1 } });
  const reacted = await env.request("POST", `/api/messages/react/${inbound.id}`, { token: env.token, body: { emoji: "\u{1F44D}" } });
  t2.equal(reacted.status, 200, JSON.stringify(reacted.body));
  await until(() => graph.sent().length === 1, 5e3, "reaction sent");
  t2.same(graph.sent()[0], { messaging_product: "whatsapp", recipient_type: "individual", to: CUSTOMER, type: "reaction", reaction: { message_id: "wamid.R1", emoji: "\u{1F44D}" } });
  const sent = await env.request("POST", `/api/messages/${inbound.ticketId}`, { token: env.token, body: { body: "de nada" } });
  t2.equal(sent.status, 200);
  await until(() => graph.sent().length === 2, 5e3, "text sent");
  const mine = await until(async () => Message.scoped(1).where({ ticketId: inbound.ticketId, fromMe: true }).whereNotNull("providerId").first(), 5e3, "stored with its id");
  const edit = await env.request("POST", `/api/messages/edit/${mine.id}`, { token: env.token, body: { body: "de nada!" } });
  t2.equal(edit.body.error, "ERR_EDIT_WAPP_MSG", "the Cloud API cannot edit: said so, and the message is unchanged");
  t2.equal((await Message.scoped(1).findById(mine.id)).body, "de nada");
});
t.test("a provider a plugin registers through sdk.providers drives its connections like a built-in one", async (t2) => {
  const env = await build(t2);
  const started = [];
  const received = [];
  env.app.atrium.providers.register("probe", {
    create: (ctx) => ({
      async start() {
        started.push(ctx.whatsappId);
        await ctx.events.onStatus("CONNECTED", { number: "5511000000001" });
      },
      async requestNewQr() {
      },
      async stop() {
      },
      async send() {
        return { providerId: `probe-${Date.now()}`, ack: 1 };
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
      },
      async receive(text) {
        received.push(text);
        await ctx.events.onMessage({ providerId: "probe-in-1", from: "5511912340000", fromMe: false, isGroup: false, kind: "text", body: text, timestamp: /* @__PURE__ */ new Date() });
      }
    }),
    capabilities: BUILT_IN_CAPABILITIES.sandbox,
    beforeSend: ({ to }) => {
      if (to.endsWith("0000")) throw new AppError("ERR_OUTSIDE_SERVICE_WINDOW", 400, "closed");
    },
    operations: { deliver: async (provider, [text]) => provider.receive(text) }
  });
  t2.throws(() => env.app.atrium.providers.register("probe", { create: () => {
    throw new Error("x");
  }, capabilities: BUILT_IN_CAPABILITIES.sandbox }), /already registered/, "a kind is registered once");
  t2.throws(() => env.app.atrium.providers.register("sandbox", { create: () => {
    throw new Error("x");
  }, capabilities: BUILT_IN_CAPABILITIES.sandbox }), /already registered/, "a built-in kind cannot be taken");
  const created = await env.request("POST", "/api/whatsapp", { token: env.token, body: { name: "Probe channel", provider: "probe" } });
  t2.equal(created.status, 200, "POST /whatsapp takes the registered kind");
  await until(async () => (await Whatsapp.scoped(1).findById(created.body.id))?.status === "CONNECTED", 5e3, "CONNECTED");
  t2.same(started, [created.body.id]);
  await env.app.atrium.providers.run(created.body.id, "probe.deliver", ["hello from the probe"]);
  const message = await until(async () => Message.scoped(1).where({ whatsappId: created.body.id, providerId: "probe-in-1" }).first(), 5e3, "stored");
  t2.equal(message.body, "hello from the probe", "its messages reach the pipeline");
  const refused = await env.request("POST", `/api/messages/${message.ticketId}`, { token: env.token, body: { body: "hi" } });
  t2.same([refused.status, refused.body.error], [400, "ERR_OUTSIDE_SERVICE_WINDOW"], "its beforeSend rule refuses before storing");
  t2.equal(await Message.scoped(1).where({ ticketId: message.ticketId, fromMe: true }).resultSize(), 0);
});
