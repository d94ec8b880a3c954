import { Ticket } from "../db/models/index.js";
import { AppError, badRequest } from "../http/errors.js";
import { isValidNumber, normalizeNumber } from "../util/phone.js";
import { findOrCreateContact } from "../domains/contacts/find-or-create.js";
import { newTicketFields, publishTicket } from "../domains/tickets/lifecycle.js";
import { findLiveTicket } from "./live-ticket.js";
import { SESSION_MOVING } from "./session-rpc.js";
import { sendingConnection } from "./outbound.js";
async function quietTicketFor(deps, companyId, contact, whatsappId, userId) {
  const live = await findLiveTicket(companyId, contact.id, whatsappId);
  if (live) return live;
  const closed = await Ticket.scoped(companyId).where({ contactId: contact.id, whatsappId, status: "closed" }).orderBy("id", "desc").first();
  if (closed) return closed;
  const ticket = await Ticket.scoped(companyId).insertAndFetch(newTicketFields({ contactId: contact.id, whatsappId, status: "closed" }));
  await publishTicket(deps, { kind: "created", companyId, ticket, origin: "send", userId: userId ?? void 0, silent: true });
  return ticket;
}
async function numberCheck(deps, whatsappId, digits) {
  try {
    return await deps.provider(whatsappId).checkNumber(digits);
  } catch (err) {
    if (err instanceof AppError && err.code === SESSION_MOVING) throw new AppError("ERR_WAPP_NOT_INITIALIZED", 400, "The connection is moving to another process; try again shortly");
    throw err;
  }
}
function createSendToNumber(deps, sender) {
  return async function sendToNumber(input) {
    const { companyId } = input;
    const digits = normalizeNumber(input.number);
    if (!isValidNumber(digits)) throw badRequest("ERR_WAPP_INVALID_CONTACT", "Not a valid number", { field: "number" });
    if (!input.body?.trim() && !input.media && !input.template) throw badRequest("ERR_VALIDATION", "Empty message", { field: "body" });
    const whatsapp = await sendingConnection(companyId, input.whatsappId);
    let check;
    try {
      check = await numberCheck(deps, whatsapp.id, digits);
    } catch (err) {
      if (err instanceof AppError) throw err;
      deps.log.warn({ err, whatsappId: whatsapp.id }, "number check failed");
      throw new AppError("ERR_WAPP_CHECK_CONTACT", 502, "The connection could not check the number");
    }
    const canonical = normalizeNumber(check.number || digits);
    if (!check.exists || !isValidNumber(canonical)) throw badRequest("ERR_WAPP_INVALID_CONTACT", "This number has no account on the channel", { field: "number" });
    const { contact, created } = await findOrCreateContact(deps.bus, companyId, canonical, input.name);
    if (input.openTicket) {
      const { ticket: ticket2, message: message2 } = await sender.sendToContact({ companyId, contactId: contact.id, whatsappId: whatsapp.id, body: input.body, media: input.media, userId: input.userId, template: input.template });
      return { contact, ticket: ticket2, message: message2, createdContact: created };
    }
    const ticket = await quietTicketFor(deps, companyId, contact, whatsapp.id, input.userId);
    const message = await sender.send({ companyId, ticket, contact, body: input.body, media: input.media, userId: input.userId, template: input.template });
    return { contact, ticket, message, createdContact: created };
  };
}
function createCheckNumber(deps) {
  return async function checkNumber(companyId, number, whatsappId) {
    const digits = normalizeNumber(number);
    if (!isValidNumber(digits)) return { exists: false, number: digits };
    const whatsapp = await sendingConnection(companyId, whatsappId);
    const check = await numberCheck(deps, whatsapp.id, digits);
    return { exists: check.exists, number: normalizeNumber(check.number || digits) };
  };
}
export {
  createCheckNumber,
  createSendToNumber
};
