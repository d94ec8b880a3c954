import type { proto, WAMessage, WAMessageKey } from '@whiskeysockets/baileys';
import type { InboundKind, InboundMessage } from '../provider.js';

/** Turns an @lid jid into the phone-number jid when Baileys knows it (its lid-mapping store). */
export type PnForLid = (lidJid: string) => Promise<string | null | undefined>;

export interface NormalizeOptions {
  pnForLid?: PnForLid;
  /** Downloads a media message's bytes (Baileys' downloadMediaMessage); called only when the pipeline wants them. */
  download: (message: WAMessage) => Promise<Buffer>;
}

// protocolMessage types (WAProto): REVOKE = 0, MESSAGE_EDIT = 14.
const REVOKE = 0;
const MESSAGE_EDIT = 14;

const user = (jid: string) => jid.split('@')[0].split(':')[0];
const server = (jid: string) => jid.split('@')[1] ?? '';
const isLid = (jid?: string | null) => Boolean(jid && server(jid) === 'lid');
const isPn = (jid?: string | null) => Boolean(jid && (server(jid) === 's.whatsapp.net' || server(jid) === 'c.us'));
/** The bare lid id ("123@lid"), device suffix dropped. */
const bareLid = (jid: string) => `${user(jid)}@lid`;

/** Unwraps the envelopes WhatsApp nests real content in (ephemeral, view-once, document with caption, edits). */
export function unwrap(message: proto.IMessage | null | undefined): proto.IMessage | undefined {
  let m = message ?? undefined;
  for (let i = 0; i < 5 && m; i++) {
    const inner = m.ephemeralMessage?.message ?? m.viewOnceMessage?.message ?? m.viewOnceMessageV2?.message
      ?? m.viewOnceMessageV2Extension?.message ?? m.documentWithCaptionMessage?.message ?? m.editedMessage?.message;
    if (!inner) break;
    m = inner;
  }
  return m;
}

/** The pipe-separated location body of core §3: image (thumbnail data URL), map link, optional description. */
export function locationBody(loc: proto.Message.ILocationMessage): string {
  const image = loc.jpegThumbnail && loc.jpegThumbnail.length ? `data:image/jpeg;base64,${Buffer.from(loc.jpegThumbnail).toString('base64')}` : '';
  const link = `https://maps.google.com/maps?q=${loc.degreesLatitude}%2C${loc.degreesLongitude}&z=17`;
  const description = [loc.name, loc.address].filter(Boolean).join(' - ');
  return [image, link, description].filter((part, i) => i < 2 || part).join('|');
}

function timestampOf(msg: WAMessage): Date {
  const ts = msg.messageTimestamp;
  const seconds = typeof ts === 'number' ? ts : ts ? Number(ts.toString()) : Math.floor(Date.now() / 1000);
  return new Date(seconds * 1000);
}

/** Who sent it: the phone number digits, and the @lid when WhatsApp addressed the chat by lid. */
async function addressOf(key: WAMessageKey, pnForLid?: PnForLid) {
  const remote = key.remoteJid ?? '';
  const isGroup = server(remote) === 'g.us';
  const resolve = async (jid: string | null | undefined, alt: string | null | undefined) => {
    if (!jid) return { number: undefined as string | undefined, lid: undefined as string | undefined };
    if (isLid(jid)) {
      const pn = isPn(alt) ? alt! : await pnForLid?.(jid).catch(() => undefined);
      // No mapping known yet: the lid digits stand in, and `lid` tells the pipeline what they are.
      return { number: user(pn || jid), lid: bareLid(jid) };
    }
    return { number: user(jid), lid: isLid(alt) ? bareLid(alt!) : undefined };
  };
  if (isGroup) {
    const participant = await resolve(key.participant, key.participantAlt);
    return { from: user(remote), isGroup, participant: participant.number, participantLid: participant.lid };
  }
  const contact = await resolve(remote, key.remoteJidAlt);
  return { from: contact.number ?? '', lid: contact.lid, isGroup };
}

type Content = Pick<InboundMessage, 'kind' | 'body' | 'media' | 'quotedProviderId' | 'targetProviderId' | 'data'>;

/** The message's content, or undefined for what is not a conversation message (key distribution, receipts …). */
function contentOf(msg: WAMessage, m: proto.IMessage, download: NormalizeOptions['download']): Content | undefined {
  const lazy = () => download(msg);
  const media = (mimetype: string | null | undefined, fallback: string, filename?: string | null) =>
    ({ data: lazy, mimetype: mimetype || fallback, ...(filename ? { filename } : {}) });
  const quoted = (ctx?: proto.IContextInfo | null) => (ctx?.stanzaId ? { quotedProviderId: ctx.stanzaId } : {});

  if (m.protocolMessage) {
    const pm = m.protocolMessage;
    const target = pm.key?.id ?? undefined;
    if (pm.type === REVOKE && target) return { kind: 'delete', body: '', targetProviderId: target };
    if (pm.type === MESSAGE_EDIT && target) {
      const edited = unwrap(pm.editedMessage);
      const body = edited?.conversation ?? edited?.extendedTextMessage?.text ?? edited?.imageMessage?.caption ?? edited?.videoMessage?.caption ?? '';
      return { kind: 'edit', body, targetProviderId: target };
    }
    return undefined;
  }
  if (m.reactionMessage) {
    return { kind: 'reaction', body: m.reactionMessage.text ?? '', targetProviderId: m.reactionMessage.key?.id ?? undefined };
  }
  if (m.conversation != null) return { kind: 'text', body: m.conversation };
  if (m.extendedTextMessage) return { kind: 'text', body: m.extendedTextMessage.text ?? '', ...quoted(m.extendedTextMessage.contextInfo) };
  if (m.imageMessage) return { kind: 'image', body: m.imageMessage.caption ?? '', media: media(m.imageMessage.mimetype, 'image/jpeg'), ...quoted(m.imageMessage.contextInfo) };
  if (m.videoMessage) return { kind: 'video', body: m.videoMessage.caption ?? '', media: media(m.videoMessage.mimetype, 'video/mp4'), ...quoted(m.videoMessage.contextInfo) };
  if (m.audioMessage) {
    return { kind: 'audio', body: '', media: media(m.audioMessage.mimetype, 'audio/ogg'), data: { ptt: Boolean(m.audioMessage.ptt), seconds: m.audioMessage.seconds ?? undefined }, ...quoted(m.audioMessage.contextInfo) };
  }
  if (m.documentMessage) {
    const d = m.documentMessage;
    return { kind: 'document', body: d.caption || d.fileName || '', media: media(d.mimetype, 'application/octet-stream', d.fileName), ...quoted(d.contextInfo) };
  }
  if (m.stickerMessage) return { kind: 'sticker', body: '', media: media(m.stickerMessage.mimetype, 'image/webp'), ...quoted(m.stickerMessage.contextInfo) };
  const loc = m.locationMessage ?? m.liveLocationMessage;
  if (loc) {
    return {
      kind: 'location', body: locationBody(loc),
      data: { latitude: loc.degreesLatitude, longitude: loc.degreesLongitude, name: (loc as proto.Message.ILocationMessage).name ?? undefined, address: (loc as proto.Message.ILocationMessage).address ?? undefined },
      ...quoted(loc.contextInfo),
    };
  }
  if (m.contactMessage) {
    return { kind: 'vcard', body: m.contactMessage.vcard ?? '', data: { displayName: m.contactMessage.displayName }, ...quoted(m.contactMessage.contextInfo) };
  }
  if (m.contactsArrayMessage) {
    const contacts = m.contactsArrayMessage.contacts ?? [];
    return { kind: 'vcard', body: contacts.map((c) => c.vcard ?? '').join('\n'), data: { displayName: m.contactsArrayMessage.displayName, count: contacts.length } };
  }
  if (m.buttonsResponseMessage) return { kind: 'text', body: m.buttonsResponseMessage.selectedDisplayText ?? m.buttonsResponseMessage.selectedButtonId ?? '' };
  if (m.listResponseMessage) return { kind: 'text', body: m.listResponseMessage.title ?? m.listResponseMessage.singleSelectReply?.selectedRowId ?? '' };
  return undefined;
}

/** A Baileys message as the core's InboundMessage, or undefined when it is nothing the pipeline handles. */
export async function normalizeMessage(msg: WAMessage, options: NormalizeOptions): Promise<InboundMessage | undefined> {
  const key = msg.key as WAMessageKey;
  const remote = key?.remoteJid;
  if (!remote || !key.id || remote === 'status@broadcast' || server(remote) === 'newsletter' || server(remote) === 'broadcast') return undefined;
  const m = unwrap(msg.message);
  if (!m) return undefined;
  const content = contentOf(msg, m, options.download);
  if (!content) return undefined;
  const address = await addressOf(key, options.pnForLid);
  const data = { ...(content.data ?? {}), ...('participantLid' in address && address.participantLid ? { participantLid: address.participantLid } : {}) };
  return {
    providerId: key.id,
    from: address.from,
    ...('lid' in address && address.lid ? { lid: address.lid } : {}),
    ...(msg.pushName ? { pushName: msg.pushName } : {}),
    fromMe: Boolean(key.fromMe),
    isGroup: address.isGroup,
    ...('participant' in address && address.participant ? { participant: address.participant } : {}),
    kind: content.kind as InboundKind,
    body: content.body,
    ...(content.media ? { media: content.media } : {}),
    ...(content.quotedProviderId ? { quotedProviderId: content.quotedProviderId } : {}),
    ...(content.targetProviderId ? { targetProviderId: content.targetProviderId } : {}),
    ...(Object.keys(data).length ? { data } : {}),
    timestamp: timestampOf(msg),
  };
}
