/** One line of the simulated phone's screen: what the customer wrote, or what the connection sent (with its ack). */
export interface PhoneLine {
  key: string; from: 'customer' | 'agent'; to: string; body: string; mediaUrl?: string | null; ack?: number; at: string;
  /** The network's id of the message (the customer's, as the inbound route answered it). */
  providerId?: string;
  edited?: boolean; deleted?: boolean; forwarded?: boolean;
  /** providerId of the message this one quotes, and that message's text once resolved. */
  quotedProviderId?: string | null; quoted?: string;
  /** The other side's reaction under the line. */
  reaction?: string;
}

export interface OutboxRecord {
  id: number; providerId: string; to: string; body: string | null; mediaUrl: string | null; ack: number; createdAt: string; deletedAt?: string | null;
  kind?: 'message' | 'reaction'; targetProviderId?: string | null; quotedProviderId?: string | null; forwarded?: boolean; editedAt?: string | null;
}

export const digits = (s: string) => s.replace(/\D/g, '');

/**
 * The customer's and the agent's lines for one number, oldest first: the agent's edits, forwards and quotes as the
 * phone shows them, the agent's latest reaction under the customer's line, the customer's own reactions (`mine`, by
 * providerId) under the agent's.
 */
export function conversationFor(number: string, sent: PhoneLine[], outbox: OutboxRecord[], mine: Record<string, string> = {}): PhoneLine[] {
  const n = digits(number);
  const ofNumber = outbox.filter((r) => !r.deletedAt && (!n || digits(r.to) === n));
  const agentReactions = new Map<string, string>();
  for (const r of [...ofNumber].sort((a, b) => a.id - b.id)) if (r.kind === 'reaction' && r.targetProviderId) agentReactions.set(r.targetProviderId, r.body ?? '');
  const agent: PhoneLine[] = ofNumber.filter((r) => r.kind !== 'reaction').map((r) => ({
    key: `o${r.id}`, from: 'agent', to: r.to, body: r.body ?? '', mediaUrl: r.mediaUrl, ack: r.ack, at: r.createdAt, providerId: r.providerId,
    edited: !!r.editedAt, forwarded: !!r.forwarded, quotedProviderId: r.quotedProviderId, reaction: mine[r.providerId] || undefined,
  }));
  const lines = [...sent.filter((l) => !n || digits(l.to) === n).map((l) => ({ ...l, reaction: (l.providerId && agentReactions.get(l.providerId)) || undefined })), ...agent];
  const bodies = new Map(lines.filter((l) => l.providerId).map((l) => [l.providerId!, l.body] as const));
  return lines.map((l) => (l.quotedProviderId ? { ...l, quoted: bodies.get(l.quotedProviderId) ?? '…' } : l))
    .sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
}
