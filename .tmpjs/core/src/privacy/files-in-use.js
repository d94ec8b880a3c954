import { Announcement, FileListOption, Message, QuickMessage, Schedule } from "../db/models/index.js";
import { LIKE_ESCAPE } from "../db/like.js";
const escapeLike = (text) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
async function filesStillInUse(app, companyId, keys) {
  const used = /* @__PURE__ */ new Set();
  if (keys.length === 0) return used;
  for (let i = 0; i < keys.length; i += 100) {
    const chunk = keys.slice(i, i + 100);
    const rows = await Message.scoped(companyId).whereNotNull("mediaUrl").where((q) => {
      for (const key of chunk) q.orWhereRaw("mediaUrl LIKE ? ESCAPE ?", [`%/media/${escapeLike(key)}`, LIKE_ESCAPE]);
    }).distinct("mediaUrl");
    for (const row of rows) for (const key of chunk) if (row.mediaUrl?.endsWith(`/media/${key}`)) used.add(key);
    const assets = await Promise.all([
      Schedule.scoped(companyId).whereIn("mediaPath", chunk).select("mediaPath"),
      QuickMessage.scoped(companyId).whereIn("mediaPath", chunk).select("mediaPath"),
      Announcement.query().whereIn("mediaPath", chunk).select("mediaPath")
    ]);
    for (const list of assets) for (const row of list) used.add(row.mediaPath);
    for (const row of await FileListOption.scoped(companyId).whereIn("path", chunk).select("path")) used.add(row.path);
  }
  for (const handler of app.privacy.handlers()) {
    for (const key of await handler.filesInUse?.(companyId, keys) ?? []) used.add(key);
  }
  return used;
}
async function removeFiles(app, companyId, keys) {
  const own = keys.filter((key) => key.startsWith(`${companyId}/`) && app.storage.resolve(key));
  const used = await filesStillInUse(app, companyId, own);
  let removed = 0;
  for (const key of own) {
    if (used.has(key)) continue;
    await app.storage.remove(key);
    removed += 1;
  }
  return removed;
}
export {
  filesStillInUse,
  removeFiles
};
