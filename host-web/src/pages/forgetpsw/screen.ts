import type { ScreenDef } from '../../screens/types';

export default { path: '/forgetpsw', access: 'public', load: () => import('./ForgetPasswordPage') } satisfies ScreenDef;
