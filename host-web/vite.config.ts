import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { federation } from '@module-federation/vite';
import { primeThemes } from './vite/prime-themes';
import { precompress } from './vite/precompress';
import { hostProvidedLibraries, sharedByHost } from './vite/shared';
import { lateShares } from './vite/late-shares';

const api = process.env.ATRIUM_API ?? 'http://localhost:8080';

export default defineConfig({
  base: '/',
  plugins: [
    react(),
    hostProvidedLibraries(),
    federation({
      name: 'atrium_host',
      remotes: {},
      dts: false,
      // React, the router, i18next and PrimeReact's stateful core, once (see vite/shared.ts).
      shared: sharedByHost(),
    }),
    // PrimeReact's shared core loads with the first screen that uses it, not before the login page (vite/late-shares.ts).
    lateShares(['primereact/']),
    primeThemes(['lara-light-purple', 'lara-dark-purple']),
    precompress(),
  ],
  build: {
    outDir: 'dist',
    target: 'esnext',
    emptyOutDir: true,
    rollupOptions: {
      output: {
        // The federation plugin preloads every chunk named "index" from index.html (meant for the console's
        // main chunk); qrcode.react's chunk would be one, so the login page downloaded it. Named apart (the function
        // form: federation composes it with its own chunking).
        manualChunks: (id) => (id.includes('/node_modules/qrcode.react/') ? 'qrcode' : undefined),
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': api,
      '/socket.io': { target: api, ws: true },
      '/plugins': api,
      '/media': api,
    },
  },
});
