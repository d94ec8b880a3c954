import type { Message, Ticket } from '../db/models/index.js';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Every text that came from a person (names, messages, notes) goes through here: the transcript never runs markup. */
export const escapeHtml = (text: unknown) => String(text ?? '').replace(/[&<>"']/g, (c) => ESCAPES[c]);

export interface TranscriptInput {
  contact: { name: string; number: string; email: string | null };
  tickets: Array<Pick<Ticket, 'id' | 'status' | 'createdAt' | 'closedAt'> & { queue?: string | null; tags: string[] }>;
  messages: Array<Pick<Message, 'id' | 'ticketId' | 'fromMe' | 'body' | 'mediaName' | 'createdAt' | 'isDeleted'> & { file?: string }>;
  notes: Array<{ ticketId: number; note: string; createdAt?: string; author?: string | null }>;
  exportedAt: string;
}

/**
 * A readable, self-contained HTML page of the contact's conversations (no script, no remote resource): one
 * section per ticket, its messages in order, files linked to their copy inside the zip, the notes after them.
 */
export function transcriptHtml(input: TranscriptInput): string {
  const byTicket = new Map<number, TranscriptInput['messages']>();
  for (const m of input.messages) byTicket.set(m.ticketId, [...(byTicket.get(m.ticketId) ?? []), m]);
  const sections = input.tickets.map((ticket) => {
    const lines = (byTicket.get(ticket.id) ?? []).map((m) => {
      const who = m.fromMe ? 'company' : 'contact';
      const file = m.file ? ` <a href="${escapeHtml(m.file)}">${escapeHtml(m.mediaName ?? m.file)}</a>` : '';
      const body = m.isDeleted ? '<em>(deleted)</em>' : escapeHtml(m.body);
      return `<li class="${who}"><time>${escapeHtml(m.createdAt)}</time> <b>${who === 'company' ? 'Company' : escapeHtml(input.contact.name)}</b>: ${body}${file}</li>`;
    });
    const notes = input.notes.filter((n) => n.ticketId === ticket.id)
      .map((n) => `<li class="note"><time>${escapeHtml(n.createdAt)}</time> <b>Note${n.author ? ` (${escapeHtml(n.author)})` : ''}</b>: ${escapeHtml(n.note)}</li>`);
    const tags = ticket.tags.length ? ` · tags: ${ticket.tags.map(escapeHtml).join(', ')}` : '';
    return `<section><h2>Ticket #${ticket.id} · ${escapeHtml(ticket.status)}${ticket.queue ? ` · ${escapeHtml(ticket.queue)}` : ''}${tags}</h2>
<p>${escapeHtml(ticket.createdAt)}${ticket.closedAt ? ` – ${escapeHtml(ticket.closedAt)}` : ''}</p>
<ol>${[...lines, ...notes].join('\n')}</ol></section>`;
  });
  return `<!doctype html>
<html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src 'self'">
<title>${escapeHtml(input.contact.name)}</title>
<style>body{font-family:sans-serif;max-width:50rem;margin:auto}li{margin:.3rem 0;list-style:none}.company{text-align:right}.note{color:#8a6d00}time{color:#777;font-size:.8em}</style>
</head><body>
<h1>${escapeHtml(input.contact.name)}</h1>
<p>${escapeHtml(input.contact.number)}${input.contact.email ? ` · ${escapeHtml(input.contact.email)}` : ''} · exported ${escapeHtml(input.exportedAt)}</p>
${sections.join('\n')}
</body></html>
`;
}
