import type { ScreenDef } from '../../screens/types';

export default { path: '/todolist', load: () => import('./TodoListPage'), menu: { labelKey: 'menu.todolist', icon: 'pi pi-check-square', order: 50 } } satisfies ScreenDef;
