import type { PluginDb } from '@atrium/core/sdk';

/** ext §9: the option lists of the three intervals, in seconds, and their defaults 20 / 20 / 60. */
export const MESSAGE_INTERVALS = [0, 5, 10, 15, 20];
export const LONGER_INTERVALS = [0, 1, 5, 10, 15, 20, 30, 40, 60, 80, 100, 120];
export const DEFAULTS = { messageInterval: 20, longerIntervalAfter: 20, greaterInterval: 60 };

export interface CampaignSettings {
  messageInterval: number; longerIntervalAfter: number; greaterInterval: number;
  variables: { key: string; value: string }[];
}

/** A company's settings, defaults filled in for keys it never saved. */
export async function loadSettings(db: PluginDb, companyId: number): Promise<CampaignSettings> {
  const rows: { key: string; value: string }[] = await db.table('campaignSettings', companyId).select('key', 'value');
  const stored = Object.fromEntries(rows.map((r) => [r.key, JSON.parse(r.value)]));
  return {
    messageInterval: stored.messageInterval ?? DEFAULTS.messageInterval,
    longerIntervalAfter: stored.longerIntervalAfter ?? DEFAULTS.longerIntervalAfter,
    greaterInterval: stored.greaterInterval ?? DEFAULTS.greaterInterval,
    variables: stored.variables ?? [],
  };
}

export async function saveSettings(db: PluginDb, companyId: number, settings: Partial<CampaignSettings>) {
  await db.transaction(async (tx) => {
    for (const [key, value] of Object.entries(settings)) {
      if (value === undefined) continue;
      await tx.table('campaignSettings', companyId).insert({ key, value: JSON.stringify(value) }).onConflict(['companyId', 'key']).merge(['value']);
    }
  });
}

/**
 * The pause before a connection's next campaign message (seconds), peer semantics (research §1.c): after every
 * `longerIntervalAfter`-th message the long pause, otherwise a random pause in [0, messageInterval].
 */
export function gapSeconds(settings: CampaignSettings, sentCount: number, random = Math.random): number {
  if (settings.longerIntervalAfter > 0 && sentCount > 0 && sentCount % settings.longerIntervalAfter === 0) return settings.greaterInterval;
  return random() * settings.messageInterval;
}
