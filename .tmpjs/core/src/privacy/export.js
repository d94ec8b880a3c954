import { createReadStream, existsSync } from "node:fs";
import path from "node:path";
import { Contact, Ticket, TicketNote } from "../db/models/index.js";
import { messageJson } from "../messaging/message-view.js";
import { mediaKeyOf, messagesOf, schedulesOf } from "./subject.js";
import { transcriptHtml } from "./transcript.js";
import { withMediaLinksReplaced } from "./media-links.js";
async function buildContactExport(app, subject) {
  const { companyId } = subject;
  const { default: JSZip } = await import("jszip");
  const zip = new JSZip();
  const contact = await Contact.scoped(companyId).findById(subject.contact.id).withGraphFetched("extraInfo");
  const tickets = await Ticket.scoped(companyId).whereIn("id", subject.ticketIds).withGraphFetched("[tags, queue, user]").orderBy("id");
  const messages = await messagesOf(subject).orderBy("id");
  const notes = await TicketNote.scoped(companyId).where((q) => q.whereIn("ticketId", subject.ticketIds).orWhere("contactId", subject.contact.id)).withGraphFetched("user").orderBy("id");
  const schedules = await schedulesOf(subject).orderBy("id");
  const missing = [];
  const added = /* @__PURE__ */ new Map();
  const addFile = (key, name) => {
    if (!key) return void 0;
    if (added.has(key)) return added.get(key);
    const file = app.storage.resolve(key);
    const entry = file && existsSync(file) ? name : void 0;
    if (entry) zip.file(name, createReadStream(file));
    else missing.push(name);
    added.set(key, entry);
    return entry;
  };
  const inZipName = (key) => path.basename(key).replace(/^[0-9a-f]{32}-/, "");
  const json = (value) => `${JSON.stringify(withMediaLinksReplaced(value, (key) => addFile(key, `media/linked-${added.size + 1}-${inZipName(key)}`)), null, 2)}
`;
  const messageRows = messages.map((m) => {
    const key = mediaKeyOf(m);
    const file = key ? addFile(key, `media/${m.id}-${inZipName(key)}`) : void 0;
    return { ...messageJson(m), file };
  });
  const scheduleRows = schedules.map((s) => ({ ...s.toJSON(), file: s.mediaPath ? addFile(s.mediaPath, `media/schedule-${s.id}-${inZipName(s.mediaPath)}`) : void 0 }));
  const ticketRows = tickets.map((t) => {
    const { tags, queue, user, ...row } = t.toJSON();
    return { ...row, tags: (tags ?? []).map((tag) => tag.name), queue: queue?.name ?? null, user: user?.name ?? null };
  });
  const noteRows = notes.map((n) => ({ id: n.id, ticketId: n.ticketId, note: n.note, author: n.user?.name ?? null, createdAt: n.createdAt }));
  zip.file("contact.json", json(contact?.toJSON()));
  zip.file("tickets.json", json(ticketRows));
  zip.file("messages.json", json(messageRows));
  zip.file("notes.json", json(noteRows));
  zip.file("schedules.json", json(scheduleRows));
  const counts = { tickets: ticketRows.length, messages: messageRows.length, notes: noteRows.length, schedules: scheduleRows.length };
  for (const handler of app.privacy.handlers()) {
    if (!handler.export) continue;
    zip.file(`plugins/${handler.pluginId}.json`, json(await handler.export(subject)));
  }
  zip.file("transcript.html", transcriptHtml({
    contact: subject.contact,
    tickets: ticketRows.map((t) => ({ id: t.id, status: t.status, createdAt: t.createdAt, closedAt: t.closedAt, queue: t.queue, tags: t.tags })),
    messages: messageRows,
    notes: noteRows,
    exportedAt: (/* @__PURE__ */ new Date()).toISOString()
  }));
  if (missing.length) zip.file("missing-files.json", json(missing));
  counts.files = messageRows.filter((m) => m.file).length + scheduleRows.filter((s) => s.file).length;
  return { stream: zip.generateNodeStream({ type: "nodebuffer", streamFiles: true, compression: "DEFLATE" }), counts };
}
export {
  buildContactExport
};
