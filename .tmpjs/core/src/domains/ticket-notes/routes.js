import { Type } from "@sinclair/typebox";
import { Contact, Ticket, TicketNote } from "../../db/models/index.js";
import { loadActor, visibleTicket, whereCanSee } from "../tickets/access.js";
import { forbidden, notFound } from "../../http/errors.js";
import { IdParams, OkReply } from "../../http/schemas.js";
const NoteReply = Type.Object({ id: Type.Integer(), note: Type.String(), ticketId: Type.Integer() }, { additionalProperties: true });
const ticketNotesRoutes = async (app) => {
  const emit = (companyId, ticket, payload) => app.bus.emitForTicket(companyId, ticket, "ticketNote", payload);
  const withUser = (companyId) => TicketNote.scoped(companyId).withGraphFetched("user").modifyGraph("user", (b) => {
    b.select("id", "name");
  });
  app.post("/ticket-notes", {
    schema: {
      tags: ["tickets"],
      body: Type.Object({ note: Type.String({ minLength: 2, maxLength: 1e4 }), ticketId: Type.Integer({ minimum: 1 }), contactId: Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.Null()])) }),
      response: { 200: NoteReply }
    }
  }, async (request) => {
    const companyId = request.user.companyId;
    const ticket = await visibleTicket(request.user, request.body.ticketId);
    const contactId = request.body.contactId ?? ticket.contactId;
    if (!await Contact.scoped(companyId).findById(contactId).select("id")) throw notFound("ERR_NO_CONTACT_FOUND", "Contact not found");
    const created = await TicketNote.scoped(companyId).insert({ note: request.body.note.trim(), ticketId: ticket.id, contactId, userId: request.user.id });
    const note = await withUser(companyId).findById(created.id);
    emit(companyId, ticket, { action: "create", ticketNote: note });
    return note.toJSON();
  });
  app.get("/ticket-notes/list", {
    schema: {
      tags: ["tickets"],
      querystring: Type.Object({ ticketId: Type.Optional(Type.Integer({ minimum: 1 })), contactId: Type.Optional(Type.Integer({ minimum: 1 })) }),
      response: { 200: Type.Array(NoteReply) }
    }
  }, async (request) => {
    const { ticketId, contactId } = request.query;
    if (ticketId) await visibleTicket(request.user, ticketId);
    const actor = await loadActor(request.user);
    const q = withUser(request.user.companyId).orderBy("ticketNotes.createdAt", "desc").orderBy("ticketNotes.id", "desc").limit(500);
    if (ticketId) q.where("ticketNotes.ticketId", ticketId);
    if (contactId) q.where("ticketNotes.contactId", contactId);
    if (!actor.isAdmin) {
      q.whereExists(Ticket.scoped(request.user.companyId).whereColumn("tickets.id", "ticketNotes.ticketId").where(whereCanSee(actor)).select("tickets.id"));
    }
    return (await q).map((n) => n.toJSON());
  });
  app.delete("/ticket-notes/:id", { schema: { tags: ["tickets"], params: IdParams, response: { 200: OkReply } } }, async (request) => {
    const companyId = request.user.companyId;
    const note = await TicketNote.scoped(companyId).findById(request.params.id);
    if (!note) throw notFound("ERR_NO_TICKET_NOTE_FOUND", "Note not found");
    const admin = request.user.profile === "admin" || request.user.super;
    if (!admin && note.userId !== request.user.id) throw forbidden("ERR_NO_PERMISSION", "Only the author or an admin may delete a note");
    const ticket = await visibleTicket(request.user, note.ticketId);
    await TicketNote.scoped(companyId).where("id", note.id).delete();
    emit(companyId, ticket, { action: "delete", ticketNoteId: note.id, ticketId: note.ticketId });
    return { message: "Note deleted" };
  });
};
var routes_default = ticketNotesRoutes;
export {
  routes_default as default
};
