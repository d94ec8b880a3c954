import { Type } from "@sinclair/typebox";
import { Value } from "@sinclair/typebox/value";
import { createHash, timingSafeEqual } from "node:crypto";
import { Contact, Whatsapp } from "../../db/models/index.js";
import { AppError, badRequest, notFound } from "../../http/errors.js";
import { MAX_JSON_DEPTH, nestsDeeperThan } from "../../http/json-depth.js";
import { loadActor, visibleTicket } from "../tickets/access.js";
import { messageJson } from "../../messaging/message-view.js";
import { CLOUD_KIND, CLOUD_RECEIVE } from "../../messaging/providers/cloud/index.js";
import { DEFAULT_GRAPH_BASE_URL, DEFAULT_GRAPH_VERSION, WhatsappCloud } from "../../messaging/providers/cloud/settings.js";
import { serviceWindow } from "../../messaging/providers/cloud/window.js";
import { MessageView } from "../messages/schemas.js";
import {
  ConnectionParams,
  Delivery,
  SendTemplateBody,
  SettingsBody,
  SettingsView,
  Template,
  TemplatesQuery,
  TicketParams,
  VerifyQuery,
  WindowView
} from "./schemas.js";
import { signatureMatches } from "./signature.js";
import { cloudSettingsValues } from "./settings-values.js";
import { createWhatsappCloudService } from "./templates.js";
const webhookPath = (whatsappId) => `/api/whatsapp-cloud/${whatsappId}/webhook`;
const sameText = (a, b) => timingSafeEqual(createHash("sha256").update(a).digest(), createHash("sha256").update(b).digest());
const whatsappCloudRoutes = async (app) => {
  const secrets = app.atrium.secrets;
  const http = app.atrium.http;
  const connectionOf = async (companyId, id) => {
    const row = await Whatsapp.scoped(companyId).findById(id).select("id", "companyId", "provider");
    if (!row) throw notFound("ERR_NO_WAPP_FOUND");
    return row;
  };
  const templates = createWhatsappCloudService({ cache: app.atrium.cache, http, secrets });
  app.services.whatsappCloud = templates;
  app.get("/whatsapp-cloud/:connectionId/settings", {
    preHandler: app.requireAdmin,
    schema: { tags: ["whatsapp-cloud"], params: ConnectionParams, response: { 200: SettingsView } }
  }, async (request) => {
    const { id } = await connectionOf(request.user.companyId, request.params.connectionId);
    const row = await WhatsappCloud.scoped(request.user.companyId).where({ whatsappId: id }).first();
    return {
      whatsappId: id,
      configured: Boolean(row),
      phoneNumberId: row?.phoneNumberId ?? null,
      wabaId: row?.wabaId ?? null,
      accessToken: row?.accessToken ?? null,
      appSecret: row?.appSecret ?? null,
      verifyToken: row?.verifyToken ?? null,
      graphVersion: row?.graphVersion ?? DEFAULT_GRAPH_VERSION,
      baseUrl: row?.baseUrl ?? DEFAULT_GRAPH_BASE_URL,
      webhookPath: webhookPath(id)
    };
  });
  app.put("/whatsapp-cloud/:connectionId/settings", {
    preHandler: app.requireAdmin,
    schema: { tags: ["whatsapp-cloud"], params: ConnectionParams, body: SettingsBody, response: { 200: SettingsView } }
  }, async (request) => {
    const companyId = request.user.companyId;
    const connection = await connectionOf(companyId, request.params.connectionId);
    const body = request.body;
    const current = await WhatsappCloud.scoped(companyId).where({ whatsappId: connection.id }).first();
    const values = cloudSettingsValues(secrets, body, current);
    if (current) await WhatsappCloud.scoped(companyId).findById(current.id).patch(values);
    else await WhatsappCloud.scoped(companyId).insert({ whatsappId: connection.id, ...values });
    await templates.forget(companyId, connection.id);
    if (connection.provider === CLOUD_KIND) {
      await app.sessions.stop(connection.id);
      await app.sessions.start(companyId, connection.id).catch((err) => request.log.warn({ err, whatsappId: connection.id }, "cloud session did not start"));
    }
    return { whatsappId: connection.id, configured: true, ...values, webhookPath: webhookPath(connection.id) };
  });
  const webhookSettings = async (connectionId) => {
    const row = await WhatsappCloud.unscoped("a webhook names only its connection id; its company is the row's").where({ whatsappId: connectionId }).first();
    const connection = row && await Whatsapp.scoped(row.companyId).findById(connectionId).select("provider");
    return connection?.provider === CLOUD_KIND ? row : void 0;
  };
  app.get("/whatsapp-cloud/:connectionId/webhook", {
    config: { public: true, rateLimit: { max: 120, timeWindow: 6e4 } },
    schema: { tags: ["whatsapp-cloud"], params: ConnectionParams, querystring: VerifyQuery, response: { 200: Type.String() } }
  }, async (request, reply) => {
    const row = await webhookSettings(request.params.connectionId);
    const sent = request.query["hub.verify_token"];
    const ok = row && request.query["hub.mode"] === "subscribe" && sent && sameText(sent, secrets.decrypt(row.verifyToken));
    if (!ok) throw new AppError("ERR_INVALID_WEBHOOK_TOKEN", 403, "The verify token does not match");
    return reply.type("text/plain").send(request.query["hub.challenge"] ?? "");
  });
  await app.register(async (plain) => {
    const scope = plain.withTypeProvider();
    scope.removeContentTypeParser("application/json");
    scope.addContentTypeParser("application/json", { parseAs: "buffer", bodyLimit: 2 * 1024 * 1024 }, (_req, body, done) => {
      if (nestsDeeperThan(body.toString("utf8"), MAX_JSON_DEPTH)) {
        done(badRequest("ERR_VALIDATION", `The JSON body nests deeper than ${MAX_JSON_DEPTH} levels`, { field: "body" }), void 0);
        return;
      }
      done(null, body);
    });
    scope.post("/whatsapp-cloud/:connectionId/webhook", {
      config: { public: true, rateLimit: { max: 1200, timeWindow: 6e4 } },
      schema: { tags: ["whatsapp-cloud"], params: ConnectionParams, response: { 200: Type.Object({ received: Type.Boolean() }) } }
    }, async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const row = await webhookSettings(request.params.connectionId);
      if (!row || !signatureMatches(request.headers["x-hub-signature-256"], raw, secrets.decrypt(row.appSecret))) {
        throw new AppError("ERR_INVALID_WEBHOOK_SIGNATURE", 401, "Missing or wrong X-Hub-Signature-256");
      }
      let delivery;
      try {
        delivery = JSON.parse(raw.toString("utf8"));
      } catch {
        delivery = void 0;
      }
      if (!Value.Check(Delivery, delivery)) throw badRequest("ERR_VALIDATION", "Not a WhatsApp Business Account delivery");
      const values = delivery.entry.flatMap((e) => e.changes).filter((c) => c.field === "messages").map((c) => c.value).filter((v) => !v.metadata?.phone_number_id || v.metadata.phone_number_id === row.phoneNumberId);
      if (values.length) await app.atrium.providers.run(row.whatsappId, CLOUD_RECEIVE, [values]);
      return { received: true };
    });
  });
  app.get("/whatsapp-cloud/:connectionId/templates", {
    schema: { tags: ["whatsapp-cloud"], params: ConnectionParams, querystring: TemplatesQuery, response: { 200: Type.Object({ templates: Type.Array(Template) }) } }
  }, async (request) => {
    return { templates: await templates.templates(request.user.companyId, request.params.connectionId, request.query.refresh) };
  });
  const cloudTicket = async (user, ticketId) => {
    const actor = await loadActor(user);
    const ticket = await visibleTicket(actor, ticketId);
    const connection = ticket.whatsappId ? await Whatsapp.scoped(actor.companyId).findById(ticket.whatsappId).select("id", "provider") : void 0;
    return { actor, ticket, connection };
  };
  app.get("/whatsapp-cloud/tickets/:ticketId/window", {
    schema: { tags: ["whatsapp-cloud"], params: TicketParams, response: { 200: WindowView } }
  }, async (request) => {
    const { ticket, connection } = await cloudTicket(request.user, request.params.ticketId);
    if (connection?.provider !== CLOUD_KIND) return { cloud: false, open: true, lastInboundAt: null, closesAt: null };
    return { cloud: true, ...await serviceWindow(request.user.companyId, connection.id, ticket.contactId, app.clock) };
  });
  app.post("/whatsapp-cloud/tickets/:ticketId/template", {
    schema: { tags: ["whatsapp-cloud"], params: TicketParams, body: SendTemplateBody, response: { 200: Type.Object({ message: MessageView }) } }
  }, async (request) => {
    const { actor, ticket, connection } = await cloudTicket(request.user, request.params.ticketId);
    if (connection?.provider !== CLOUD_KIND) throw badRequest("ERR_NOT_CLOUD_CONNECTION", "Templates are sent on WhatsApp Cloud API connections only");
    const prepared = await templates.prepare(actor.companyId, connection.id, request.body);
    const contact = await Contact.scoped(actor.companyId).findById(ticket.contactId);
    if (!contact) throw notFound("ERR_NO_CONTACT_FOUND");
    const message = await app.pipeline.sender.send({ companyId: actor.companyId, ticket, contact, userId: actor.id, ...prepared });
    return { message: messageJson(message) };
  });
};
var routes_default = whatsappCloudRoutes;
export {
  routes_default as default
};
