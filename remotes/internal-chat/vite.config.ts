import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { federation } from '@module-federation/vite';
import { precompress } from '../../host-web/vite/precompress';
import { primeReactCoreFromHost, sharedFromHost } from '../../host-web/vite/shared';

/**
 * The internal-chat remote. What the console already has (React, the router, i18next, PrimeReact's
 * context and core) comes from the host, once; the other PrimeReact components it renders are bundled
 * here (host-web/vite/shared.ts).
 */
export default defineConfig({
  base: './',
  plugins: [
    react(),
    primeReactCoreFromHost(),
    federation({
      name: 'atrium_internal_chat',
      filename: 'remoteEntry.js',
      exposes: { './plugin': './src/plugin.tsx' },
      dts: false,
      shared: sharedFromHost(),
    }),
    precompress(),
  ],
  build: { outDir: 'dist', target: 'esnext', emptyOutDir: true, rollupOptions: { input: './src/plugin.tsx' } },
});
