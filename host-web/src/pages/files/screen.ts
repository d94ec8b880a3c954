import type { ScreenDef } from '../../screens/types';

export default { path: '/files', load: () => import('./FilesPage'), menu: { labelKey: 'menu.files', icon: 'pi pi-folder-open', order: 160 } } satisfies ScreenDef;
