import type { ScreenDef } from '../../screens/types';

export default {
  path: '/messages-api', planFlag: 'useExternalApi', load: () => import('./MessagesApiPage'),
  menu: { labelKey: 'menu.messagesApi', icon: 'pi pi-code', order: 190 },
} satisfies ScreenDef;
