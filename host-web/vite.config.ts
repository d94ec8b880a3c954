import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { federation } from '@module-federation/vite';
import { primeThemes } from './vite/prime-themes';

const api = process.env.ATRIUM_API ?? 'http://localhost:8080';

/** Libraries shared with the remotes as singletons (one React, one router, one PrimeReact, one i18next). */
const singleton = { singleton: true };

export default defineConfig({
  base: '/',
  plugins: [
    react(),
    federation({
      name: 'atrium_host',
      remotes: {},
      dts: false,
      shared: {
        react: singleton,
        // Remotes take the JSX runtime from the host too, so none bundles its own (a remote built
        // against another React would otherwise render elements this React rejects).
        'react/jsx-runtime': singleton,
        'react-dom': singleton,
        'react-router-dom': singleton,
        // The prefix key: the bare 'primereact' key breaks the build (chart.js/auto).
        'primereact/': singleton,
        i18next: singleton,
        'react-i18next': singleton,
      },
    }),
    primeThemes(['lara-light-purple', 'lara-dark-purple']),
  ],
  build: {
    outDir: 'dist',
    target: 'esnext',
    emptyOutDir: true,
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
