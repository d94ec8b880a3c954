import type { InboundKind, InboundMessage } from '@atrium/core/sdk';

/** One `entry[].messaging[]` event of a Messenger or Instagram delivery, as far as the product reads it. */
export interface MetaAttachment { type?: string; payload?: { url?: string; title?: string; sticker_id?: number } }
export interface MetaEvent {
  sender?: { id?: string };
  recipient?: { id?: string };
  timestamp?: number;
  message?: {
    mid?: string;
    text?: string;
    is_echo?: boolean;
    is_deleted?: boolean;
    attachments?: MetaAttachment[];
    quick_reply?: { payload?: string };
    reply_to?: { mid?: string; story?: { id?: string; url?: string } };
  };
  postback?: { mid?: string; title?: string; payload?: string };
  reaction?: { mid?: string; action?: string; emoji?: string; reaction?: string };
  read?: { watermark?: number; mid?: string };
  delivery?: { mids?: string[]; watermark?: number };
}

/** An inbound message whose attachment is still to download (by the provider, from Meta's CDN). */
export interface NormalizedInbound { message: Omit<InboundMessage, 'media'>; url?: string; mimetype?: string; filename?: string }

/** A receipt: the messages it names (delivery's mids, Instagram's read mid) or a time before which all were (watermark). */
export interface Receipt { address: string; ack: 3 | 4; mids: string[]; watermark?: number }

const MEDIA: Record<string, { kind: InboundKind; mimetype: string; filename: string }> = {
  image: { kind: 'image', mimetype: 'image/jpeg', filename: 'image.jpg' },
  audio: { kind: 'audio', mimetype: 'audio/mp4', filename: 'audio.mp4' },
  video: { kind: 'video', mimetype: 'video/mp4', filename: 'video.mp4' },
  file: { kind: 'document', mimetype: 'application/octet-stream', filename: 'file' },
  // Instagram: a story that mentions the business; its picture (the CDN link expires with the story).
  story_mention: { kind: 'image', mimetype: 'image/jpeg', filename: 'story.jpg' },
};

const timeOf = (ms?: number) => (ms && Number.isFinite(ms) ? new Date(ms) : new Date());
const fileNameOf = (url: string, fallback: string) => {
  try { return decodeURIComponent(new URL(url).pathname.split('/').pop() || '') || fallback; } catch { return fallback; }
};

/**
 * One event as the core's inbound messages: a message (text, attachments, a quick reply, a story reply or mention),
 * a postback (its title, as a typed answer), a reaction. Echoes (the Page's own sends, ours included) and events
 * from the Page itself are skipped; the sender's address is its page-scoped or Instagram-scoped id.
 */
export function inboundOf(event: MetaEvent, ownId: string): NormalizedInbound[] {
  const from = event.sender?.id;
  if (!from || from === ownId) return [];
  const base = { from, fromMe: false, isGroup: false, timestamp: timeOf(event.timestamp) };
  if (event.reaction?.mid) {
    const r = event.reaction;
    const emoji = r.action === 'unreact' ? '' : (r.emoji ?? '');
    return [{ message: { ...base, providerId: `reaction:${r.mid}:${event.timestamp ?? 0}`, kind: 'reaction', body: emoji, targetProviderId: r.mid } }];
  }
  if (event.postback) {
    const p = event.postback;
    const id = p.mid ?? `postback:${from}:${event.timestamp ?? 0}`;
    return [{ message: { ...base, providerId: id, kind: 'text', body: p.title ?? p.payload ?? '', data: { postback: p.payload ?? null } } }];
  }
  const msg = event.message;
  if (!msg?.mid || msg.is_echo || msg.is_deleted) return [];
  const story = msg.reply_to?.story;
  const common = {
    ...base,
    quotedProviderId: msg.reply_to?.mid,
    data: {
      ...(msg.quick_reply ? { quickReply: msg.quick_reply.payload ?? null } : {}),
      ...(story ? { storyReply: { id: story.id ?? null, url: story.url ?? null } } : {}),
    },
  };
  const out: NormalizedInbound[] = [];
  const attachments = msg.attachments ?? [];
  if (msg.text !== undefined || !attachments.length) {
    out.push({ message: { ...common, providerId: msg.mid, kind: 'text', body: msg.text ?? '' } });
  }
  attachments.forEach((a, i) => {
    const media = MEDIA[a.type ?? ''];
    // Several attachments in one message: the first keeps the mid (when no text took it), the others get an index.
    const providerId = out.length === 0 && i === 0 ? msg.mid! : `${msg.mid}#${i + 1}`;
    const url = a.payload?.url;
    if (media && url) {
      const data = { ...common.data, ...(a.type === 'story_mention' ? { storyMention: { url } } : {}) };
      out.push({ message: { ...common, data, providerId, kind: media.kind, body: '' }, url, mimetype: media.mimetype, filename: fileNameOf(url, media.filename) });
    } else {
      // A shared post, a reel, a link card, a sticker without a file: its link as text, the rest kept as data.
      out.push({ message: { ...common, providerId, kind: 'text', body: a.payload?.title ?? url ?? `[${a.type ?? 'attachment'}]`, data: { ...common.data, attachment: a } } });
    }
  });
  return out;
}

/** The event's receipt, if it is one: delivered (3) or read (4). */
export function receiptOf(event: MetaEvent): Receipt | undefined {
  const address = event.sender?.id;
  if (!address) return undefined;
  if (event.delivery) return { address, ack: 3, mids: event.delivery.mids ?? [], watermark: event.delivery.watermark };
  if (event.read) return { address, ack: 4, mids: event.read.mid ? [event.read.mid] : [], watermark: event.read.watermark };
  return undefined;
}
