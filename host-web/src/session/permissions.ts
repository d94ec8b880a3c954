import type { PlanFlag, SessionUser } from './types';

/** core.md §6: the permissions admins hold; a plain user holds none; any other profile is denied. */
export const ADMIN_PERMISSIONS = [
  'dashboard:view',
  'drawer-admin-items:view',
  'tickets-manager:showall',
  'user-modal:editProfile',
  'user-modal:editQueues',
  'ticket-options:deleteTicket',
  'contacts-page:deleteContact',
  'connections-page:addConnection',
  'connections-page:actionButtons',
  'connections-page:editOrDeleteConnection',
] as const;

export type Permission = (typeof ADMIN_PERMISSIONS)[number] | string;

export const isAdmin = (user: SessionUser | null | undefined) => !!user && (user.profile === 'admin' || user.super);
export const isSuper = (user: SessionUser | null | undefined) => !!user?.super;

export function hasPermission(user: SessionUser | null | undefined, perm: Permission): boolean {
  if (!user) return false;
  if (isAdmin(user)) return (ADMIN_PERMISSIONS as readonly string[]).includes(perm);
  return false;
}

export function hasPlanFlag(user: SessionUser | null | undefined, flag: PlanFlag): boolean {
  const plan = user?.company?.plan;
  return !!plan && plan[flag] === true;
}

export function settingOf(user: SessionUser | null | undefined, key: string): string | undefined {
  return user?.company?.settings?.find((s) => s.key === key)?.value;
}
