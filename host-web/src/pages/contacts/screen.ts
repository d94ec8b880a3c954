import type { ScreenDef } from '../../screens/types';

export default { path: '/contacts', load: () => import('./ContactsPage'), menu: { labelKey: 'menu.contacts', icon: 'pi pi-id-card', order: 60 } } satisfies ScreenDef;
