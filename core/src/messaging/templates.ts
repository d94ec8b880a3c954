/**
 * Message templates (core §5): greeting, closing, rating and transfer messages may use
 * {{firstName}}, {{name}}, {{greeting}}, {{protocol}}, {{hour}} (and {{user}}, {{queue}} where known).
 * Unknown variables are left as written so a typo is visible rather than silently blank.
 */
export interface TemplateContext {
  name?: string | null;
  protocol?: string | null;
  user?: string | null;
  queue?: string | null;
  now?: Date;
}

/** bom dia / boa tarde / boa noite by the hour of the server's local clock. */
export function greetingFor(date: Date): string {
  const hour = date.getHours();
  if (hour >= 5 && hour < 12) return 'Bom dia';
  if (hour >= 12 && hour < 18) return 'Boa tarde';
  return 'Boa noite';
}

const pad = (n: number) => String(n).padStart(2, '0');

export function renderTemplate(text: string, ctx: TemplateContext): string {
  const now = ctx.now ?? new Date();
  const name = (ctx.name ?? '').trim();
  const values: Record<string, string> = {
    firstName: name.split(/\s+/)[0] ?? '',
    name,
    greeting: greetingFor(now),
    protocol: ctx.protocol ?? '',
    hour: `${pad(now.getHours())}:${pad(now.getMinutes())}`,
    user: ctx.user ?? '',
    queue: ctx.queue ?? '',
  };
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, key: string) => (key in values ? values[key] : whole));
}

/** The ticket's protocol number: its creation day (YYYYMMDD) followed by its id. */
export function protocolOf(ticket: { id: number; createdAt?: string | null; protocol?: string | null }): string {
  if (ticket.protocol) return ticket.protocol;
  const day = (ticket.createdAt ?? new Date().toISOString()).slice(0, 10).replace(/-/g, '');
  return `${day}${ticket.id}`;
}
