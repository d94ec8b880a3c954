import { api } from '../api/client';

/**
 * After a record is saved: uploads its new attachment (multipart `file`, plus `extra` fields) to `path`,
 * or, when the stored one was removed and none replaces it, DELETEs `path`. Nothing to do otherwise.
 */
export async function syncMedia(path: string, { file, removed, extra }: { file: File | null; removed?: boolean; extra?: Record<string, string> }) {
  if (file) {
    const form = new FormData();
    for (const [k, v] of Object.entries(extra ?? {})) form.append(k, v);
    form.append('file', file);
    return api.upload(path, form);
  }
  if (removed) return api.delete(path);
  return undefined;
}

/** A stored media path as a URL the browser can open (paths are served under /media/ or given in full). */
export const mediaUrl = (path: string | null | undefined) =>
  !path ? '' : /^(https?:)?\/\//.test(path) || path.startsWith('/') ? path : `/media/${path}`;
