import { Type } from "@sinclair/typebox";
import { Contact, Message, Ticket } from "../../db/models/index.js";
import { badRequest, forbidden, notFound } from "../../http/errors.js";
import { ClientDateTime, IdParams, PAGE_SIZE, clientDateTime, pageResult, offsetOf } from "../../http/schemas.js";
import { toDbTime } from "../../db/time.js";
import { messageJson, withQuoted, withReactions } from "../../messaging/message-view.js";
import { canSee, loadActor } from "../tickets/access.js";
import { ticketView } from "../tickets/view.js";
import { MessagePageReply, MessageView, SentMessagesReply } from "./schemas.js";
const TicketParams = Type.Object({ ticketId: Type.Integer({ minimum: 1, maximum: 2147483647 }) });
const SendBody = Type.Object({
  body: Type.Optional(Type.String({ maxLength: 65536 })),
  quotedMsg: Type.Optional(Type.Union([Type.Object({ id: Type.Integer({ minimum: 1 }) }, { additionalProperties: true }), Type.Null()])),
  // The family's newest client names the quoted message by id.
  quotedMsgId: Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }), Type.Null()])),
  // Sent by the console and ignored: the server decides both.
  read: Type.Optional(Type.Unknown()),
  fromMe: Type.Optional(Type.Unknown()),
  mediaUrl: Type.Optional(Type.Unknown())
});
function conversationTickets(companyId, ticket) {
  const tickets = Ticket.scoped(companyId).select("tickets.id").where("tickets.contactId", ticket.contactId).where("tickets.id", "<=", ticket.id);
  return ticket.whatsappId ? tickets.where("tickets.whatsappId", ticket.whatsappId) : tickets.whereNull("tickets.whatsappId");
}
const messagesRoutes = async (app) => {
  async function visibleTicket(actor, ticketId) {
    const ticket = await Ticket.scoped(actor.companyId).findById(ticketId);
    if (!ticket) throw notFound("ERR_NO_TICKET_FOUND");
    if (!canSee(actor, ticket)) throw forbidden("ERR_NO_PERMISSION", "Acesso n\xE3o permitido");
    return ticket;
  }
  app.get("/messages/:ticketId", {
    schema: {
      tags: ["messages"],
      params: TicketParams,
      querystring: Type.Object({
        pageNumber: Type.Optional(Type.Integer({ minimum: 1, maximum: 1e5, default: 1 })),
        // Cursor paging (the family's client): the `nextId` a page answered, for the older ones; "changed since".
        nextId: Type.Optional(Type.Integer({ minimum: 1 })),
        minUpdatedAt: Type.Optional(ClientDateTime)
      }),
      response: { 200: MessagePageReply }
    }
  }, async (request) => {
    const actor = await loadActor(request.user);
    const ticket = await visibleTicket(actor, request.params.ticketId);
    const { nextId, minUpdatedAt, pageNumber } = request.query;
    const { offset } = nextId ? { offset: 0 } : offsetOf(pageNumber);
    const conversation = () => Message.scoped(actor.companyId).whereIn("ticketId", conversationTickets(actor.companyId, ticket));
    const page = conversation();
    if (nextId) page.where("id", "<", nextId);
    if (minUpdatedAt) page.where("updatedAt", ">=", toDbTime(clientDateTime(minUpdatedAt, "querystring/minUpdatedAt")));
    const [rows, count] = await Promise.all([
      page.orderBy("id", "desc").limit(PAGE_SIZE + 1).offset(offset),
      conversation().resultSize()
    ]);
    const { items, hasMore } = pageResult(rows);
    const oldest = items[items.length - 1];
    const messages = await withReactions(actor.companyId, await withQuoted(actor.companyId, items.reverse()));
    await app.pipeline.tickets.markRead(actor.companyId, ticket);
    return {
      messages: messages.map(messageJson),
      ticket: await ticketView(actor.companyId, ticket),
      count,
      hasMore,
      ...hasMore && oldest ? { nextId: Number(oldest.id) } : {}
    };
  });
  async function readMultipart(request, companyId) {
    const files = [];
    const bodies = [];
    let quotedMsgId;
    try {
      for await (const part of request.parts()) {
        if (part.type === "file") {
          if (part.fieldname !== "medias") {
            part.file.resume();
            continue;
          }
          files.push(await app.storage.save(companyId, part.file, { filename: part.filename, mimetype: part.mimetype }));
        } else if (part.fieldname === "body") {
          bodies.push(String(part.value ?? ""));
        } else if (part.fieldname === "quotedMsgId" || part.fieldname === "quotedMsg") {
          const raw = String(part.value ?? "");
          const id = Number(raw.startsWith("{") ? JSON.parse(raw).id : raw);
          if (Number.isInteger(id) && id > 0) quotedMsgId = id;
        }
      }
    } catch (err) {
      await Promise.all(files.map((f) => app.storage.remove(f.key)));
      throw err;
    }
    return { files, bodies, quotedMsgId };
  }
  async function quotedIn(companyId, ticket, quotedId) {
    if (!quotedId) return void 0;
    const quoted = await Message.scoped(companyId).where("id", quotedId).whereIn("ticketId", conversationTickets(companyId, ticket)).select("id").first();
    if (!quoted) throw notFound("ERR_NO_MESSAGE_FOUND", "The quoted message is not in this conversation");
    return quoted.id;
  }
  app.post("/messages/:ticketId", {
    schema: {
      tags: ["messages"],
      params: TicketParams,
      body: { content: { "application/json": { schema: SendBody } } },
      consumes: ["application/json", "multipart/form-data"],
      response: { 200: SentMessagesReply }
    }
  }, async (request) => {
    const actor = await loadActor(request.user);
    const ticket = await visibleTicket(actor, request.params.ticketId);
    const contact = await Contact.scoped(actor.companyId).findById(ticket.contactId);
    if (!contact) throw notFound("ERR_NO_CONTACT_FOUND");
    const send = app.pipeline.sender.send;
    const sent = [];
    if (request.isMultipart()) {
      const { files, bodies, quotedMsgId: quotedId } = await readMultipart(request, actor.companyId);
      let quotedMsgId;
      try {
        quotedMsgId = await quotedIn(actor.companyId, ticket, quotedId);
      } catch (err) {
        await Promise.all(files.map((f) => app.storage.remove(f.key)));
        throw err;
      }
      if (files.length === 0) {
        const body = bodies.join("\n");
        if (!body.trim()) throw badRequest("ERR_VALIDATION", "Empty message", { field: "body" });
        sent.push(await send({ companyId: actor.companyId, ticket, contact, body, userId: actor.id, quotedMsgId }));
      }
      for (const [i, file] of files.entries()) {
        const body = bodies.length === files.length ? bodies[i] : i === 0 ? bodies.join("\n") : "";
        sent.push(await send({ companyId: actor.companyId, ticket, contact, body, media: file, userId: actor.id, quotedMsgId: i === 0 ? quotedMsgId : void 0 }));
      }
    } else {
      const input = request.body ?? {};
      const body = input.body ?? "";
      if (!body.trim()) throw badRequest("ERR_VALIDATION", "Empty message", { field: "body" });
      const quotedMsgId = await quotedIn(actor.companyId, ticket, input.quotedMsgId ?? input.quotedMsg?.id);
      sent.push(await send({ companyId: actor.companyId, ticket, contact, body, userId: actor.id, quotedMsgId }));
    }
    return { messages: sent.map((m) => ({ ...messageJson(m), reactions: [] })) };
  });
  async function ownMessage(request) {
    const actor = await loadActor(request.user);
    const message = await Message.scoped(actor.companyId).findById(request.params.id);
    if (!message) throw notFound("ERR_NO_MESSAGE_FOUND");
    const ticket = await visibleTicket(actor, message.ticketId);
    return { actor, message, ticket };
  }
  app.delete("/messages/:id", {
    schema: { tags: ["messages"], params: IdParams, response: { 200: MessageView } }
  }, async (request) => app.pipeline.actions.remove(request.user, request.params.id));
  app.post("/messages/:id/retry", {
    schema: { tags: ["messages"], params: IdParams, response: { 200: MessageView } }
  }, async (request) => {
    const { actor, message } = await ownMessage(request);
    return messageJson(await app.pipeline.sender.retry(actor.companyId, message.id));
  });
};
var routes_default = messagesRoutes;
export {
  routes_default as default
};
