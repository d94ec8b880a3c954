import { Contact, Queue, Ticket, User, Whatsapp } from "../../db/models/index.js";
import { dbNow } from "../../db/time.js";
import { AppError, badRequest, conflict, forbidden, notFound } from "../../http/errors.js";
import { isUniqueViolation } from "../../db/errors.js";
import { protocolOf, renderTemplate } from "../../messaging/templates.js";
import { canAct, canSee } from "./access.js";
import { newTicketFields, publishTicket } from "./lifecycle.js";
import { ratingQuestion } from "./rating.js";
import { ticketView } from "./view.js";
const DEFAULT_ACCEPTED = "{{greeting}} {{firstName}}, meu nome \xE9 {{user}} e vou continuar o seu atendimento.";
const DEFAULT_TRANSFER = "Seu atendimento foi transferido{{queueText}}. Aguarde, por favor.";
function createTicketService(deps, sender, onLive) {
  const { settings } = deps;
  const publish = (event) => publishTicket(deps, event);
  async function emitUpdate(companyId, ticket, before, userId) {
    return await publish({ kind: "updated", companyId, ticket, before, userId });
  }
  async function emitChange(companyId, ticketId, change = {}) {
    const ticket = await Ticket.scoped(companyId).findById(ticketId);
    if (!ticket) return;
    await publish({
      kind: "updated",
      companyId,
      ticket,
      before: change.previous ?? {},
      also: change.changed,
      declared: true,
      userId: change.userId
    });
  }
  async function load(companyId, id) {
    const ticket = await Ticket.scoped(companyId).findById(id);
    if (!ticket) throw notFound("ERR_NO_TICKET_FOUND");
    return ticket;
  }
  async function otherOpenTicket(companyId, contactId, whatsappId) {
    const other = await Ticket.scoped(companyId).where({ contactId, whatsappId: whatsappId ?? null, liveSlot: 1 }).first();
    const [user, queue] = await Promise.all([
      other?.userId ? User.scoped(companyId).findById(other.userId).select("id", "name") : void 0,
      other?.queueId ? Queue.scoped(companyId).findById(other.queueId).select("id", "name") : void 0
    ]);
    return conflict("ERR_OTHER_OPEN_TICKET", `The contact already has an open ticket${user ? ` with ${user.name}` : ""}${queue ? ` in ${queue.name}` : ""}`, {
      ticketId: other?.id,
      uuid: other?.uuid,
      user: user ? { id: user.id, name: user.name } : null,
      queue: queue ? { id: queue.id, name: queue.name } : null
    });
  }
  async function patchTicket(companyId, ticket, patch) {
    try {
      return await Ticket.scoped(companyId).patchAndFetchById(ticket.id, patch);
    } catch (err) {
      if (isUniqueViolation(err)) throw await otherOpenTicket(companyId, ticket.contactId, patch.whatsappId ?? ticket.whatsappId);
      throw err;
    }
  }
  async function say(companyId, ticket, text, vars = {}) {
    if (!text || !text.trim() || ticket.isGroup) return;
    const contact = await Contact.scoped(companyId).findById(ticket.contactId);
    if (!contact) return;
    const body = renderTemplate(text, { name: contact.name, protocol: protocolOf(ticket), ...vars });
    await sender.send({ companyId, ticket, contact, body });
  }
  async function assertInCompany(companyId, change) {
    const [user, queue, whatsapp] = await Promise.all([
      change.userId ? User.scoped(companyId).findById(change.userId).select("id", "name") : void 0,
      change.queueId ? Queue.scoped(companyId).findById(change.queueId).select("id", "name") : void 0,
      change.whatsappId ? Whatsapp.scoped(companyId).findById(change.whatsappId) : void 0
    ]);
    if (change.userId && !user) throw notFound("ERR_NO_USER_FOUND");
    if (change.queueId && !queue) throw notFound("ERR_NO_QUEUE_FOUND");
    if (change.whatsappId && !whatsapp) throw notFound("ERR_NO_WAPP_FOUND");
    return { user, queue, whatsapp };
  }
  async function close(companyId, ticket, byUserId, reason = "agent") {
    const whatsapp = ticket.whatsappId ? (await deps.connections.get(companyId, ticket.whatsappId))?.whatsapp : void 0;
    const askRating = reason === "agent" && !ticket.isGroup && await settings.isEnabled(companyId, "userRating");
    const closed = await patchTicket(companyId, ticket, {
      status: "closed",
      userId: byUserId ?? ticket.userId ?? null,
      queueId: null,
      queueOptionId: null,
      chatbot: false,
      botOwner: null,
      useIntegration: false,
      integrationId: null,
      promptId: null,
      unreadMessages: 0,
      closedAt: dbNow(),
      ratingRequestedAt: askRating ? dbNow() : null,
      rating: null
    });
    await emitUpdate(companyId, closed, ticket, byUserId ?? void 0);
    if (reason !== "timeout") await say(companyId, closed, reason === "inactivity" ? whatsapp?.expiresInactiveMessage : whatsapp?.complationMessage);
    if (askRating) await say(companyId, closed, ratingQuestion(whatsapp));
    return closed;
  }
  async function update(actor, id, change) {
    const companyId = actor.companyId;
    const ticket = await load(companyId, id);
    if (!canSee(actor, ticket) || !canAct(actor, ticket)) throw forbidden("ERR_NO_PERMISSION");
    const { user, queue } = await assertInCompany(companyId, change);
    if (change.status === "closed") {
      if (ticket.status === "closed") return ticketView(companyId, ticket);
      return ticketView(companyId, await close(companyId, ticket, actor.id));
    }
    const previous = { status: ticket.status, userId: ticket.userId, queueId: ticket.queueId };
    const patch = {};
    let greeting = null;
    const userIdGiven = change.userId !== void 0;
    const queueIdGiven = change.queueId !== void 0 && change.queueId !== ticket.queueId;
    if (change.status === "open" && ticket.status !== "open") {
      const assignee = actor.isAdmin && change.userId ? change.userId : actor.id;
      Object.assign(patch, { status: "open", userId: assignee, chatbot: false, botOwner: null, acceptedAt: dbNow() });
      if (ticket.status === "closed") Object.assign(patch, { closedAt: null, ratingRequestedAt: null, queueId: change.queueId ?? null });
      else if (change.queueId !== void 0) patch.queueId = change.queueId;
      if (ticket.status === "pending") greeting = "accepted";
    } else if (change.status === "pending" && ticket.status === "open" && !queueIdGiven) {
      Object.assign(patch, { status: "pending", userId: null });
    } else if (queueIdGiven || userIdGiven && change.userId !== ticket.userId) {
      if (ticket.status === "closed") throw badRequest("ERR_TICKET_CLOSED", "Reopen the ticket before transferring it");
      if (queueIdGiven) patch.queueId = change.queueId ?? null;
      if (userIdGiven && change.userId) {
        patch.userId = change.userId;
        patch.status = change.status ?? (ticket.status === "pending" && !actor.isAdmin ? "pending" : ticket.status);
      } else if (queueIdGiven) {
        Object.assign(patch, { userId: null, status: "pending" });
      } else {
        Object.assign(patch, { userId: null, status: "pending" });
      }
      patch.chatbot = false;
      patch.botOwner = null;
      greeting = "transfer";
    } else if (change.status && change.status !== ticket.status) {
      throw badRequest("ERR_INVALID_TRANSITION", `A ${ticket.status} ticket cannot become ${change.status} this way`);
    }
    if (change.whatsappId !== void 0 && change.whatsappId !== ticket.whatsappId) patch.whatsappId = change.whatsappId;
    if (change.useIntegration !== void 0) patch.useIntegration = change.useIntegration;
    if (change.promptId !== void 0) patch.promptId = change.promptId;
    if (change.integrationId !== void 0) patch.integrationId = change.integrationId;
    if (Object.keys(patch).length === 0) return ticketView(companyId, ticket);
    const updated = await patchTicket(companyId, ticket, patch);
    const view = await emitUpdate(companyId, updated, ticket, actor.id);
    if (updated.status !== "closed" && previous.status === "closed") await onLive?.(companyId, updated);
    const ownText = async (key) => (await settings.get(companyId, key))?.trim() || null;
    const acceptedText = greeting === "accepted" ? await ownText("ticketAcceptedMessage") : null;
    if (greeting === "accepted" && (acceptedText || await settings.isEnabled(companyId, "sendGreetingAccepted"))) {
      await say(companyId, updated, acceptedText ?? DEFAULT_ACCEPTED, { user: actor.name });
    }
    const transferText = greeting === "transfer" ? await ownText("transferMessage") : null;
    if (greeting === "transfer" && (transferText || await settings.isEnabled(companyId, "sendMsgTransfTicket"))) {
      const queueName = queue?.name ?? (await assertInCompany(companyId, { queueId: updated.queueId })).queue?.name;
      const text = transferText ?? DEFAULT_TRANSFER.replace("{{queueText}}", queueName ? " para o setor *{{queue}}*" : user ? " para *{{user}}*" : "");
      await say(companyId, updated, text, { queue: queueName ?? "", user: user?.name ?? "" });
    }
    return view;
  }
  async function create(actor, input) {
    const companyId = actor.companyId;
    if (!actor.isAdmin) {
      if (!input.queueId) throw badRequest("ERR_QUEUE_REQUIRED", "Choose a queue");
      if (!actor.queueIds.includes(input.queueId)) throw forbidden("ERR_NO_PERMISSION", "Not one of your queues");
      if (input.userId && input.userId !== actor.id) throw forbidden("ERR_NO_PERMISSION");
    }
    const contact = await Contact.scoped(companyId).findById(input.contactId);
    if (!contact) throw notFound("ERR_NO_CONTACT_FOUND");
    await assertInCompany(companyId, { userId: input.userId, queueId: input.queueId, whatsappId: input.whatsappId });
    const whatsappId = input.whatsappId ?? actor.whatsappId ?? (await Whatsapp.scoped(companyId).where({ isDefault: true }).select("id").first())?.id;
    if (!whatsappId) throw notFound("ERR_NO_DEF_WAPP_FOUND");
    const status = input.status ?? "open";
    let ticket;
    try {
      ticket = await Ticket.scoped(companyId).insertAndFetch(newTicketFields({
        contactId: contact.id,
        whatsappId,
        queueId: input.queueId ?? null,
        status,
        isGroup: contact.isGroup,
        userId: status === "open" ? input.userId ?? actor.id : input.userId ?? null,
        ...status === "open" ? { acceptedAt: dbNow() } : {}
      }));
    } catch (err) {
      if (isUniqueViolation(err)) throw await otherOpenTicket(companyId, contact.id, whatsappId);
      throw new AppError("ERR_CREATING_TICKET", 500, err.message);
    }
    await onLive?.(companyId, ticket);
    return await publish({ kind: "created", companyId, ticket, origin: "agent", userId: actor.id });
  }
  async function remove(actor, id) {
    if (!actor.isAdmin) throw forbidden("ERR_NO_PERMISSION");
    const ticket = await load(actor.companyId, id);
    await Ticket.scoped(actor.companyId).deleteById(ticket.id);
    await publish({ kind: "deleted", companyId: actor.companyId, ticket, userId: actor.id });
  }
  async function releaseUser(companyId, userId, byUserId) {
    await User.scoped(companyId).where("id", userId).patch({ online: false, away: true });
    const held = await Ticket.scoped(companyId).where({ userId }).whereNot("status", "closed");
    for (const ticket of held) {
      const released = await Ticket.scoped(companyId).patchAndFetchById(ticket.id, { status: "pending", userId: null });
      await emitUpdate(companyId, released, ticket, byUserId);
    }
  }
  async function markRead(companyId, ticket) {
    if (ticket.unreadMessages === 0) return;
    await Ticket.scoped(companyId).findById(ticket.id).patch({ unreadMessages: 0 });
    ticket.unreadMessages = 0;
    await publish({ kind: "read", companyId, ticket });
  }
  return { load, update, create, remove, close, markRead, emitUpdate, emitChange, releaseUser };
}
export {
  createTicketService
};
