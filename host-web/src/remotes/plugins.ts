import { getInstance } from '@module-federation/runtime';
import { api } from '../api/client';
import { addTranslations } from '../i18n';
import { publishPlugins } from './registry';
import { clearSlots, loadSlotRemotes } from './slots';
import type { PluginInfo } from './types';

/** Remotes already registered with the federation runtime. */
const registered = new Set<string>();

/**
 * After login: list the company's plugins, register their remotes and merge their menu strings. Only the remotes
 * that fill console slots are downloaded now (in the background); the others wait for their first route.
 */
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
  publishPlugins(list);
  void loadSlotRemotes(list);
  return list;
}

export function clearPlugins() { clearSlots(); publishPlugins([], false); }
