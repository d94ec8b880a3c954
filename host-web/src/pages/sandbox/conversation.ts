/** One line of the simulated phone's screen: what the customer wrote, or what the connection sent (with its ack). */
export interface PhoneLine { key: string; from: 'customer' | 'agent'; to: string; body: string; mediaUrl?: string | null; ack?: number; at: string }

export interface OutboxRecord { id: number; to: string; body: string | null; mediaUrl: string | null; ack: number; createdAt: string; deletedAt?: string | null }

export const digits = (s: string) => s.replace(/\D/g, '');

/** The customer's and the agent's lines for one number, oldest first. */
export function conversationFor(number: string, sent: PhoneLine[], outbox: OutboxRecord[]): PhoneLine[] {
  const n = digits(number);
  const agent: PhoneLine[] = outbox
    .filter((r) => !r.deletedAt && (!n || digits(r.to) === n))
    .map((r) => ({ key: `o${r.id}`, from: 'agent', to: r.to, body: r.body ?? '', mediaUrl: r.mediaUrl, ack: r.ack, at: r.createdAt }));
  return [...sent.filter((l) => !n || digits(l.to) === n), ...agent].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
}
