import { Message, MessageReaction } from "../db/models/index.js";
function mediaTypeOf(mimetype) {
  const top = mimetype.split("/")[0];
  return ["image", "audio", "video"].includes(top) ? top : "application";
}
function messageJson(message) {
  const json = message.toJSON();
  const data = json.data;
  if (data && "mediaKey" in data) {
    const { mediaKey: _k, ...rest } = data;
    void _k;
    json.data = Object.keys(rest).length ? rest : null;
  }
  return json;
}
async function withQuoted(companyId, messages) {
  const ids = [...new Set(messages.map((m) => m.quotedMsgId).filter((id) => !!id))];
  if (ids.length === 0) return messages;
  const quoted = new Map((await Message.scoped(companyId).whereIn("id", ids)).map((m) => [m.id, m]));
  for (const m of messages) if (m.quotedMsgId) m.quotedMsg = quoted.get(m.quotedMsgId) ?? null;
  return messages;
}
async function withReactions(companyId, messages) {
  if (messages.length === 0) return messages;
  const rows = await MessageReaction.scoped(companyId).whereIn("messageReactions.messageId", messages.map((m) => m.id)).leftJoin("users", "users.id", "messageReactions.userId").select("messageReactions.messageId", "messageReactions.userId", "messageReactions.emoji", "users.name as userName").orderBy("messageReactions.id");
  const byMessage = /* @__PURE__ */ new Map();
  for (const r of rows) {
    const list = byMessage.get(Number(r.messageId)) ?? [];
    list.push({ userId: r.userId, userName: r.userName ?? null, emoji: r.emoji });
    byMessage.set(Number(r.messageId), list);
  }
  for (const m of messages) m.reactions = byMessage.get(m.id) ?? [];
  return messages;
}
export {
  mediaTypeOf,
  messageJson,
  withQuoted,
  withReactions
};
