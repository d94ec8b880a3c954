const REVOKE = 0;
const MESSAGE_EDIT = 14;
const user = (jid) => jid.split("@")[0].split(":")[0];
const server = (jid) => jid.split("@")[1] ?? "";
const isLid = (jid) => Boolean(jid && server(jid) === "lid");
const isPn = (jid) => Boolean(jid && (server(jid) === "s.whatsapp.net" || server(jid) === "c.us"));
const bareLid = (jid) => `${user(jid)}@lid`;
function unwrap(message) {
  let m = message ?? void 0;
  for (let i = 0; i < 5 && m; i++) {
    const inner = m.ephemeralMessage?.message ?? m.viewOnceMessage?.message ?? m.viewOnceMessageV2?.message ?? m.viewOnceMessageV2Extension?.message ?? m.documentWithCaptionMessage?.message ?? m.editedMessage?.message;
    if (!inner) break;
    m = inner;
  }
  return m;
}
function locationBody(loc) {
  const image = loc.jpegThumbnail && loc.jpegThumbnail.length ? `data:image/jpeg;base64,${Buffer.from(loc.jpegThumbnail).toString("base64")}` : "";
  const link = `https://maps.google.com/maps?q=${loc.degreesLatitude}%2C${loc.degreesLongitude}&z=17`;
  const description = [loc.name, loc.address].filter(Boolean).join(" - ");
  return [image, link, description].filter((part, i) => i < 2 || part).join("|");
}
function timestampOf(msg) {
  const ts = msg.messageTimestamp;
  const seconds = typeof ts === "number" ? ts : ts ? Number(ts.toString()) : Math.floor(Date.now() / 1e3);
  return new Date(seconds * 1e3);
}
async function addressOf(key, pnForLid) {
  const remote = key.remoteJid ?? "";
  const isGroup = server(remote) === "g.us";
  const resolve = async (jid, alt) => {
    if (!jid) return { number: void 0, lid: void 0 };
    if (isLid(jid)) {
      const pn = isPn(alt) ? alt : await pnForLid?.(jid).catch(() => void 0);
      return { number: user(pn || jid), lid: bareLid(jid) };
    }
    return { number: user(jid), lid: isLid(alt) ? bareLid(alt) : void 0 };
  };
  if (isGroup) {
    const participant = await resolve(key.participant, key.participantAlt);
    return { from: user(remote), isGroup, participant: participant.number, participantLid: participant.lid };
  }
  const contact = await resolve(remote, key.remoteJidAlt);
  return { from: contact.number ?? "", lid: contact.lid, isGroup };
}
function contentOf(msg, m, download) {
  const lazy = () => download(msg);
  const media = (mimetype, fallback, filename) => ({ data: lazy, mimetype: mimetype || fallback, ...filename ? { filename } : {} });
  const quoted = (ctx) => ctx?.stanzaId ? { quotedProviderId: ctx.stanzaId } : {};
  if (m.protocolMessage) {
    const pm = m.protocolMessage;
    const target = pm.key?.id ?? void 0;
    if (pm.type === REVOKE && target) return { kind: "delete", body: "", targetProviderId: target };
    if (pm.type === MESSAGE_EDIT && target) {
      const edited = unwrap(pm.editedMessage);
      const body = edited?.conversation ?? edited?.extendedTextMessage?.text ?? edited?.imageMessage?.caption ?? edited?.videoMessage?.caption ?? "";
      return { kind: "edit", body, targetProviderId: target };
    }
    return void 0;
  }
  if (m.reactionMessage) {
    return { kind: "reaction", body: m.reactionMessage.text ?? "", targetProviderId: m.reactionMessage.key?.id ?? void 0 };
  }
  if (m.conversation != null) return { kind: "text", body: m.conversation };
  if (m.extendedTextMessage) return { kind: "text", body: m.extendedTextMessage.text ?? "", ...quoted(m.extendedTextMessage.contextInfo) };
  if (m.imageMessage) return { kind: "image", body: m.imageMessage.caption ?? "", media: media(m.imageMessage.mimetype, "image/jpeg"), ...quoted(m.imageMessage.contextInfo) };
  if (m.videoMessage) return { kind: "video", body: m.videoMessage.caption ?? "", media: media(m.videoMessage.mimetype, "video/mp4"), ...quoted(m.videoMessage.contextInfo) };
  if (m.audioMessage) {
    return { kind: "audio", body: "", media: media(m.audioMessage.mimetype, "audio/ogg"), data: { ptt: Boolean(m.audioMessage.ptt), seconds: m.audioMessage.seconds ?? void 0 }, ...quoted(m.audioMessage.contextInfo) };
  }
  if (m.documentMessage) {
    const d = m.documentMessage;
    return { kind: "document", body: d.caption || d.fileName || "", media: media(d.mimetype, "application/octet-stream", d.fileName), ...quoted(d.contextInfo) };
  }
  if (m.stickerMessage) return { kind: "sticker", body: "", media: media(m.stickerMessage.mimetype, "image/webp"), ...quoted(m.stickerMessage.contextInfo) };
  const loc = m.locationMessage ?? m.liveLocationMessage;
  if (loc) {
    return {
      kind: "location",
      body: locationBody(loc),
      data: { latitude: loc.degreesLatitude, longitude: loc.degreesLongitude, name: loc.name ?? void 0, address: loc.address ?? void 0 },
      ...quoted(loc.contextInfo)
    };
  }
  if (m.contactMessage) {
    return { kind: "vcard", body: m.contactMessage.vcard ?? "", data: { displayName: m.contactMessage.displayName }, ...quoted(m.contactMessage.contextInfo) };
  }
  if (m.contactsArrayMessage) {
    const contacts = m.contactsArrayMessage.contacts ?? [];
    return { kind: "vcard", body: contacts.map((c) => c.vcard ?? "").join("\n"), data: { displayName: m.contactsArrayMessage.displayName, count: contacts.length } };
  }
  if (m.buttonsResponseMessage) return { kind: "text", body: m.buttonsResponseMessage.selectedDisplayText ?? m.buttonsResponseMessage.selectedButtonId ?? "" };
  if (m.listResponseMessage) return { kind: "text", body: m.listResponseMessage.title ?? m.listResponseMessage.singleSelectReply?.selectedRowId ?? "" };
  return void 0;
}
async function normalizeMessage(msg, options) {
  const key = msg.key;
  const remote = key?.remoteJid;
  if (!remote || !key.id || remote === "status@broadcast" || server(remote) === "newsletter" || server(remote) === "broadcast") return void 0;
  const m = unwrap(msg.message);
  if (!m) return void 0;
  const content = contentOf(msg, m, options.download);
  if (!content) return void 0;
  const address = await addressOf(key, options.pnForLid);
  const data = { ...content.data ?? {}, ..."participantLid" in address && address.participantLid ? { participantLid: address.participantLid } : {} };
  return {
    providerId: key.id,
    from: address.from,
    ..."lid" in address && address.lid ? { lid: address.lid } : {},
    ...msg.pushName ? { pushName: msg.pushName } : {},
    fromMe: Boolean(key.fromMe),
    isGroup: address.isGroup,
    ..."participant" in address && address.participant ? { participant: address.participant } : {},
    kind: content.kind,
    body: content.body,
    ...content.media ? { media: content.media } : {},
    ...content.quotedProviderId ? { quotedProviderId: content.quotedProviderId } : {},
    ...content.targetProviderId ? { targetProviderId: content.targetProviderId } : {},
    ...Object.keys(data).length ? { data } : {},
    timestamp: timestampOf(msg)
  };
}
export {
  locationBody,
  normalizeMessage,
  unwrap
};
