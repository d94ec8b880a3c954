import { Button } from 'primereact/button';
import { useRef } from 'react';
import type { HostSdk } from '@atrium/host-web/sdk';

const MiB = 1024 * 1024;
/** The server's limits (plugins/campaigns/src/media.ts), checked here first so a user learns before uploading. */
const RULES = [
  { type: /^image\/(png|jpeg)$/, maxMb: 2 },
  { type: /^audio\/(ogg|mpeg|mp3|opus)$/, maxMb: 5 },
  { type: /^video\/mp4$/, maxMb: 20 },
  { type: /^application\/pdf$/, maxMb: 20 },
];
export const MEDIA_ACCEPT = 'image/png,image/jpeg,audio/ogg,audio/mpeg,audio/opus,video/mp4,application/pdf';

/** Why a chosen file cannot be the campaign's media, or null when it can. */
export function mediaProblem(file: File, t: (key: string, o?: Record<string, unknown>) => string): string | null {
  const rule = RULES.find((r) => r.type.test(file.type));
  if (!rule) return t('campaigns.mediaType');
  return file.size > rule.maxMb * MiB ? t('campaigns.fileTooLarge', { mb: rule.maxMb }) : null;
}

/**
 * The campaign's media: the stored one (with a remove button that deletes it at once) or the file chosen, which the
 * dialog uploads when it saves.
 */
export function MediaField({ sdk, stored, chosen, onChoose, onRemoveStored, disabled }: {
  sdk: HostSdk; stored: { name: string; url: string | null } | null; chosen: File | null; disabled?: boolean;
  onChoose(file: File | null): void; onRemoveStored(): void;
}) {
  const { t } = sdk.useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const pick = (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    const problem = mediaProblem(file, t);
    if (problem) { sdk.toast.error(new Error(problem)); return; }
    onChoose(file);
  };
  const name = chosen?.name ?? stored?.name;
  return (
    <div className="id-select" data-testid="campaign-media">
      <label>{t('campaigns.media')}</label>
      <div className="form-row-inline">
        {name ? <span data-testid="campaign-media-name"><i className="pi pi-paperclip" /> {name}</span> : null}
        {!disabled && (
          <Button type="button" text size="small" data-testid="campaign-media-choose" onClick={() => input.current?.click()}>{t('campaigns.mediaChoose')}</Button>
        )}
        {!disabled && name ? (
          <Button type="button" text severity="danger" size="small" data-testid="campaign-media-remove"
            onClick={() => (chosen ? onChoose(null) : onRemoveStored())}>{t('campaigns.mediaRemove')}</Button>
        ) : null}
      </div>
      <input ref={input} type="file" hidden accept={MEDIA_ACCEPT} data-testid="campaign-media-file" onChange={(e) => pick(e.target.files?.[0])} />
    </div>
  );
}
