import { useSyncExternalStore } from 'react';

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (cb) => { const m = window.matchMedia(query); m.addEventListener('change', cb); return () => m.removeEventListener('change', cb); },
    () => window.matchMedia(query).matches,
  );
}

/** Under 600 px: names shortened, tickets in two tabs. */
export const useNarrow = () => useMediaQuery('(max-width: 599px)');

/** Names are shortened to 10 characters on narrow screens (core.md §2). */
export const shortName = (name: string | undefined | null, narrow: boolean) =>
  !name ? '' : narrow && name.length > 10 ? `${name.slice(0, 10)}…` : name;
