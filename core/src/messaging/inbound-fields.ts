import type { Message } from '../db/models/index.js';
import { toDbTime } from '../db/time.js';
import type { StoredFile } from '../storage/index.js';
import { mediaTypeOf } from './message-view.js';
import type { InboundMessage } from './provider.js';

const MEDIA_KINDS: Record<string, string> = { location: 'locationMessage', vcard: 'vcard', call_log: 'call_log' };

/** The ticket's "last message" line for an inbound message. */
export function labelOf(msg: InboundMessage, media?: StoredFile): string {
  if (msg.body && msg.body.trim()) return msg.body;
  if (media) return media.name;
  return msg.kind === 'text' ? '' : msg.kind;
}

export interface StoredMedia { file?: StoredFile; error?: string }

/**
 * When an inbound message was sent, as stored (`createdAt`): the time its provider reports (a message delivered
 * late keeps its own time, so the Cloud API's 24-hour window counts from it), bounded by the server's own `now`
 * (a phone's clock ahead, or a forged timestamp, never dates a message in the future); `now` when none is given.
 */
export function sentAt(reported: Date | undefined, now: string): string {
  if (!(reported instanceof Date) || Number.isNaN(reported.getTime())) return now;
  const stored = toDbTime(reported);
  return stored < now ? stored : now;
}

/** The message row of an inbound message (without quotedMsgId), the same for one message or a batch. */
export function inboundMessageFields(msg: InboundMessage, media: StoredMedia, where: { ticketId: number; contactId: number; whatsappId: number }): Partial<Message> {
  return {
    ...where, providerId: msg.providerId, body: msg.body ?? '', fromMe: msg.fromMe,
    mediaType: media.file ? (msg.kind === 'sticker' ? 'image' : mediaTypeOf(media.file.mimetype)) : MEDIA_KINDS[msg.kind] ?? null,
    mediaUrl: media.file?.url ?? null, mediaName: media.file?.name ?? null,
    ack: msg.fromMe ? 1 : 0, read: msg.fromMe, isDeleted: false, isEdited: false, isForwarded: false, status: msg.fromMe ? 'sent' : 'received',
    participant: msg.participant ?? null,
    data: media.file || media.error || msg.data
      ? { ...(msg.data ?? {}), ...(media.file ? { mediaKey: media.file.key, mimetype: media.file.mimetype } : {}), ...(media.error ? { mediaError: media.error } : {}) }
      : null,
  };
}
