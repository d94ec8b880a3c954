import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { federation } from '@module-federation/vite';

/**
 * The kanban remote. Everything the console already has is shared as a singleton with
 * `import: false`: the remote uses the host's copy and never downloads its own.
 * PrimeReact is shared by the prefix key 'primereact/' (the bare key breaks the build).
 */
const fromHost = { singleton: true, import: false as const };

export default defineConfig({
  base: './',
  plugins: [
    react(),
    federation({
      name: 'atrium_kanban',
      filename: 'remoteEntry.js',
      exposes: { './plugin': './src/plugin.tsx' },
      dts: false,
      shared: {
        react: fromHost,
        'react/jsx-runtime': fromHost,
        'react-dom': fromHost,
        'react-router-dom': fromHost,
        'primereact/': fromHost,
        i18next: fromHost,
        'react-i18next': fromHost,
      },
    }),
  ],
  // A remote has no page of its own: the exposed module is the only entry besides remoteEntry.js.
  build: { outDir: 'dist', target: 'esnext', emptyOutDir: true, rollupOptions: { input: './src/plugin.tsx' } },
});
