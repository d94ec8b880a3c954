import type { ScreenDef } from '../../screens/types';

export default { path: '/subscription', load: () => import('./SubscriptionPage') } satisfies ScreenDef;
