import type { ScreenDef } from '../../screens/types';

export default { path: '/helps', load: () => import('./HelpsPage'), menu: { labelKey: 'menu.helps', icon: 'pi pi-question-circle', order: 100 } } satisfies ScreenDef;
