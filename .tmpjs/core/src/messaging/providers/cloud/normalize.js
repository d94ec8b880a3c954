const MEDIA_KINDS = ["image", "audio", "video", "document", "sticker"];
const ACKS = { sent: 1, delivered: 3, read: 4 };
const digits = (s) => (s ?? "").replace(/\D/g, "");
const timeOf = (unix) => unix && /^\d+$/.test(unix) ? new Date(Number(unix) * 1e3) : /* @__PURE__ */ new Date();
function bodyAndKind(msg) {
  switch (msg.type) {
    case "text":
      return { kind: "text", body: msg.text?.body ?? "" };
    case "interactive": {
      const reply = msg.interactive?.button_reply ?? msg.interactive?.list_reply;
      return reply ? { kind: "text", body: reply.title ?? "", data: { replyId: reply.id ?? null } } : void 0;
    }
    case "button":
      return { kind: "text", body: msg.button?.text ?? "", data: { payload: msg.button?.payload ?? null } };
    case "location": {
      const loc = msg.location ?? {};
      return { kind: "location", body: [loc.name, loc.address].filter(Boolean).join(" \u2014 ") || `${loc.latitude},${loc.longitude}`, data: { latitude: loc.latitude, longitude: loc.longitude, name: loc.name, address: loc.address } };
    }
    case "contacts": {
      const first = msg.contacts?.[0];
      return { kind: "vcard", body: first?.name?.formatted_name ?? "", data: { contacts: msg.contacts } };
    }
    case "reaction":
      return { kind: "reaction", body: msg.reaction?.emoji ?? "" };
    default: {
      const media = MEDIA_KINDS.includes(msg.type) ? msg[msg.type] : void 0;
      if (!media) return void 0;
      return { kind: msg.type, body: media.caption ?? "" };
    }
  }
}
function inboundOf(value) {
  const names = new Map((value.contacts ?? []).map((c) => [digits(c.wa_id), c.profile?.name]));
  const out = [];
  for (const msg of value.messages ?? []) {
    const shape = bodyAndKind(msg);
    if (!shape || !msg.id || !digits(msg.from)) continue;
    const from = digits(msg.from);
    const media = MEDIA_KINDS.includes(msg.type) ? msg[msg.type] : void 0;
    out.push({
      message: {
        providerId: msg.id,
        from,
        pushName: names.get(from) || void 0,
        fromMe: false,
        isGroup: false,
        kind: shape.kind,
        body: shape.body,
        data: shape.data,
        quotedProviderId: msg.type !== "reaction" ? msg.context?.id : void 0,
        targetProviderId: msg.type === "reaction" ? msg.reaction?.message_id : void 0,
        timestamp: timeOf(msg.timestamp)
      },
      mediaId: media?.id,
      mimetype: media?.mime_type,
      filename: media?.filename
    });
  }
  return out;
}
function acksOf(value) {
  const acks = [];
  const failed = [];
  for (const status of value.statuses ?? []) {
    if (!status.id) continue;
    if (status.status === "failed") failed.push({ providerId: status.id, code: status.errors?.[0]?.code, title: status.errors?.[0]?.title });
    else if (ACKS[status.status]) acks.push({ providerId: status.id, ack: ACKS[status.status] });
  }
  return { acks, failed };
}
export {
  acksOf,
  inboundOf
};
