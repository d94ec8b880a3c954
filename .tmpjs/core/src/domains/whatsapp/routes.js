import { Type } from "@sinclair/typebox";
import { Value } from "@sinclair/typebox/value";
import { Whatsapp } from "../../db/models/index.js";
import { badRequest, conflict, notFound } from "../../http/errors.js";
import { IdParams, Name, OkReply } from "../../http/schemas.js";
import { BUILT_IN_KINDS, PROVIDER_KIND_PATTERN } from "../../messaging/providers/registry.js";
import { ConnectionView as Connection } from "./schemas.js";
import { SettingsBody } from "../whatsapp-cloud/schemas.js";
import { cloudSettingsValues } from "../whatsapp-cloud/settings-values.js";
import { CLOUD_KIND } from "../../messaging/providers/cloud/index.js";
import { WhatsappCloud } from "../../messaging/providers/cloud/settings.js";
import { connectionJson, loadConnection } from "./serialize.js";
import {
  assertGreeting,
  assertNameFree,
  columnsOf,
  connectionRefs,
  makeOnlyDefault,
  newToken,
  setQueues
} from "./service.js";
const Text = Type.Union([Type.String({ maxLength: 1e4 }), Type.Null()]);
const OptionalId = Type.Union([Type.Integer({ minimum: 1, maximum: 2147483647 }), Type.Null()]);
const Minutes = Type.Integer({ minimum: 0, maximum: 1e6 });
const fields = {
  greetingMessage: Type.Optional(Text),
  complationMessage: Type.Optional(Text),
  outOfHoursMessage: Type.Optional(Text),
  ratingMessage: Type.Optional(Text),
  expiresInactiveMessage: Type.Optional(Text),
  expiresTicket: Type.Optional(Minutes),
  timeUseBotQueues: Type.Optional(Minutes),
  maxUseBotQueues: Type.Optional(Minutes),
  timeToTransfer: Type.Optional(Type.Union([Minutes, Type.Null()])),
  transferQueueId: Type.Optional(OptionalId),
  promptId: Type.Optional(OptionalId),
  integrationId: Type.Optional(OptionalId),
  // The built-in kinds, or one a plugin registered (sdk.providers), checked against the registry in the handler.
  provider: Type.Optional(Type.Union([...BUILT_IN_KINDS.map((k) => Type.Literal(k)), Type.String({ pattern: PROVIDER_KIND_PATTERN })])),
  isDefault: Type.Optional(Type.Boolean()),
  queueIds: Type.Optional(Type.Array(Type.Integer({ minimum: 1, maximum: 2147483647 }), { maxItems: 200 })),
  /** The channel's own settings (a bot token, a page id): checked against the schema its provider registered. */
  settings: Type.Optional(Type.Record(Type.String({ maxLength: 64 }), Type.Unknown(), { maxProperties: 50 }))
};
const CreateBody = Type.Object({ name: Name, ...fields });
const UpdateBody = Type.Object({
  name: Type.Optional(Name),
  ...fields,
  /**
   * The external API's token (core §3's connection field): an admin replaces a leaked one. Empty: a new random token;
   * otherwise at least 16 characters, used by no other connection. The old token stops at once.
   */
  token: Type.Optional(Type.String({ maxLength: 200 }))
});
const isAdmin = (request) => request.user.profile === "admin" || Boolean(request.user.super);
async function replacedToken(current, asked) {
  if (asked === void 0 || asked.trim() === (current.token ?? "")) return void 0;
  const token = asked.trim() || newToken();
  if (token.length < 16) throw badRequest("ERR_VALIDATION", "The API token needs at least 16 characters (leave it empty for a new random one)", { field: "body/token" });
  if (await Whatsapp.unscoped("an external API token is unique across companies").where({ token }).whereNot("id", current.id).first()) {
    throw conflict("ERR_API_TOKEN_IN_USE", "Another connection uses this token: choose another or leave it empty");
  }
  return token;
}
function checkedSettings(app, kind, values, isNew) {
  const door = app.providerRegistry.get(kind)?.settings;
  if (!door) {
    if (values !== void 0 && Object.keys(values).length > 0) throw badRequest("ERR_VALIDATION", `A "${kind}" connection takes no settings`, { field: "body/settings" });
    return void 0;
  }
  if (values === void 0) {
    if (isNew && door.required) throw badRequest("ERR_PROVIDER_SETTINGS_REQUIRED", `A "${kind}" connection needs its settings`, { field: "body/settings" });
    return void 0;
  }
  const error = Value.Errors(door.schema, values).First();
  if (error) throw badRequest("ERR_VALIDATION", `settings${error.path.replaceAll("/", ".")} ${error.message}`, { field: `body/settings${error.path}` });
  return { door, values };
}
async function emitConnection(app, companyId, whatsappId, action) {
  const row = await loadConnection(companyId, whatsappId);
  if (row) app.bus.emit(companyId, "whatsapp", { action, whatsapp: connectionJson(row) });
  return row;
}
const NewConnectionBody = Type.Object({ ...CreateBody.properties, cloud: Type.Optional(SettingsBody) });
const whatsappRoutes = async (app) => {
  app.get("/whatsapp", {
    schema: {
      tags: ["whatsapp"],
      querystring: Type.Object({
        // The spec's list call sends session=0 to skip the heavy session data: ours lives in providerAuthKeys and is never listed.
        session: Type.Optional(Type.Union([Type.Literal("0"), Type.Literal("1"), Type.Integer({ minimum: 0, maximum: 1 })])),
        companyId: Type.Optional(Type.Integer({ minimum: 1 }))
      }),
      response: { 200: Type.Array(Connection) }
    }
  }, async (request) => {
    const rows = await Whatsapp.scoped(request.user.companyId).withGraphFetched("queues").orderBy("id");
    return Promise.all(rows.map(async (row) => ({ ...connectionJson(row, { withToken: isAdmin(request) }), status: await app.sessions.shownStatus(row) })));
  });
  app.get("/providers", {
    schema: {
      tags: ["whatsapp"],
      response: { 200: Type.Array(Type.Object({ kind: Type.String(), capabilities: Type.Record(Type.String(), Type.Unknown()) })) }
    }
  }, async () => app.providerRegistry.kinds().map((kind) => ({ kind, capabilities: { ...app.providerRegistry.capabilities(kind) } })));
  app.get("/whatsapp/:id", {
    schema: { tags: ["whatsapp"], params: IdParams, response: { 200: Connection } }
  }, async (request) => {
    const row = await loadConnection(request.user.companyId, request.params.id);
    if (!row) throw notFound("ERR_NO_WAPP_FOUND");
    return { ...connectionJson(row, { withToken: isAdmin(request) }), status: await app.sessions.shownStatus(row) };
  });
  app.post("/whatsapp", {
    preHandler: app.requireAdmin,
    schema: { tags: ["whatsapp"], body: NewConnectionBody, response: { 200: Connection } }
  }, async (request) => {
    const companyId = request.user.companyId;
    const body = request.body;
    if (body.provider) app.providerRegistry.assertKnown(body.provider);
    if (body.provider === CLOUD_KIND && !body.cloud) throw badRequest("ERR_CLOUD_SETTINGS_REQUIRED", "A Cloud API connection needs its settings", { field: "cloud" });
    const settings = checkedSettings(app, body.provider ?? "beta", body.settings, true);
    const columns = columnsOf(body);
    await app.references.assertOwned(companyId, connectionRefs(body));
    const queueIds = [...new Set(body.queueIds ?? [])];
    assertGreeting(queueIds.length, columns.greetingMessage);
    await assertNameFree(companyId, columns.name);
    const count = await Whatsapp.scoped(companyId).resultSize();
    await app.tenancy.assertWithinLimit(companyId, "connections", count);
    const { id, unset } = await app.knex.transaction(async (trx) => {
      const isDefault = count === 0 || Boolean(body.isDefault);
      const row2 = await Whatsapp.scoped(companyId).transacting(trx).insertAndFetch({
        ...columns,
        provider: columns.provider ?? "beta",
        isDefault,
        status: "DISCONNECTED",
        token: newToken()
      });
      const unset2 = isDefault ? await makeOnlyDefault(companyId, row2.id, trx) : [];
      await setQueues(companyId, row2.id, queueIds, trx);
      if (body.provider === CLOUD_KIND && body.cloud) {
        await WhatsappCloud.scoped(companyId).transacting(trx).insert({ whatsappId: row2.id, ...cloudSettingsValues(app.atrium.secrets, body.cloud) });
      }
      if (settings) await settings.door.save({ companyId, whatsappId: row2.id, values: settings.values, trx, isNew: true });
      return { id: row2.id, unset: unset2 };
    });
    for (const other of unset) await emitConnection(app, companyId, other, "update");
    await emitConnection(app, companyId, id, "create");
    await app.sessions.start(companyId, id).catch((err) => request.log.warn({ err, whatsappId: id }, "session did not start"));
    const row = await loadConnection(companyId, id);
    return connectionJson(row, { withToken: true });
  });
  app.put("/whatsapp/:id", {
    preHandler: app.requireAdmin,
    schema: { tags: ["whatsapp"], params: IdParams, body: UpdateBody, response: { 200: Connection } }
  }, async (request) => {
    const companyId = request.user.companyId;
    const current = await loadConnection(companyId, request.params.id);
    if (!current) throw notFound("ERR_NO_WAPP_FOUND");
    const body = request.body;
    if (body.provider) app.providerRegistry.assertKnown(body.provider);
    const columns = columnsOf(body);
    await app.references.assertOwned(companyId, connectionRefs(body));
    const queueIds = body.queueIds ? [...new Set(body.queueIds)] : (current.queues ?? []).map((q) => q.id);
    assertGreeting(queueIds.length, columns.greetingMessage !== void 0 ? columns.greetingMessage : current.greetingMessage);
    if (columns.name && columns.name !== current.name) await assertNameFree(companyId, columns.name, current.id);
    if (body.isDefault === false && current.isDefault) throw badRequest("ERR_NO_OTHER_WHATSAPP", "At least one default connection is required");
    const token = await replacedToken(current, request.body.token);
    const settings = checkedSettings(app, columns.provider ?? current.provider, body.settings, columns.provider !== void 0 && columns.provider !== current.provider);
    const unset = await app.knex.transaction(async (trx) => {
      const patch = { ...columns };
      if (body.isDefault) patch.isDefault = true;
      if (token) patch.token = token;
      await Whatsapp.scoped(companyId).transacting(trx).findById(current.id).patch(patch);
      const unset2 = body.isDefault ? await makeOnlyDefault(companyId, current.id, trx) : [];
      if (body.queueIds) await setQueues(companyId, current.id, queueIds, trx);
      if (settings) await settings.door.save({ companyId, whatsappId: current.id, values: settings.values, trx, isNew: false });
      return unset2;
    });
    for (const other of unset) await emitConnection(app, companyId, other, "update");
    const row = await emitConnection(app, companyId, current.id, "update");
    if (columns.provider && columns.provider !== current.provider) {
      await app.sessions.stop(current.id, { logout: true });
      await app.sessions.start(companyId, current.id).catch((err) => request.log.warn({ err, whatsappId: current.id }, "session did not start"));
    }
    return connectionJson(row, { withToken: true });
  });
  app.delete("/whatsapp/:id", {
    preHandler: app.requireAdmin,
    schema: { tags: ["whatsapp"], params: IdParams, response: { 200: OkReply } }
  }, async (request) => {
    const companyId = request.user.companyId;
    const current = await Whatsapp.scoped(companyId).findById(request.params.id);
    if (!current) throw notFound("ERR_NO_WAPP_FOUND");
    await app.sessions.stop(current.id, { logout: true });
    const promoted = await app.knex.transaction(async (trx) => {
      await Whatsapp.scoped(companyId).transacting(trx).findById(current.id).delete();
      if (!current.isDefault) return void 0;
      const next = await Whatsapp.scoped(companyId).transacting(trx).orderBy("id").first();
      if (next) await Whatsapp.scoped(companyId).transacting(trx).findById(next.id).patch({ isDefault: true });
      return next?.id;
    });
    app.bus.emit(companyId, "whatsapp", { action: "delete", whatsappId: current.id });
    if (promoted) await emitConnection(app, companyId, promoted, "update");
    return { message: "Connection deleted" };
  });
  const sessionRoute = { preHandler: app.requireAdmin, schema: { tags: ["whatsapp"], params: IdParams, response: { 200: OkReply } } };
  const owned = async (companyId, id) => {
    if (!await Whatsapp.scoped(companyId).findById(id).select("id")) throw notFound("ERR_NO_WAPP_FOUND");
  };
  app.post("/whatsappsession/:id", sessionRoute, async (request) => {
    await owned(request.user.companyId, request.params.id);
    await app.sessions.start(request.user.companyId, request.params.id);
    return { message: "Starting session" };
  });
  app.put("/whatsappsession/:id", sessionRoute, async (request) => {
    await owned(request.user.companyId, request.params.id);
    await app.sessions.requestNewQr(request.user.companyId, request.params.id);
    return { message: "New QR requested" };
  });
  app.delete("/whatsappsession/:id", sessionRoute, async (request) => {
    await owned(request.user.companyId, request.params.id);
    await app.sessions.stop(request.params.id, { logout: true });
    return { message: "Session disconnected" };
  });
};
var routes_default = whatsappRoutes;
export {
  routes_default as default
};
