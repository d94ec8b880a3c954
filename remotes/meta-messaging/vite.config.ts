import { defineConfig } from 'vite';
import { remoteViteConfig } from '../../host-web/vite/remote';

// Built as every plugin remote is: what the console already has comes from it (host-web/vite/remote.ts).
export default defineConfig(remoteViteConfig('atrium_meta_messaging'));
