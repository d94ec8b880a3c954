import type { ScreenDef } from '../../screens/types';

/** Where an expired company's admin pays to come back (login refused it, core §5). */
export default { path: '/renew', access: 'public', load: () => import('./RenewPage') } satisfies ScreenDef;
