import type { ScreenDef } from '../../screens/types';

export default { path: '/queues', role: 'admin', load: () => import('./QueuesPage'), menu: { labelKey: 'menu.queues', icon: 'pi pi-sitemap', order: 170 } } satisfies ScreenDef;
