import { Type } from "@sinclair/typebox";
import { Message, Ticket } from "../../db/models/index.js";
import { AppError, badRequest, notFound } from "../../http/errors.js";
import { isValidNumber, normalizeNumber } from "../../util/phone.js";
import { findOrCreateContact } from "../contacts/find-or-create.js";
import { connectionOf, externalRouteConfig } from "./token.js";
const SendBody = Type.Object({
  number: Type.String({ minLength: 1, maxLength: 50 }),
  body: Type.Optional(Type.String({ maxLength: 1e4 })),
  /** A message of this contact's conversation on this connection to answer as a quoted reply (issue 28). */
  quotedMsgId: Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }), Type.Null()]))
});
const SendReply = Type.Object({ message: Type.String(), ticketId: Type.Integer(), messageId: Type.Integer() });
const externalApiRoutes = async (app) => {
  async function readMultipart(request, companyId) {
    const fields = {};
    const medias = [];
    try {
      for await (const part of request.parts()) {
        if (part.type === "field") fields[part.fieldname] = String(part.value);
        else medias.push(await app.storage.save(companyId, part.file, { filename: part.filename, mimetype: part.mimetype }));
      }
    } catch (err) {
      await Promise.all(medias.map((m) => app.storage.remove(m.key)));
      throw err;
    }
    if (!fields.number) throw badRequest("ERR_VALIDATION", "number is required", { field: "body/number" });
    const quoted = fields.quotedMsgId ? Number(fields.quotedMsgId) : void 0;
    if (quoted !== void 0 && !(Number.isSafeInteger(quoted) && quoted > 0)) throw badRequest("ERR_VALIDATION", "quotedMsgId must be a message id", { field: "body/quotedMsgId" });
    return { fields: { number: fields.number, body: fields.body, quotedMsgId: quoted }, medias };
  }
  async function quotedOf(companyId, whatsappId, contactId, messageId) {
    const conversation = Ticket.scoped(companyId).where({ contactId, whatsappId }).select("id");
    const quoted = await Message.scoped(companyId).where("id", messageId).whereIn("ticketId", conversation).select("id").first();
    if (!quoted) throw notFound("ERR_NO_MESSAGE_FOUND", "The quoted message is not in this contact's conversation");
    return quoted.id;
  }
  app.post("/messages/send", {
    config: externalRouteConfig,
    schema: {
      tags: ["external-api"],
      security: [{ bearer: [] }],
      body: { content: { "application/json": { schema: SendBody } } },
      consumes: ["application/json", "multipart/form-data"],
      response: { 200: SendReply }
    }
  }, async (request) => {
    const whatsapp = await connectionOf(app, request);
    const companyId = whatsapp.companyId;
    const { fields, medias } = request.isMultipart() ? await readMultipart(request, companyId) : { fields: request.body, medias: [] };
    const number = normalizeNumber(fields.number);
    if (!isValidNumber(number)) throw badRequest("ERR_WAPP_INVALID_CONTACT", "Not a valid number");
    if (!fields.body?.trim() && medias.length === 0) throw badRequest("ERR_VALIDATION", "Send a body or a media file", { field: "body/body" });
    const messages = app.services.messages;
    if (!messages?.sendToContact) throw new AppError("ERR_WAPP_NOT_INITIALIZED", 503, "Messaging is not available");
    const { contact } = await findOrCreateContact(app.bus, companyId, number);
    const quotedMsgId = fields.quotedMsgId ? await quotedOf(companyId, whatsapp.id, contact.id, fields.quotedMsgId) : void 0;
    const outgoing = medias.length ? medias.map((media, i) => ({ media, body: i === 0 ? fields.body : void 0 })) : [{ media: void 0, body: fields.body }];
    let last;
    for (const item of outgoing) {
      last = await messages.sendToContact({ companyId, contactId: contact.id, whatsappId: whatsapp.id, body: item.body, media: item.media, quotedMsgId: last ? void 0 : quotedMsgId });
      if (last.message.status === "failed") {
        throw new AppError("ERR_SENDING_WAPP_MSG", 502, last.message.error ?? "Sending failed", { ticketId: last.ticket.id, messageId: Number(last.message.id) });
      }
    }
    return { message: "sent", ticketId: last.ticket.id, messageId: Number(last.message.id) };
  });
};
var routes_default = externalApiRoutes;
export {
  routes_default as default
};
