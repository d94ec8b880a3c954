import type { ScreenDef } from '../../screens/types';

export default { path: '/login', access: 'public', load: () => import('./LoginPage') } satisfies ScreenDef;
