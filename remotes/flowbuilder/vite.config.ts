import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { federation } from '@module-federation/vite';
import { precompress } from '../../host-web/vite/precompress';
import { primeReactCoreFromHost, sharedFromHost } from '../../host-web/vite/shared';

/**
 * React, the router, i18next and PrimeReact's context and core come from the console, once (never
 * downloaded twice); other PrimeReact components this page renders are bundled here. See the
 * console's vite/shared.ts.
 */
export default defineConfig({
  base: './',
  plugins: [
    react(),
    primeReactCoreFromHost(),
    federation({
      name: 'atrium_flowbuilder',
      filename: 'remoteEntry.js',
      exposes: { './plugin': './src/plugin.tsx' },
      dts: false,
      shared: sharedFromHost(),
    }),
    // .br and .gz copies of each file, which the core serves to browsers that accept them.
    precompress(),
  ],
  build: { outDir: 'dist', target: 'esnext', emptyOutDir: true, rollupOptions: { input: './src/plugin.tsx' } },
});
