function greetingFor(date) {
  const hour = date.getHours();
  if (hour >= 5 && hour < 12) return "Bom dia";
  if (hour >= 12 && hour < 18) return "Boa tarde";
  return "Boa noite";
}
const pad = (n) => String(n).padStart(2, "0");
function renderTemplate(text, ctx) {
  const now = ctx.now ?? /* @__PURE__ */ new Date();
  const name = (ctx.name ?? "").trim();
  const values = {
    firstName: name.split(/\s+/)[0] ?? "",
    name,
    greeting: greetingFor(now),
    protocol: ctx.protocol ?? "",
    hour: `${pad(now.getHours())}:${pad(now.getMinutes())}`,
    user: ctx.user ?? "",
    queue: ctx.queue ?? ""
  };
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, key) => key in values ? values[key] : whole);
}
function protocolOf(ticket) {
  if (ticket.protocol) return ticket.protocol;
  const day = (ticket.createdAt ?? (/* @__PURE__ */ new Date()).toISOString()).slice(0, 10).replace(/-/g, "");
  return `${day}${ticket.id}`;
}
export {
  greetingFor,
  protocolOf,
  renderTemplate
};
