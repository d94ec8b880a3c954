import { lazy, Suspense, useEffect, useState } from 'react';
import { useSessionState } from '../session/store';
import { onToastWanted } from './toast';

const ToastArea = lazy(() => import('./ToastArea'));

/**
 * The single toast area; `toast.*` anywhere shows in it. PrimeReact's Toast (with its transitions) is
 * downloaded once someone signs in or the first toast is asked for, not with the login page; a toast
 * asked for meanwhile waits for it (toast.ts).
 */
export function ToastHost() {
  const { status } = useSessionState();
  const [wanted, setWanted] = useState(false);
  useEffect(() => onToastWanted(() => setWanted(true)), []);
  // Once there, it stays (a toast shown at sign-out is not cut short).
  useEffect(() => { if (status === 'signed-in') setWanted(true); }, [status]);
  if (!wanted && status !== 'signed-in') return null;
  return <Suspense fallback={null}><ToastArea /></Suspense>;
}
