/** The remote's build, as every plugin remote of the repo is built (host-web/vite/remote.ts), reached through the kit. */
export { defineConfig } from 'vite';
export { remoteViteConfig } from '../../../host-web/vite/remote.js';
