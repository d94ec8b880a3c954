import type { ScreenDef } from '../../screens/types';

export default {
  path: '/schedules', planFlag: 'useSchedules', load: () => import('./SchedulesPage'),
  menu: { labelKey: 'menu.schedules', icon: 'pi pi-calendar', order: 70 },
} satisfies ScreenDef;
