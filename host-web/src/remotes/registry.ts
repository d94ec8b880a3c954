import { useSyncExternalStore } from 'react';
import { getInstance } from '@module-federation/runtime';
import { api } from '../api/client';
import { addTranslations } from '../i18n';
import type { PluginInfo } from './types';

/** The plugins this session may load (from GET /api/plugins), registered with the federation runtime. */
let plugins: PluginInfo[] = [];
let loaded = false;
const listeners = new Set<() => void>();
const registered = new Set<string>();

function publish(next: PluginInfo[], done = true) {
  plugins = next;
  loaded = done;
  for (const l of listeners) l();
}

/** After login: list the company's plugins, register their remotes (nothing is downloaded yet) and merge their menu strings. */
export async function loadPlugins(): Promise<PluginInfo[]> {
  const reply = await api.get<{ plugins: PluginInfo[] }>('/plugins');
  const list = (reply.plugins ?? []).filter((p) => p.remote);
  const fresh = list.filter((p) => !registered.has(p.remote!.name));
  if (fresh.length) {
    const instance = getInstance();
    if (!instance) throw new Error('Module Federation runtime is not initialised');
    instance.registerRemotes(fresh.map((p) => ({ name: p.remote!.name, entry: p.remote!.entry, type: 'module' })));
    for (const p of fresh) registered.add(p.remote!.name);
  }
  for (const p of list) addTranslations(p.remote!.i18n);
  publish(list);
  return list;
}

export function clearPlugins() { publish([], false); }

/** Whether GET /api/plugins has answered (or failed) for this session. */
export function usePluginsLoaded(): boolean {
  return useSyncExternalStore((l) => { listeners.add(l); return () => { listeners.delete(l); }; }, () => loaded);
}

export function markPluginsFailed() { publish(plugins, true); }

export function usePlugins(): PluginInfo[] {
  return useSyncExternalStore((l) => { listeners.add(l); return () => { listeners.delete(l); }; }, () => plugins);
}
