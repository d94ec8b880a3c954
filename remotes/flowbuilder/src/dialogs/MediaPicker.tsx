import { useState } from 'react';
import type { HostSdk } from '@atrium/host-web/sdk';
import type { MediaKind, StoredMedia } from '../types';
import { checkFile, MEDIA_RULES, uploadMedia } from './media';

/** A file input that checks the spec's type and size, uploads, and reports the stored file (uploading state meanwhile). */
export function MediaPicker({ sdk, kind, value, onChange, testId }: {
  sdk: HostSdk; kind: MediaKind; value: Partial<StoredMedia> | null; onChange(media: StoredMedia): void; testId?: string;
}) {
  const { t } = sdk.useTranslation();
  const [busy, setBusy] = useState(false);
  const rule = MEDIA_RULES[kind];
  const pick = async (file: File | undefined) => {
    if (!file) return;
    const broken = checkFile(kind, file);
    if (broken) return sdk.toast.error(t(broken.key, broken.values));
    setBusy(true);
    try { onChange(await uploadMedia(sdk, kind, file)); } catch (err) { sdk.toast.error(err); } finally { setBusy(false); }
  };
  return (
    <div>
      <input type="file" accept={rule.accept} disabled={busy} data-testid={testId ?? `fb-file-${kind}`} onChange={(e) => { void pick(e.target.files?.[0]); e.target.value = ''; }} />
      <div><small className="muted">{busy ? t('flowbuilder.uploading') : value?.name ?? t('flowbuilder.accepts', { exts: rule.exts, max: rule.maxMb })}</small></div>
    </div>
  );
}
