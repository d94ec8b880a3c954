import type { ScreenDef } from '../../screens/types';

export default {
  path: '/connections', role: 'admin', load: () => import('./ConnectionsPage'),
  menu: { labelKey: 'menu.connections', icon: 'pi pi-mobile', order: 150 },
} satisfies ScreenDef;
