import { useSyncExternalStore } from 'react';
import type { PluginInfo } from './types';

/**
 * The plugins this session may load (from GET /api/plugins): the list the routes and the menu read.
 * Filled after sign-in by remotes/plugins.ts (kept apart so the login page does not download it).
 */
let plugins: PluginInfo[] = [];
let loaded = false;
const listeners = new Set<() => void>();

export function publishPlugins(next: PluginInfo[], done = true) {
  plugins = next;
  loaded = done;
  for (const l of listeners) l();
}

/** Whether GET /api/plugins has answered (or failed) for this session. */
export function usePluginsLoaded(): boolean {
  return useSyncExternalStore((l) => { listeners.add(l); return () => { listeners.delete(l); }; }, () => loaded);
}

export function markPluginsFailed() { publishPlugins(plugins, true); }

export function usePlugins(): PluginInfo[] {
  return useSyncExternalStore((l) => { listeners.add(l); return () => { listeners.delete(l); }; }, () => plugins);
}
