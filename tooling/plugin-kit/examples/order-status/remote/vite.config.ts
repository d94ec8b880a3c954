import { defineConfig, remoteViteConfig } from '@atrium/plugin-kit/vite';

// Built as every plugin remote is: what the console already has comes from it (host-web/vite/remote.ts).
export default defineConfig(remoteViteConfig('atrium_order_status'));
