import type { SlotName } from '../sdk/types';

/** One entry of GET /api/plugins (only plugins the company's plan allows are listed). */
export interface PluginInfo {
  id: string;
  version: string;
  title: string;
  planFlag?: string;
  remote?: {
    name: string;
    /** URL of the remote entry, e.g. /plugins/kanban/remoteEntry.js */
    entry: string;
    exposes: string;
    routes: Array<{ path: string; role?: 'user' | 'admin' | 'super' }>;
    menu: Array<{ labelKey: string; path: string; icon?: string; order?: number; role?: string }>;
    /** The slots its remote fills: such a remote is downloaded right after login. */
    slots?: SlotName[];
    i18n: Partial<Record<'pt' | 'en' | 'es', Record<string, unknown>>>;
  };
}
