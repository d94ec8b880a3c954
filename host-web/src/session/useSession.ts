import { useMemo } from 'react';
import { useSessionState } from './store';
import { isAdmin, isSuper } from './permissions';
import type { Plan, SessionUser } from './types';

export interface SessionView {
  user: SessionUser | null;
  companyId: number | null;
  isAdmin: boolean;
  isSuper: boolean;
  plan: Plan | null;
}

export function useSession(): SessionView {
  const { user } = useSessionState();
  return useMemo(() => ({
    user,
    companyId: user?.companyId ?? null,
    isAdmin: isAdmin(user),
    isSuper: isSuper(user),
    plan: user?.company?.plan ?? null,
  }), [user]);
}
