import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/**
 * What the console shares with the remotes through Module Federation, in one list for the host's and
 * every remote's vite config.
 *
 * The host loads every shared module before it renders anything (a shared module must be whole: any
 * remote may ask for any export), so the list holds only what must exist once:
 * - React, its JSX runtime, the router and i18next (hooks and contexts only work with one copy);
 * - PrimeReact's stateful core: `api` (PrimeReactContext, the ripple/locale/z-index options),
 *   `utils` (ZIndexUtils' layer counter), `componentbase` (which styles are injected), `hooks`,
 *   `overlayservice` (the bus that closes overlays) and `button`, the component every remote renders.
 *
 * Every other PrimeReact component (DataTable, Calendar, Dialog…) is bundled where it is imported: the
 * host's lazy pages get it in their own chunks and a remote bundles the ones it uses. Their imports of
 * `primereact/api` & co resolve to the shared modules above, so there is still one context.
 */
export const PRIMEREACT_SHARED = [
  'primereact/api',
  'primereact/utils',
  'primereact/componentbase',
  'primereact/hooks',
  'primereact/overlayservice',
  'primereact/button',
] as const;

const LIBRARIES = ['react', 'react/jsx-runtime', 'react-dom', 'react-router-dom', 'i18next', 'react-i18next', ...PRIMEREACT_SHARED];

type SharedConfig = { singleton: true; import?: false | string };

const vendor = (file: string) => fileURLToPath(new URL(`../src/vendor/${file}`, import.meta.url));

/**
 * What the host provides under a library's name when it is not the package itself: the exports the
 * console and the remotes use, named one by one so the bundle keeps only them (a shared module is
 * never tree-shaken). `react-router-dom` is src/vendor/router.ts (React Router 7 whole is ~58 kB
 * brotli, its component API ~13 kB), `react-i18next` src/vendor/react-i18next.ts.
 */
const PROVIDED_BY: Record<string, string> = {
  'react-router-dom': vendor('router.ts'),
  'react-i18next': vendor('react-i18next.ts'),
};

/** For the host's vite config: `react-i18next/full` (used by src/vendor/react-i18next.ts) is the package's ESM entry. */
export function hostProvidedLibraries(): Plugin {
  const entry = path.join(path.dirname(createRequire(import.meta.url).resolve('react-i18next/package.json')), 'dist', 'es', 'index.js');
  return {
    name: 'atrium-host-provided-libraries',
    enforce: 'pre',
    resolveId: (source) => (source === 'react-i18next/full' ? entry : null),
  };
}

/** The host provides each library, once. */
export function sharedByHost(): Record<string, SharedConfig> {
  return Object.fromEntries(LIBRARIES.map((name) => [name, PROVIDED_BY[name] ? { singleton: true, import: PROVIDED_BY[name] } : { singleton: true }]));
}

/** A remote uses the host's copy of each library and never downloads its own (`import: false`). */
export function sharedFromHost(): Record<string, SharedConfig> {
  return Object.fromEntries(LIBRARIES.map((name) => [name, { singleton: true, import: false }]));
}

/**
 * In a remote, PrimeReact's own modules import `primereact/api` & co. The federation plugin leaves an
 * import inside a shared package local (primereact → primereact), so a remote bundling, say,
 * `primereact/tag` would get a second PrimeReactContext of its own. This resolves those imports as if
 * the remote's code made them, which the federation plugin answers with the host's shared copy.
 * Place it before `federation()`.
 */
export function primeReactCoreFromHost(): Plugin {
  const core = new Set<string>(PRIMEREACT_SHARED);
  let root = process.cwd();
  return {
    name: 'atrium-primereact-core-from-host',
    enforce: 'pre',
    configResolved(config) {
      root = config.root;
    },
    resolveId(source, importer, options) {
      if (!core.has(source) || !importer || !/[\\/]node_modules[\\/]primereact[\\/]/.test(importer)) return null;
      return this.resolve(source, path.join(root, 'src', 'index.ts'), { ...options, skipSelf: true });
    },
  };
}
