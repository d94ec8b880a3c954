import { useSyncExternalStore } from 'react';

/** True while the media query matches (follows window resizes). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (cb) => { const m = window.matchMedia(query); m.addEventListener('change', cb); return () => m.removeEventListener('change', cb); },
    () => window.matchMedia(query).matches,
  );
}

/** The console's narrow breakpoint (core §2: under 600 px), the one its tickets screen switches to tabs at. */
export const useNarrow = () => useMediaQuery('(max-width: 599px)');
