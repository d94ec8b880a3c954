import { toDbTime } from "../db/time.js";
import { mediaTypeOf } from "./message-view.js";
const MEDIA_KINDS = { location: "locationMessage", vcard: "vcard", call_log: "call_log" };
function labelOf(msg, media) {
  if (msg.body && msg.body.trim()) return msg.body;
  if (media) return media.name;
  return msg.kind === "text" ? "" : msg.kind;
}
function sentAt(reported, now) {
  if (!(reported instanceof Date) || Number.isNaN(reported.getTime())) return now;
  const stored = toDbTime(reported);
  return stored < now ? stored : now;
}
function inboundMessageFields(msg, media, where) {
  return {
    ...where,
    providerId: msg.providerId,
    body: msg.body ?? "",
    fromMe: msg.fromMe,
    mediaType: media.file ? msg.kind === "sticker" ? "image" : mediaTypeOf(media.file.mimetype) : MEDIA_KINDS[msg.kind] ?? null,
    mediaUrl: media.file?.url ?? null,
    mediaName: media.file?.name ?? null,
    ack: msg.fromMe ? 1 : 0,
    read: msg.fromMe,
    isDeleted: false,
    isEdited: false,
    isForwarded: false,
    status: msg.fromMe ? "sent" : "received",
    participant: msg.participant ?? null,
    data: media.file || media.error || msg.data ? { ...msg.data ?? {}, ...media.file ? { mediaKey: media.file.key, mimetype: media.file.mimetype } : {}, ...media.error ? { mediaError: media.error } : {} } : null
  };
}
export {
  inboundMessageFields,
  labelOf,
  sentAt
};
