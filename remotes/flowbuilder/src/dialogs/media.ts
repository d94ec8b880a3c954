import type { HostSdk } from '@atrium/host-web/sdk';
import type { MediaKind, StoredMedia } from '../types';

/** ext §5: what each media node accepts; the server checks the same limits again. */
export const MEDIA_RULES: Record<MediaKind, { accept: string; exts: string; maxMb: number; types: RegExp }> = {
  img: { accept: 'image/png,image/jpeg', exts: 'png, jpg, jpeg', maxMb: 2, types: /^image\/(png|jpe?g)$/ },
  audio: { accept: 'audio/ogg,audio/mpeg,audio/mp3,audio/opus,.ogg,.mp3,.opus', exts: 'ogg, mp3, opus', maxMb: 5, types: /^audio\/(ogg|mpeg|mp3|opus)$/ },
  video: { accept: 'video/mp4', exts: 'mp4', maxMb: 20, types: /^video\/mp4$/ },
};

/** The type's and size's rule a file breaks (a translation key and its values), or null. */
export function checkFile(kind: MediaKind, file: File): { key: string; values: Record<string, unknown> } | null {
  const rule = MEDIA_RULES[kind];
  if (!rule.types.test(file.type)) return { key: 'flowbuilder.badType', values: { exts: rule.exts } };
  if (file.size > rule.maxMb * 1024 * 1024) return { key: 'flowbuilder.tooLarge', values: { max: rule.maxMb } };
  return null;
}

/** POST /flowbuilder/<kind> (multipart `medias`): the stored file, company-scoped by the server. */
export async function uploadMedia(sdk: HostSdk, kind: MediaKind, file: File): Promise<StoredMedia> {
  const form = new FormData();
  form.append('medias', file, file.name);
  const [stored] = await sdk.api.upload<StoredMedia[]>(`/flowbuilder/${kind}`, form);
  return stored;
}
