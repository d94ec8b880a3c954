import react from '@vitejs/plugin-react';
import { federation } from '@module-federation/vite';
import type { UserConfig } from 'vite';
import { precompress } from './precompress';
import { primeReactCoreFromHost, sharedFromHost } from './shared';

/**
 * The vite config every plugin remote is built with, given its federation name (`remote.name` of its
 * plugin.json). React, the router, i18next and PrimeReact's context and core come from the console, once
 * (never downloaded twice); other PrimeReact components the remote renders are bundled in it (shared.ts).
 * A remote has no page of its own: `./plugin` (src/plugin.tsx) is its only entry besides remoteEntry.js.
 */
export function remoteViteConfig(name: string): UserConfig {
  return {
    base: './',
    plugins: [
      react(),
      primeReactCoreFromHost(),
      federation({ name, filename: 'remoteEntry.js', exposes: { './plugin': './src/plugin.tsx' }, dts: false, shared: sharedFromHost() }),
      // .br and .gz copies of each file, which the core serves to browsers that accept them.
      precompress(),
    ],
    build: { outDir: 'dist', target: 'esnext', emptyOutDir: true, rollupOptions: { input: './src/plugin.tsx' } },
  };
}
