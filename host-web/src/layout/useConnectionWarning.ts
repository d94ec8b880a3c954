import { useEffect, useState } from 'react';
import { WARNING_STATES, type Connection } from '../data/connections';

export const BADGE_DELAY_MS = 2000;

/** True when any connection needs attention, evaluated 2 s after the list changes (core.md §2). */
export function useConnectionWarning(connections: Connection[]): boolean {
  const [warn, setWarn] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setWarn(connections.some((c) => WARNING_STATES.includes(c.status))), BADGE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [connections]);
  return warn;
}
