import { Type } from "@sinclair/typebox";
import { MessageHistoryReply, MessageView } from "./schemas.js";
const Id = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
const MessageParams = Type.Object({ messageId: Id });
const EditBody = Type.Object({
  body: Type.String({ minLength: 1, maxLength: 65536 }),
  // The family's client sends the whole message back: ignored, the server decides them.
  read: Type.Optional(Type.Unknown()),
  fromMe: Type.Optional(Type.Unknown()),
  mediaUrl: Type.Optional(Type.Unknown()),
  quotedMsg: Type.Optional(Type.Unknown())
});
const ReactBody = Type.Object({
  emoji: Type.String({ maxLength: 32 }),
  /** Sent by the family's client: the company's ticket it shows (the message may be of an earlier one). */
  ticketId: Type.Optional(Type.Union([Id, Type.Null()]))
});
const ForwardBody = Type.Object({
  messageId: Id,
  contactId: Id,
  ticketId: Type.Optional(Type.Union([Id, Type.Null()])),
  queueId: Type.Optional(Type.Union([Id, Type.Null()]))
});
const messageActionsRoutes = async (app) => {
  const actions = () => app.pipeline.actions;
  app.post("/messages/edit/:messageId", {
    schema: { tags: ["messages"], params: MessageParams, body: EditBody, response: { 200: MessageView } }
  }, async (request) => actions().edit(request.user, request.params.messageId, request.body.body));
  app.get("/messages/:messageId/history", {
    schema: { tags: ["messages"], params: MessageParams, response: { 200: MessageHistoryReply } }
  }, async (request) => actions().history(request.user, request.params.messageId));
  app.post("/messages/react/:messageId", {
    schema: { tags: ["messages"], params: MessageParams, body: ReactBody, response: { 200: MessageView } }
  }, async (request) => actions().react(request.user, request.params.messageId, request.body.emoji, request.body.ticketId));
  app.post("/messages/forward", {
    schema: { tags: ["messages"], body: ForwardBody, response: { 200: MessageView } }
  }, async (request) => actions().forward(request.user, request.body));
};
var actions_default = messageActionsRoutes;
export {
  actions_default as default
};
