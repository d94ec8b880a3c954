import type { FastifyInstance } from 'fastify';
import { createReadStream, existsSync } from 'node:fs';
import path from 'node:path';
import { Contact, Ticket, TicketNote } from '../db/models/index.js';
import { messageJson } from '../messaging/message-view.js';
import { identitiesOf } from '../messaging/identities.js';
import { mediaKeyOf, messagesOf, schedulesOf } from './subject.js';
import { transcriptHtml } from './transcript.js';
import { withMediaLinksReplaced } from './media-links.js';
import type { PrivacySubject } from './types.js';

/**
 * A contact's data as one zip (LGPD access / portability): `contact.json`, `identities.json` (its addresses on channels), `tickets.json` (with tags, queue and
 * agent names), `messages.json`, `notes.json`, `schedules.json`, `plugins/<id>.json` (each plugin's own rows:
 * campaign sends, flow runs …), `media/` (the files of its messages and schedules) and `transcript.html`.
 * Files are read as the zip streams out; one missing on disk is listed in `missing-files.json`. No JSON file holds a
 * /media/ link (it would open the file without signing in): each becomes the path of its file in the zip.
 */
export async function buildContactExport(app: FastifyInstance, subject: PrivacySubject) {
  const { companyId } = subject;
  // Loaded on the first export: jszip and pako are ~60 modules every server and test process would load at start.
  const { default: JSZip } = await import('jszip');
  const zip = new JSZip();
  const contact = await Contact.scoped(companyId).findById(subject.contact.id).withGraphFetched('extraInfo');
  const tickets = await Ticket.scoped(companyId).whereIn('id', subject.ticketIds).withGraphFetched('[tags, queue, user]').orderBy('id');
  const messages = await messagesOf(subject).orderBy('id');
  const notes = await TicketNote.scoped(companyId).where((q) => q.whereIn('ticketId', subject.ticketIds).orWhere('contactId', subject.contact.id))
    .withGraphFetched('user').orderBy('id');
  const schedules = await schedulesOf(subject).orderBy('id');

  const missing: string[] = [];
  /** Each stored file once, by its key: a message's file and a link to it elsewhere share the zip entry. */
  const added = new Map<string, string | undefined>();
  const addFile = (key: string | null | undefined, name: string): string | undefined => {
    if (!key) return undefined;
    if (added.has(key)) return added.get(key);
    const file = app.storage.resolve(key);
    const entry = file && existsSync(file) ? name : undefined;
    if (entry) zip.file(name, createReadStream(file!));
    else missing.push(name);
    added.set(key, entry);
    return entry;
  };
  const inZipName = (key: string) => path.basename(key).replace(/^[0-9a-f]{32}-/, '');
  const json = (value: unknown) => `${JSON.stringify(withMediaLinksReplaced(value, (key) => addFile(key, `media/linked-${added.size + 1}-${inZipName(key)}`)), null, 2)}\n`;
  const messageRows = messages.map((m) => {
    const key = mediaKeyOf(m);
    const file = key ? addFile(key, `media/${m.id}-${inZipName(key)}`) : undefined;
    return { ...messageJson(m), file };
  });
  const scheduleRows = schedules.map((s) => ({ ...s.toJSON(), file: s.mediaPath ? addFile(s.mediaPath, `media/schedule-${s.id}-${inZipName(s.mediaPath)}`) : undefined }));
  const ticketRows = tickets.map((t) => {
    const { tags, queue, user, ...row } = t.toJSON() as unknown as Ticket;
    return { ...row, tags: (tags ?? []).map((tag) => tag.name), queue: queue?.name ?? null, user: user?.name ?? null };
  });
  const noteRows = notes.map((n) => ({ id: n.id, ticketId: n.ticketId, note: n.note, author: n.user?.name ?? null, createdAt: n.createdAt }));

  zip.file('contact.json', json(contact?.toJSON()));
  const identities = await identitiesOf(companyId, subject.contact.id);
  zip.file('identities.json', json(identities));
  zip.file('tickets.json', json(ticketRows));
  zip.file('messages.json', json(messageRows));
  zip.file('notes.json', json(noteRows));
  zip.file('schedules.json', json(scheduleRows));
  const counts: Record<string, number> = { identities: identities.length, tickets: ticketRows.length, messages: messageRows.length, notes: noteRows.length, schedules: scheduleRows.length };
  for (const handler of app.privacy.handlers()) {
    if (!handler.export) continue;
    zip.file(`plugins/${handler.pluginId}.json`, json(await handler.export(subject)));
  }
  zip.file('transcript.html', transcriptHtml({
    contact: subject.contact,
    tickets: ticketRows.map((t) => ({ id: t.id, status: t.status, createdAt: t.createdAt, closedAt: t.closedAt, queue: t.queue, tags: t.tags })),
    messages: messageRows as never,
    notes: noteRows,
    exportedAt: new Date().toISOString(),
  }));
  if (missing.length) zip.file('missing-files.json', json(missing));
  counts.files = messageRows.filter((m) => m.file).length + scheduleRows.filter((s) => s.file).length;
  return { stream: zip.generateNodeStream({ type: 'nodebuffer', streamFiles: true, compression: 'DEFLATE' }), counts };
}
