import type { FastifyInstance } from 'fastify';
import { Announcement, FileListOption, Message, QuickMessage, Schedule } from '../db/models/index.js';
import { LIKE_ESCAPE } from '../db/like.js';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Of the storage keys an erasure or a retention run would delete, those still used by a row that stays: a
 * message of another contact (a campaign's or a file list's file is sent as the same stored file to every
 * recipient), a schedule, a quick message, a file list, an announcement, or a plugin's own row (its
 * `sdk.privacy` handler's `filesInUse`: a campaign's media, a flow's files). Those files are kept.
 */
export async function filesStillInUse(app: FastifyInstance, companyId: number, keys: string[]): Promise<Set<string>> {
  const used = new Set<string>();
  if (keys.length === 0) return used;
  for (let i = 0; i < keys.length; i += 100) {
    const chunk = keys.slice(i, i + 100);
    // One pass over the company's media messages per 100 keys (mediaUrl ends with /media/<key>).
    const rows = await Message.scoped(companyId).whereNotNull('mediaUrl')
      .where((q) => { for (const key of chunk) q.orWhereRaw('mediaUrl LIKE ? ESCAPE ?', [`%/media/${escapeLike(key)}`, LIKE_ESCAPE]); })
      .distinct('mediaUrl');
    for (const row of rows) for (const key of chunk) if (row.mediaUrl?.endsWith(`/media/${key}`)) used.add(key);
    const assets = await Promise.all([
      Schedule.scoped(companyId).whereIn('mediaPath', chunk).select('mediaPath'),
      QuickMessage.scoped(companyId).whereIn('mediaPath', chunk).select('mediaPath'),
      Announcement.query().whereIn('mediaPath', chunk).select('mediaPath'),
    ]);
    for (const list of assets) for (const row of list) used.add(row.mediaPath!);
    for (const row of await FileListOption.scoped(companyId).whereIn('path', chunk).select('path')) used.add(row.path!);
  }
  for (const handler of app.privacy.handlers()) {
    for (const key of (await handler.filesInUse?.(companyId, keys)) ?? []) used.add(key);
  }
  return used;
}

/**
 * Removes the company's files among `keys` that no remaining row uses; answers how many went. A key of another
 * company (it would not be under this company's folder) is never touched.
 */
export async function removeFiles(app: FastifyInstance, companyId: number, keys: string[]): Promise<number> {
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
