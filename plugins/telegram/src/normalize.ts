import type { InboundKind, InboundMessage } from '@atrium/core/sdk';

/** The parts of a Bot API Update the channel reads (core.telegram.org/bots/api#update). */
export interface TgChat { id: number; type: string; first_name?: string; last_name?: string; username?: string }
interface TgFile { file_id: string; file_size?: number; mime_type?: string; file_name?: string }
export interface TgMessage {
  message_id: number;
  date?: number;
  chat: TgChat;
  from?: { id: number; is_bot?: boolean; first_name?: string; last_name?: string; username?: string };
  text?: string;
  caption?: string;
  photo?: TgFile[];
  document?: TgFile;
  voice?: TgFile;
  audio?: TgFile;
  video?: TgFile;
  sticker?: TgFile & { emoji?: string };
  location?: { latitude: number; longitude: number };
  contact?: { phone_number: string; first_name?: string; last_name?: string; user_id?: number; vcard?: string };
  reply_to_message?: { message_id: number };
}
export interface TgUpdate {
  update_id: number;
  message?: TgMessage;
  edited_message?: TgMessage;
  message_reaction?: { chat: TgChat; message_id: number; date?: number; new_reaction?: Array<{ type: string; emoji?: string }> };
}

/** An inbound message whose file is still to fetch (getFile, by the provider with the token). */
export interface NormalizedUpdate { message: Omit<InboundMessage, 'media'>; fileId?: string; mimetype?: string; filename?: string }

/** A message's id on the connection: Telegram numbers messages per chat, so the chat is part of it. */
export const providerIdOf = (chatId: number | string, messageId: number | string) => `${chatId}:${messageId}`;
/** The chat's own message number of a providerId (replies, edits, reactions, deletions). */
export const messageIdOf = (providerId: string) => Number(providerId.slice(providerId.lastIndexOf(':') + 1));

/** The deep-link parameter of `/start <payload>` (t.me/<bot>?start=<payload>), kept on the contact. */
export const START_FIELD = 'telegramStart';
const START = /^\/start(?:@\w+)?\s+(\S{1,64})\s*$/;

const nameOf = (chat: TgChat) => [chat.first_name, chat.last_name].filter(Boolean).join(' ') || chat.username || undefined;
const timeOf = (unix?: number) => (unix ? new Date(unix * 1000) : new Date());

function contentOf(msg: TgMessage): { kind: InboundKind; body: string; data?: Record<string, unknown>; file?: TgFile; mimetype?: string } | undefined {
  const caption = msg.caption ?? '';
  if (msg.text !== undefined) return { kind: 'text', body: msg.text };
  if (msg.photo?.length) return { kind: 'image', body: caption, file: msg.photo[msg.photo.length - 1], mimetype: 'image/jpeg' };
  if (msg.voice) return { kind: 'audio', body: '', file: msg.voice, mimetype: msg.voice.mime_type ?? 'audio/ogg', data: { asVoice: true } };
  if (msg.audio) return { kind: 'audio', body: caption, file: msg.audio, mimetype: msg.audio.mime_type ?? 'audio/mpeg' };
  if (msg.video) return { kind: 'video', body: caption, file: msg.video, mimetype: msg.video.mime_type ?? 'video/mp4' };
  if (msg.sticker) return { kind: 'sticker', body: msg.sticker.emoji ?? '', file: msg.sticker, mimetype: 'image/webp' };
  if (msg.document) return { kind: 'document', body: caption, file: msg.document, mimetype: msg.document.mime_type ?? 'application/octet-stream' };
  if (msg.location) {
    const { latitude, longitude } = msg.location;
    return { kind: 'location', body: `${latitude},${longitude}`, data: { latitude, longitude } };
  }
  if (msg.contact) {
    const c = msg.contact;
    const name = [c.first_name, c.last_name].filter(Boolean).join(' ');
    return { kind: 'vcard', body: name || c.phone_number, data: { contacts: [{ name, phone: c.phone_number }], vcard: c.vcard ?? null } };
  }
  return undefined;
}

/**
 * One update as the core's inbound messages: private chats only (no groups for now); a new message with its
 * reply, an edit of one, a reaction to one. The sender's address is the chat id (the channel is 'opaque').
 */
export function inboundOf(update: TgUpdate): NormalizedUpdate[] {
  if (update.message_reaction) {
    const r = update.message_reaction;
    if (r.chat.type !== 'private') return [];
    const emoji = r.new_reaction?.find((x) => x.type === 'emoji')?.emoji ?? '';
    return [{
      message: {
        providerId: `reaction-${update.update_id}`, from: String(r.chat.id), fromMe: false, isGroup: false, kind: 'reaction', body: emoji,
        targetProviderId: providerIdOf(r.chat.id, r.message_id), timestamp: timeOf(r.date),
      },
    }];
  }
  const edited = update.edited_message;
  if (edited) {
    if (edited.chat.type !== 'private') return [];
    return [{
      message: {
        providerId: `edit-${update.update_id}`, from: String(edited.chat.id), fromMe: false, isGroup: false, kind: 'edit',
        body: edited.text ?? edited.caption ?? '', targetProviderId: providerIdOf(edited.chat.id, edited.message_id), timestamp: timeOf(edited.date),
      },
    }];
  }
  const msg = update.message;
  if (!msg || msg.chat.type !== 'private') return [];
  const content = contentOf(msg);
  if (!content) return [];
  const start = content.kind === 'text' ? START.exec(content.body) : null;
  return [{
    message: {
      providerId: providerIdOf(msg.chat.id, msg.message_id), from: String(msg.chat.id), pushName: nameOf(msg.chat), fromMe: false, isGroup: false,
      kind: content.kind, body: content.body, data: content.data, timestamp: timeOf(msg.date),
      quotedProviderId: msg.reply_to_message ? providerIdOf(msg.chat.id, msg.reply_to_message.message_id) : undefined,
      contactFields: start ? { [START_FIELD]: start[1] } : undefined,
    },
    fileId: content.file?.file_id, mimetype: content.mimetype, filename: content.file?.file_name,
  }];
}
