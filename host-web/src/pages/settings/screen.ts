import type { ScreenDef } from '../../screens/types';

export default { path: '/settings', role: 'admin', load: () => import('./SettingsPage'), menu: { labelKey: 'menu.settings', icon: 'pi pi-cog', order: 210 } } satisfies ScreenDef;
