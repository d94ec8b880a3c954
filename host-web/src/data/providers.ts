import { useEffect, useState } from 'react';
import { api } from '../api/client';

/**
 * What a channel can do, as far as the console reads it (GET /api/providers answers the core's ChannelCapabilities,
 * docs/plugins.md "A connection provider"; fields the console does not use are left out here).
 */
export interface ChannelCapabilities {
  reply: boolean; reactions: boolean; delete: boolean; templates: boolean;
  /** Edits within `windowMinutes` of sending (null: always), or none; media kinds it sends, each with its largest size. */
  edit: { windowMinutes: number | null } | false; media: Partial<Record<MediaKind, { maxBytes: number }>>;
}
export type MediaKind = 'image' | 'audio' | 'video' | 'document' | 'sticker';

/** One connection kind: its capabilities, whether it pairs by QR, takes settings, its icon and name. */
export interface ProviderKind {
  kind: string;
  capabilities: ChannelCapabilities;
  qr: boolean;
  settings: boolean;
  icon: string | null;
  label: Partial<Record<string, string>> | null;
  available: boolean;
}

/** The kinds barely change while the console runs: read once per page load, shared by every screen. */
let cached: Promise<ProviderKind[]> | null = null;
export function loadProviders(): Promise<ProviderKind[]> {
  cached ??= api.get<ProviderKind[]>('/providers').catch((err: unknown) => { cached = null; throw err; });
  return cached;
}

/** The connection kinds of this install (empty until read). */
export function useProviders(): ProviderKind[] {
  const [kinds, setKinds] = useState<ProviderKind[]>([]);
  useEffect(() => { let live = true; loadProviders().then((k) => { if (live) setKinds(k); }, () => {}); return () => { live = false; }; }, []);
  return kinds;
}

/** The capabilities of one kind; undefined while loading or for a kind no longer installed (nothing offered). */
export function useCapabilities(kind: string | null | undefined): ChannelCapabilities | undefined {
  const kinds = useProviders();
  return kind ? kinds.find((k) => k.kind === kind)?.capabilities : undefined;
}

/** The kinds the core itself drives (the spec's `beta`/Baileys and the try-it sandbox) show WhatsApp's icon. */
const CORE_ICON = 'pi pi-whatsapp';
export const channelIcon = (kinds: ProviderKind[], kind: string | null | undefined) => kinds.find((k) => k.kind === kind)?.icon ?? CORE_ICON;

/** A kind's name in the console's language: its plugin's label, else the kind itself. */
export const channelLabel = (kinds: ProviderKind[], kind: string, language: string) => {
  const label = kinds.find((k) => k.kind === kind)?.label;
  return label?.[language] ?? label?.en ?? kind;
};
