const ESCAPES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const escapeHtml = (text) => String(text ?? "").replace(/[&<>"']/g, (c) => ESCAPES[c]);
function transcriptHtml(input) {
  const byTicket = /* @__PURE__ */ new Map();
  for (const m of input.messages) byTicket.set(m.ticketId, [...byTicket.get(m.ticketId) ?? [], m]);
  const sections = input.tickets.map((ticket) => {
    const lines = (byTicket.get(ticket.id) ?? []).map((m) => {
      const who = m.fromMe ? "company" : "contact";
      const file = m.file ? ` <a href="${escapeHtml(m.file)}">${escapeHtml(m.mediaName ?? m.file)}</a>` : "";
      const body = m.isDeleted ? "<em>(deleted)</em>" : escapeHtml(m.body);
      return `<li class="${who}"><time>${escapeHtml(m.createdAt)}</time> <b>${who === "company" ? "Company" : escapeHtml(input.contact.name)}</b>: ${body}${file}</li>`;
    });
    const notes = input.notes.filter((n) => n.ticketId === ticket.id).map((n) => `<li class="note"><time>${escapeHtml(n.createdAt)}</time> <b>Note${n.author ? ` (${escapeHtml(n.author)})` : ""}</b>: ${escapeHtml(n.note)}</li>`);
    const tags = ticket.tags.length ? ` \xB7 tags: ${ticket.tags.map(escapeHtml).join(", ")}` : "";
    return `<section><h2>Ticket #${ticket.id} \xB7 ${escapeHtml(ticket.status)}${ticket.queue ? ` \xB7 ${escapeHtml(ticket.queue)}` : ""}${tags}</h2>
<p>${escapeHtml(ticket.createdAt)}${ticket.closedAt ? ` \u2013 ${escapeHtml(ticket.closedAt)}` : ""}</p>
<ol>${[...lines, ...notes].join("\n")}</ol></section>`;
  });
  return `<!doctype html>
<html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src 'self'">
<title>${escapeHtml(input.contact.name)}</title>
<style>body{font-family:sans-serif;max-width:50rem;margin:auto}li{margin:.3rem 0;list-style:none}.company{text-align:right}.note{color:#8a6d00}time{color:#777;font-size:.8em}</style>
</head><body>
<h1>${escapeHtml(input.contact.name)}</h1>
<p>${escapeHtml(input.contact.number)}${input.contact.email ? ` \xB7 ${escapeHtml(input.contact.email)}` : ""} \xB7 exported ${escapeHtml(input.exportedAt)}</p>
${sections.join("\n")}
</body></html>
`;
}
export {
  escapeHtml,
  transcriptHtml
};
