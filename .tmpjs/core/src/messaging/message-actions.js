import { Contact, Message, MessageEdit, MessageReaction, Queue, Ticket, User } from "../db/models/index.js";
import { isUniqueViolation } from "../db/errors.js";
import { AppError, badRequest, conflict, forbidden, notFound } from "../http/errors.js";
import { canSee, loadActor } from "../domains/tickets/access.js";
import { findLiveTicket } from "./live-ticket.js";
import { editWithHistory, refreshLastMessage } from "./message-history.js";
import { messageJson, withReactions } from "./message-view.js";
import { sendingConnection } from "./outbound.js";
const EDIT_WINDOW_MS = 15 * 6e4;
const EMOJI = new RegExp("^(?:\\p{Extended_Pictographic}|\\p{Regional_Indicator}|\\p{Emoji_Component}|\\u200d|\\ufe0f)+$", "u");
const hasPictograph = new RegExp("\\p{Extended_Pictographic}|\\p{Regional_Indicator}", "u");
function createMessageActions(deps, sender, tickets) {
  async function resolve(who) {
    if (!("connectionId" in who)) return { ...await loadActor(who), userId: who.id };
    const { companyId, connectionId, userId } = who;
    if (userId) return { ...await loadActor({ id: userId, companyId }), userId, connectionId };
    return { id: 0, companyId, isAdmin: true, allTicket: true, queueIds: [], whatsappId: connectionId, name: "", userId: null, connectionId };
  }
  function owns(actor, message, orUnattributed) {
    if (!message.fromMe) return false;
    if (actor.userId === null) return !message.userId;
    return message.userId === actor.userId || orUnattributed && actor.isAdmin && !message.userId;
  }
  async function visibleMessage(actor, messageId) {
    const message = await Message.scoped(actor.companyId).findById(messageId);
    if (!message) throw notFound("ERR_NO_MESSAGE_FOUND");
    const ticket = await Ticket.scoped(actor.companyId).findById(message.ticketId);
    if (!ticket || actor.connectionId && ticket.whatsappId !== actor.connectionId) throw notFound("ERR_NO_MESSAGE_FOUND");
    if (!canSee(actor, ticket)) throw forbidden("ERR_NO_PERMISSION", "You may not see this ticket");
    return { message, ticket };
  }
  async function targetOf(companyId, ticket, message) {
    if (!message.providerId || !ticket.whatsappId) return void 0;
    const contact = await Contact.scoped(companyId).findById(ticket.contactId).select("number", "isGroup");
    if (!contact) throw notFound("ERR_NO_CONTACT_FOUND");
    return { to: contact.number, isGroup: contact.isGroup, providerId: message.providerId, fromMe: message.fromMe };
  }
  async function onPhone(whatsappId, code, what, run) {
    try {
      await run(deps.provider(whatsappId));
    } catch (err) {
      if (err instanceof AppError && err.code === "ERR_WAPP_NOT_INITIALIZED") throw err;
      deps.log.warn({ err }, `provider ${what} failed`);
      throw new AppError(code, 400, `The message could not be ${what} on the phone network`);
    }
  }
  async function announce(companyId, ticket, message) {
    const [loaded] = await withReactions(companyId, [message]);
    const view = messageJson(loaded);
    await deps.bus.emitMessageChange(companyId, ticket, { action: "update", message: view });
    return view;
  }
  async function edit(who, messageId, body) {
    const actor = await resolve(who);
    const { message, ticket } = await visibleMessage(actor, messageId);
    if (!owns(actor, message, false)) throw forbidden("ERR_NO_PERMISSION", "Only your own messages can be edited");
    if (message.isDeleted) throw conflict("ERR_MESSAGE_DELETED", "The message was deleted");
    if (message.mediaType) throw badRequest("ERR_EDIT_NOT_TEXT", "Only a text message can be edited");
    if (message.status === "sending") throw conflict("ERR_MESSAGE_SENDING", "The message is still being sent");
    if (deps.clock.now().getTime() - Date.parse(message.createdAt) > deps.clock.scale(EDIT_WINDOW_MS)) {
      throw badRequest("ERR_EDIT_WINDOW_PASSED", "A message can be edited for 15 minutes after it was sent");
    }
    if (!body.trim()) throw badRequest("ERR_VALIDATION", "Empty message", { field: "body" });
    const target = await targetOf(actor.companyId, ticket, message);
    if (target && message.body !== body) await onPhone(ticket.whatsappId, "ERR_EDIT_WAPP_MSG", "edited", (p) => p.editMessage(target, body));
    const edited = await editWithHistory(deps.knex, actor.companyId, message, body, { fromMe: true, userId: actor.userId });
    if (edited) await refreshLastMessage(deps, actor.companyId, edited);
    return announce(actor.companyId, ticket, edited ?? message);
  }
  async function history(who, messageId) {
    const actor = await resolve(who);
    const { message } = await visibleMessage(actor, messageId);
    const edits = await MessageEdit.scoped(actor.companyId).where("messageId", message.id).orderBy("id");
    const userIds = [...new Set([message.userId, ...edits.map((e) => e.userId)].filter((id) => !!id))];
    const names = new Map(userIds.length ? (await User.scoped(actor.companyId).whereIn("id", userIds).select("id", "name")).map((u) => [u.id, u.name]) : []);
    const authors = [
      { at: message.createdAt, fromMe: message.fromMe, userId: message.userId ?? null },
      ...edits.map((e) => ({ at: e.createdAt, fromMe: e.fromMe, userId: e.userId ?? null }))
    ];
    const bodies = [...edits.map((e) => e.previousBody ?? null), message.body ?? null];
    return {
      messageId: message.id,
      history: bodies.map((body, i) => ({
        body,
        createdAt: authors[i].at,
        fromMe: authors[i].fromMe,
        userId: authors[i].userId,
        userName: authors[i].userId ? names.get(authors[i].userId) ?? null : null
      }))
    };
  }
  async function react(who, messageId, rawEmoji, ticketId) {
    const actor = await resolve(who);
    if (actor.userId === null) throw badRequest("ERR_VALIDATION", "A reaction is a person's: name the user who reacts", { field: "body/userId" });
    const { message, ticket } = await visibleMessage(actor, messageId);
    const emoji = rawEmoji.trim();
    if (ticketId && !await Ticket.scoped(actor.companyId).findById(ticketId).select("id")) throw notFound("ERR_NO_TICKET_FOUND");
    if (emoji && !(EMOJI.test(emoji) && hasPictograph.test(emoji))) throw badRequest("ERR_INVALID_EMOJI", "The reaction must be an emoji", { field: "body/emoji" });
    if (message.isDeleted) throw conflict("ERR_MESSAGE_DELETED", "The message was deleted");
    const reactions = MessageReaction.scoped(actor.companyId).where("messageId", message.id);
    const mine = await reactions.clone().where("userId", actor.id).first();
    if ((mine?.emoji ?? "") === emoji) return announce(actor.companyId, ticket, message);
    const others = await reactions.clone().whereNot("userId", actor.id).orderBy("updatedAt", "desc").orderBy("id", "desc").first();
    const shown = emoji || others?.emoji || "";
    const target = await targetOf(actor.companyId, ticket, message);
    if (target) await onPhone(ticket.whatsappId, "ERR_REACT_WAPP_MSG", "reacted to", (p) => p.react(target, shown));
    if (!emoji) await reactions.clone().where("userId", actor.id).delete();
    else if (mine) await mine.$query().patch({ emoji });
    else {
      try {
        await MessageReaction.scoped(actor.companyId).insert({ messageId: message.id, userId: actor.id, emoji });
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
        await reactions.clone().where("userId", actor.id).patch({ emoji });
      }
    }
    return announce(actor.companyId, ticket, message);
  }
  async function forward(who, input) {
    const actor = await resolve(who);
    if (actor.userId === null) throw badRequest("ERR_VALIDATION", "A forward opens a ticket for a person: name the user who forwards", { field: "body/userId" });
    const { companyId } = actor;
    const { message: source, ticket: sourceTicket } = await visibleMessage(actor, input.messageId);
    if (source.isDeleted) throw conflict("ERR_MESSAGE_DELETED", "The message was deleted");
    if (source.mediaType === "call_log") throw badRequest("ERR_FORWARD_NOT_ALLOWED", "This message cannot be forwarded");
    const contact = await Contact.scoped(companyId).findById(input.contactId);
    if (!contact) throw notFound("ERR_NO_CONTACT_FOUND");
    if (input.queueId && !await Queue.scoped(companyId).findById(input.queueId).select("id")) throw notFound("ERR_NO_QUEUE_FOUND");
    const ticket = await forwardTicket(actor, contact, sourceTicket, input);
    const mediaKey = source.data?.mediaKey;
    const media = mediaKey && source.mediaUrl ? await deps.storage.save(companyId, deps.storage.open(mediaKey), {
      filename: source.mediaName ?? "file",
      mimetype: String(source.data.mimetype ?? "application/octet-stream")
    }) : void 0;
    const body = media && source.body === source.mediaName ? "" : source.body ?? "";
    const sent = await sender.send({ companyId, ticket, contact, body, media, userId: actor.id, forwarded: true });
    return messageJson(sent);
  }
  async function forwardTicket(actor, contact, source, input) {
    const { companyId } = actor;
    let ticket;
    if (input.ticketId) {
      ticket = await Ticket.scoped(companyId).findById(input.ticketId);
      if (!ticket || ticket.contactId !== contact.id) throw notFound("ERR_NO_TICKET_FOUND");
    }
    const whatsappId = ticket?.whatsappId ?? source.whatsappId ?? (await sendingConnection(companyId)).id;
    if (!ticket || ticket.status === "closed") ticket = await findLiveTicket(companyId, contact.id, whatsappId);
    if (!ticket) {
      const view = await tickets.create(actor, { contactId: contact.id, whatsappId, queueId: input.queueId ?? null, status: "open" });
      ticket = await Ticket.scoped(companyId).findById(view.id);
      if (!ticket) throw notFound("ERR_NO_TICKET_FOUND");
    }
    if (!canSee(actor, ticket)) throw forbidden("ERR_NO_PERMISSION", "You may not see this ticket");
    return ticket;
  }
  async function remove(who, messageId) {
    const actor = await resolve(who);
    const { message, ticket } = await visibleMessage(actor, messageId);
    if (!owns(actor, message, true)) throw forbidden("ERR_NO_PERMISSION", "Only your own messages can be deleted");
    if (message.isDeleted) return messageJson(message);
    const target = await targetOf(actor.companyId, ticket, message);
    if (target) await onPhone(ticket.whatsappId, "ERR_DELETE_WAPP_MSG", "deleted", (p) => p.deleteMessage(target.to, target.providerId, true));
    const deleted = await message.$query().patchAndFetch({ isDeleted: true });
    return announce(actor.companyId, ticket, deleted);
  }
  return { edit, history, react, forward, remove };
}
export {
  EDIT_WINDOW_MS,
  createMessageActions
};
