import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useSessionState } from '../session/store';
import { hasPlanFlag, isAdmin, isSuper } from '../session/permissions';
import { PageLoader } from '../components/PageLoader';
import { toast } from '../toast/toast';
import type { PlanFlag } from '../session/types';

/** /login, /signup, /forgetpsw: a signed-in user is sent to /. */
export function PublicOnly({ children }: { children: ReactNode }) {
  const { status } = useSessionState();
  if (status === 'loading') return <PageLoader />;
  if (status === 'signed-in') return <Navigate to="/" replace />;
  return <>{children}</>;
}

/** Every other route: a guest is sent to /login. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status } = useSessionState();
  const location = useLocation();
  if (status === 'loading') return <PageLoader />;
  if (status !== 'signed-in') return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return <>{children}</>;
}

/** Admin pages: anyone else is sent to /tickets; super pages: to /. */
export function RequireRole({ role, children }: { role?: 'admin' | 'super' | 'user'; children: ReactNode }) {
  const { user } = useSessionState();
  if (role === 'admin' && !isAdmin(user)) return <Navigate to="/tickets" replace />;
  if (role === 'super' && !isSuper(user)) return <Refused to={isAdmin(user) ? '/' : '/tickets'} />;
  return <>{children}</>;
}

/** Plan-gated pages: without the flag, an error toast and back to /. */
export function RequirePlan({ flag, children }: { flag?: PlanFlag; children: ReactNode }) {
  const { user } = useSessionState();
  if (flag && !hasPlanFlag(user, flag)) return <Refused to={isAdmin(user) ? '/' : '/tickets'} />;
  return <>{children}</>;
}

function Refused({ to }: { to: string }) {
  useEffect(() => { toast.error('errors.ERR_NO_PERMISSION'); }, []);
  return <Navigate to={to} replace />;
}
