import type { ScreenDef } from '../../screens/types';

export default {
  path: ['/tickets', '/tickets/:ticketId'],
  load: () => import('./TicketsPage'),
  menu: { labelKey: 'menu.tickets', icon: 'pi pi-whatsapp', order: 20, path: '/tickets' },
} satisfies ScreenDef;
