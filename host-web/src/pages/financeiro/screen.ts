import type { ScreenDef } from '../../screens/types';

export default { path: '/financeiro', load: () => import('./InvoicesPage'), menu: { labelKey: 'menu.financeiro', icon: 'pi pi-wallet', order: 200 } } satisfies ScreenDef;
