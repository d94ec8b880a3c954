import { Type } from "@sinclair/typebox";
import { MessageHistoryReply, MessageView } from "../messages/schemas.js";
import { connectionOf, externalRouteConfig } from "./token.js";
const Id = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
const MessageParams = Type.Object({ messageId: Id });
const AsUser = { userId: Type.Optional(Type.Union([Id, Type.Null()])) };
const AsUserQuery = Type.Object(AsUser);
const EditBody = Type.Object({ body: Type.String({ minLength: 1, maxLength: 65536 }), ...AsUser });
const ReactBody = Type.Object({ emoji: Type.String({ maxLength: 32 }), userId: Id });
const ForwardBody = Type.Object({
  messageId: Id,
  contactId: Id,
  userId: Id,
  ticketId: Type.Optional(Type.Union([Id, Type.Null()])),
  queueId: Type.Optional(Type.Union([Id, Type.Null()]))
});
const doc = { tags: ["external-api"], security: [{ bearer: [] }] };
const externalActionRoutes = async (app) => {
  const actions = () => app.pipeline.actions;
  const acting = async (request, userId) => {
    const whatsapp = await connectionOf(app, request);
    return { companyId: whatsapp.companyId, connectionId: whatsapp.id, userId: userId ?? null };
  };
  app.post("/external/messages/:messageId/edit", {
    config: externalRouteConfig,
    schema: { ...doc, params: MessageParams, body: EditBody, response: { 200: MessageView } }
  }, async (request) => actions().edit(await acting(request, request.body.userId), request.params.messageId, request.body.body));
  app.get("/external/messages/:messageId/history", {
    config: externalRouteConfig,
    schema: { ...doc, params: MessageParams, response: { 200: MessageHistoryReply } }
  }, async (request) => actions().history(await acting(request), request.params.messageId));
  app.post("/external/messages/:messageId/react", {
    config: externalRouteConfig,
    schema: { ...doc, params: MessageParams, body: ReactBody, response: { 200: MessageView } }
  }, async (request) => actions().react(await acting(request, request.body.userId), request.params.messageId, request.body.emoji));
  app.post("/external/messages/forward", {
    config: externalRouteConfig,
    schema: { ...doc, body: ForwardBody, response: { 200: MessageView } }
  }, async (request) => {
    const { userId, ...input } = request.body;
    return actions().forward(await acting(request, userId), input);
  });
  app.delete("/external/messages/:messageId", {
    config: externalRouteConfig,
    schema: { ...doc, params: MessageParams, querystring: AsUserQuery, response: { 200: MessageView } }
  }, async (request) => actions().remove(await acting(request, request.query.userId), request.params.messageId));
};
var actions_default = externalActionRoutes;
export {
  actions_default as default
};
