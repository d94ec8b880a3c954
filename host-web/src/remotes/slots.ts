import { useSyncExternalStore } from 'react';
import type { PluginInfo } from './types';
import type { RemoteSlots } from '../sdk/types';

/** One enabled plugin's slot components (its remote is downloaded right after login, not on its first route). */
export interface SlotContribution { pluginId: string; slots: RemoteSlots }

let contributions: SlotContribution[] = [];
let generation = 0;
const listeners = new Set<() => void>();

function publish(next: SlotContribution[]) {
  contributions = next;
  for (const l of listeners) l();
}

/**
 * Downloads the remotes of the listed (plan-enabled) plugins that declare slots. A remote that fails to load
 * contributes nothing; the console goes on without it. A later call (another login) supersedes an earlier one.
 */
export async function loadSlotRemotes(plugins: PluginInfo[]): Promise<void> {
  const mine = ++generation;
  const wanted = plugins.filter((p) => p.remote?.slots?.length);
  // The loader brings the SDK (blocks, socket client, forms): not part of the login page's download.
  const { loadRemoteModule } = await import('./loader');
  const settled = await Promise.allSettled(wanted.map(async (p) => {
    const mod = await loadRemoteModule(p.remote!.name, p.remote!.exposes);
    return { pluginId: p.id, slots: mod.slots ?? {} };
  }));
  if (mine !== generation) return;
  settled.forEach((r, i) => { if (r.status === 'rejected') console.warn(`slots of plugin ${wanted[i].id} not loaded`, r.reason); });
  publish(settled.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : [])));
}

/** At logout: no slot renders until the next login's plugins are known. */
export function clearSlots() {
  generation++;
  publish([]);
}

export function useSlotContributions(): SlotContribution[] {
  return useSyncExternalStore((l) => { listeners.add(l); return () => { listeners.delete(l); }; }, () => contributions);
}
