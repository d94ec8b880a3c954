/** A recipient's values for the placeholders of a campaign message. */
export interface Recipient { name: string | null; number: string; email: string | null }

/**
 * Fills `{{name}}`-style placeholders (the core's), the legacy `{nome}`, `{numero}`, `{email}` and the
 * company's custom variables (`{{loja}}` or `{loja}`). Unknown placeholders are left as written.
 */
export function renderMessage(template: string, recipient: Recipient, variables: { key: string; value: string }[]): string {
  const firstName = (recipient.name ?? '').trim().split(/\s+/)[0] ?? '';
  const values = new Map<string, string>([
    ['name', recipient.name ?? ''], ['nome', recipient.name ?? ''], ['firstName', firstName],
    ['number', recipient.number], ['numero', recipient.number], ['email', recipient.email ?? ''],
  ]);
  for (const v of variables) values.set(v.key, v.value);
  const fill = (whole: string, key: string) => (values.has(key) ? values.get(key)! : whole);
  return template.replace(/\{\{\s*([\w-]+)\s*\}\}/g, fill).replace(/\{([\w-]+)\}/g, fill);
}

/** One of the non-empty variants, at random. */
export function pickVariant(messages: (string | null)[], random = Math.random): string | null {
  const variants = messages.filter((m): m is string => !!m && m.trim() !== '');
  return variants.length ? variants[Math.floor(random() * variants.length)] : null;
}
