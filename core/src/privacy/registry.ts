import type { PrivacyApi, PrivacyHandler } from './types.js';

export interface RegisteredPrivacyHandler extends PrivacyHandler { pluginId: string }

/** The plugins' export/erase handlers, in registration order. */
export class PrivacyRegistry {
  private list: RegisteredPrivacyHandler[] = [];

  /** The registry as one plugin sees it: its handler is filed under its id, once. */
  forPlugin(pluginId: string): PrivacyApi {
    return {
      register: (handler) => {
        if (typeof handler?.erase !== 'function') throw new Error(`plugin "${pluginId}": sdk.privacy.register needs an erase() function`);
        if (this.list.some((h) => h.pluginId === pluginId)) throw new Error(`plugin "${pluginId}" registered sdk.privacy twice`);
        this.list.push({ ...handler, pluginId });
      },
    };
  }

  handlers(): readonly RegisteredPrivacyHandler[] { return this.list; }
}
