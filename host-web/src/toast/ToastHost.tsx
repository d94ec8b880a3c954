import { lazy, Suspense, useEffect, useState } from 'react';
import { useSessionState } from '../session/store';
import { onToastWanted } from './toast';
import { loadErrorTexts } from '../i18n';

const ToastArea = lazy(() => import('./ToastArea'));

/**
 * The single toast area; `toast.*` anywhere shows in it. PrimeReact's Toast (with its transitions) is
 * downloaded once someone signs in or the first toast is asked for, not with the login page (so are the error
 * catalogue's texts); a toast
 * asked for meanwhile waits for it (toast.ts).
 */
export function ToastHost() {
  const { status } = useSessionState();
  const [wanted, setWanted] = useState(false);
  useEffect(() => onToastWanted(() => setWanted(true)), []);
  // Once there, it stays (a toast shown at sign-out is not cut short).
  // The error texts come along at sign-in, so forms that show an API error under a field have them at hand.
  useEffect(() => { if (status === 'signed-in') { setWanted(true); void loadErrorTexts(); } }, [status]);
  if (!wanted && status !== 'signed-in') return null;
  return <Suspense fallback={null}><ToastArea /></Suspense>;
}
