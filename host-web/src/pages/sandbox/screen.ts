import type { ScreenDef } from '../../screens/types';

/** The sandbox phone: reachable from the connections page (no menu entry). */
export default { path: '/sandbox/:connectionId', role: 'admin', load: () => import('./SandboxPage') } satisfies ScreenDef;
