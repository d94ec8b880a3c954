import type { AckUpdate, InboundKind, InboundMessage } from '@atrium/core/sdk';

/** One `changes[].value` of a webhook delivery (field "messages"), as far as the product reads it. */
export interface CloudChangeValue {
  metadata?: { display_phone_number?: string; phone_number_id?: string };
  contacts?: Array<{ wa_id?: string; profile?: { name?: string } }>;
  messages?: CloudMessage[];
  statuses?: CloudStatus[];
}

interface CloudMedia { id: string; mime_type?: string; caption?: string; filename?: string }

export interface CloudMessage {
  from: string;
  id: string;
  timestamp?: string;
  type: string;
  context?: { id?: string };
  text?: { body?: string };
  image?: CloudMedia; audio?: CloudMedia; video?: CloudMedia; document?: CloudMedia; sticker?: CloudMedia;
  location?: { latitude?: number; longitude?: number; name?: string; address?: string };
  contacts?: Array<{ name?: { formatted_name?: string }; phones?: Array<{ phone?: string; wa_id?: string }> }>;
  reaction?: { message_id?: string; emoji?: string };
  interactive?: { type?: string; button_reply?: { id?: string; title?: string }; list_reply?: { id?: string; title?: string } };
  button?: { text?: string; payload?: string };
}

export interface CloudStatus { id: string; status: string; timestamp?: string; errors?: Array<{ code?: number; title?: string }> }

/** An inbound message whose media is still to download (by the provider, with the token). */
export interface NormalizedInbound { message: Omit<InboundMessage, 'media'>; mediaId?: string; mimetype?: string; filename?: string }

const MEDIA_KINDS = ['image', 'audio', 'video', 'document', 'sticker'] as const;
const ACKS: Record<string, AckUpdate['ack']> = { sent: 1, delivered: 3, read: 4 };

const digits = (s: string | undefined) => (s ?? '').replace(/\D/g, '');
const timeOf = (unix: string | undefined) => (unix && /^\d+$/.test(unix) ? new Date(Number(unix) * 1000) : new Date());

/** The text the bots and agents see: buttons and list answers become their title, like a typed answer. */
function bodyAndKind(msg: CloudMessage): { kind: InboundKind; body: string; data?: Record<string, unknown> } | undefined {
  switch (msg.type) {
    case 'text': return { kind: 'text', body: msg.text?.body ?? '' };
    case 'interactive': {
      const reply = msg.interactive?.button_reply ?? msg.interactive?.list_reply;
      return reply ? { kind: 'text', body: reply.title ?? '', data: { replyId: reply.id ?? null } } : undefined;
    }
    case 'button': return { kind: 'text', body: msg.button?.text ?? '', data: { payload: msg.button?.payload ?? null } };
    case 'location': {
      const loc = msg.location ?? {};
      return { kind: 'location', body: [loc.name, loc.address].filter(Boolean).join(' — ') || `${loc.latitude},${loc.longitude}`, data: { latitude: loc.latitude, longitude: loc.longitude, name: loc.name, address: loc.address } };
    }
    case 'contacts': {
      const first = msg.contacts?.[0];
      return { kind: 'vcard', body: first?.name?.formatted_name ?? '', data: { contacts: msg.contacts } };
    }
    case 'reaction': return { kind: 'reaction', body: msg.reaction?.emoji ?? '' };
    default: {
      const media = (MEDIA_KINDS as readonly string[]).includes(msg.type) ? msg[msg.type as (typeof MEDIA_KINDS)[number]] : undefined;
      if (!media) return undefined;
      return { kind: msg.type as InboundKind, body: media.caption ?? '' };
    }
  }
}

/** The messages of one change, normalised (kinds the product does not read — `unsupported`, `system` — are skipped). */
export function inboundOf(value: CloudChangeValue): NormalizedInbound[] {
  const names = new Map((value.contacts ?? []).map((c) => [digits(c.wa_id), c.profile?.name]));
  const out: NormalizedInbound[] = [];
  for (const msg of value.messages ?? []) {
    const shape = bodyAndKind(msg);
    if (!shape || !msg.id || !digits(msg.from)) continue;
    const from = digits(msg.from);
    const media = (MEDIA_KINDS as readonly string[]).includes(msg.type) ? msg[msg.type as (typeof MEDIA_KINDS)[number]] : undefined;
    out.push({
      message: {
        providerId: msg.id, from, pushName: names.get(from) || undefined, fromMe: false, isGroup: false,
        kind: shape.kind, body: shape.body, data: shape.data,
        quotedProviderId: msg.type !== 'reaction' ? msg.context?.id : undefined,
        targetProviderId: msg.type === 'reaction' ? msg.reaction?.message_id : undefined,
        timestamp: timeOf(msg.timestamp),
      },
      mediaId: media?.id, mimetype: media?.mime_type, filename: media?.filename,
    });
  }
  return out;
}

/** Statuses as acks: sent 1, delivered 3, read 4; failed ones are answered apart (their error is kept). */
export function acksOf(value: CloudChangeValue): { acks: AckUpdate[]; failed: Array<{ providerId: string; code?: number; title?: string }> } {
  const acks: AckUpdate[] = [];
  const failed: Array<{ providerId: string; code?: number; title?: string }> = [];
  for (const status of value.statuses ?? []) {
    if (!status.id) continue;
    if (status.status === 'failed') failed.push({ providerId: status.id, code: status.errors?.[0]?.code, title: status.errors?.[0]?.title });
    else if (ACKS[status.status]) acks.push({ providerId: status.id, ack: ACKS[status.status] });
  }
  return { acks, failed };
}
