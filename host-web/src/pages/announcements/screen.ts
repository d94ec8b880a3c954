import type { ScreenDef } from '../../screens/types';

// No route role: the page itself sends others away with an info toast after 1 s (extended.md §2); the menu entry is super only.
export default {
  path: '/announcements', load: () => import('./AnnouncementsPage'),
  menu: { labelKey: 'menu.announcements', icon: 'pi pi-megaphone', order: 120, role: 'super' },
} satisfies ScreenDef;
