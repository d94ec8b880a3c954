import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { federation } from '@module-federation/vite';
import { precompress } from '../../host-web/vite/precompress';
import { primeReactCoreFromHost, sharedFromHost } from '../../host-web/vite/shared';

/**
 * The kanban remote. Everything the console already has (React, the router, i18next, PrimeReact's
 * context and core) comes from the host, once: the remote never downloads its own copy. Other
 * PrimeReact components it renders are bundled here (host-web/vite/shared.ts).
 */
export default defineConfig({
  base: './',
  plugins: [
    react(),
    primeReactCoreFromHost(),
    federation({
      name: 'atrium_kanban',
      filename: 'remoteEntry.js',
      exposes: { './plugin': './src/plugin.tsx' },
      dts: false,
      shared: sharedFromHost(),
    }),
    precompress(),
  ],
  // A remote has no page of its own: the exposed module is the only entry besides remoteEntry.js.
  build: { outDir: 'dist', target: 'esnext', emptyOutDir: true, rollupOptions: { input: './src/plugin.tsx' } },
});
