import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { getInstance } from '@module-federation/runtime';
import { createSdk } from '../sdk/create';
import { addTranslations } from '../i18n';
import type { RemoteFactory, RemoteModule } from '../sdk/types';

const modules = new Map<string, Promise<RemoteModule>>();
const components = new Map<string, LazyExoticComponent<ComponentType>>();

/** Downloads `<name>/plugin` once, calls its factory with the SDK, merges its strings. */
export function loadRemoteModule(name: string, exposes = './plugin'): Promise<RemoteModule> {
  let pending = modules.get(name);
  if (!pending) {
    pending = (async () => {
      const instance = getInstance();
      if (!instance) throw new Error('Module Federation runtime is not initialised');
      const loaded = await instance.loadRemote<{ default: RemoteFactory } | RemoteFactory>(`${name}/${exposes.replace(/^\.\//, '')}`);
      const factory = typeof loaded === 'function' ? loaded : loaded?.default;
      if (typeof factory !== 'function') throw new Error(`${name}: ./plugin has no default export factory`);
      const mod = await factory(createSdk());
      addTranslations(mod.i18n);
      return mod;
    })();
    pending.catch(() => modules.delete(name));
    modules.set(name, pending);
  }
  return pending;
}

/** A cached React.lazy for one route of a remote. */
export function remoteRouteComponent(name: string, path: string, exposes?: string): LazyExoticComponent<ComponentType> {
  const key = `${name}|${path}`;
  let component = components.get(key);
  if (!component) {
    component = lazy(async () => {
      const mod = await loadRemoteModule(name, exposes);
      const route = mod.routes.find((r) => r.path === path) ?? mod.routes.find((r) => r.path.replace(/\/:[^/]+\??$/, '') === path.replace(/\/:[^/]+\??$/, ''));
      if (!route) throw new Error(`${name}: no route ${path}`);
      return { default: route.Component };
    });
    components.set(key, component);
  }
  return component;
}

/** Forgets a remote's module and lazies, so the next render downloads it again (Retry). */
export function dropRemote(name: string) {
  modules.delete(name);
  for (const key of [...components.keys()]) if (key.startsWith(`${name}|`)) components.delete(key);
}
