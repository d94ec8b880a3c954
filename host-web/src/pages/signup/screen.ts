import type { ScreenDef } from '../../screens/types';

export default { path: '/signup', access: 'public', load: () => import('./SignupPage') } satisfies ScreenDef;
