import type { ScreenDef } from '../../screens/types';

export default { path: '/tags', load: () => import('./TagsPage'), menu: { labelKey: 'menu.tags', icon: 'pi pi-tags', order: 80 } } satisfies ScreenDef;
