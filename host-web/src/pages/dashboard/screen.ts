import type { ScreenDef } from '../../screens/types';

export default { path: '/', role: 'admin', load: () => import('./DashboardPage'), menu: { labelKey: 'menu.dashboard', icon: 'pi pi-chart-bar', order: 10 } } satisfies ScreenDef;
