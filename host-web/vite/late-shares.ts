import type { Plugin } from 'vite';

/**
 * The federation plugin loads, before the host renders anything, every shared library some host module imports
 * ("materialize"), whether the first screen needs it or not. PrimeReact's shared core (~32 kB brotli) is used by
 * no module of the login page, only by screens loaded later: this marks those shares as not to load at start, so
 * they load with the first chunk that imports them (the module's own static import) or when a remote asks the
 * share scope for them (their `get()`), one copy either way (docs/decisions.md "The login page without PrimeReact").
 * Remotes load after sign-in, behind the layout, which imports PrimeReact first.
 */
export function lateShares(prefixes: string[]): Plugin {
  const keys = prefixes.map((p) => p.replace(/[/.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
  // One entry of the host's shared import map, as emitted (minified or not): `"<key>":{name:"<key>",…,materialize:!0`.
  const entry = new RegExp(`(["'](?:${keys})[^"']*["']\\s*:\\s*\\{\\s*name\\s*:\\s*["'][^"']+["'][^{}]*?materialize\\s*:\\s*)(?:!0|true)\\b`, 'g');
  return {
    name: 'atrium-late-shares',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const map = Object.values(bundle).find((c) => c.type === 'chunk' && c.fileName.includes('localSharedImportMap'));
      if (!map || map.type !== 'chunk') this.error('late-shares: the federation plugin\'s shared import map was not found');
      let marked = 0;
      map.code = map.code.replace(entry, (_whole, head: string) => { marked += 1; return `${head}!1`; });
      // A federation plugin that writes this map differently must not go unnoticed (the login page would grow again).
      if (marked === 0) this.error('late-shares: no shared entry was marked; the federation plugin changed its output');
    },
  };
}
