import { useEffect, useRef } from 'react';
import { socketClient, type Handler } from './client';

/** Subscribes while mounted; the latest handler is always called (no resubscribe on each render). */
export function useSocketEvent(event: string | null | undefined, handler: Handler) {
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(() => {
    if (!event) return;
    return socketClient.on(event, (...args) => ref.current(...args));
  }, [event]);
}

/** The company-scoped event name: company-{id}-{name}. */
export const companyEvent = (companyId: number | null | undefined, name: string) =>
  companyId ? `company-${companyId}-${name}` : null;
