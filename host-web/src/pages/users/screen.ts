import type { ScreenDef } from '../../screens/types';

export default { path: '/users', role: 'admin', load: () => import('./UsersPage'), menu: { labelKey: 'menu.users', icon: 'pi pi-users', order: 180 } } satisfies ScreenDef;
