import type { ScreenDef } from '../../screens/types';

export default { path: '/quick-messages', load: () => import('./QuickMessagesPage'), menu: { labelKey: 'menu.quickMessages', icon: 'pi pi-bolt', order: 40 } } satisfies ScreenDef;
