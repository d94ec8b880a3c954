import { useSyncExternalStore } from 'react';
import { applyBranding } from './branding';

export type ThemeMode = 'light' | 'dark';
const STORAGE_KEY = 'preferredTheme';
const FILES: Record<ThemeMode, string> = {
  light: '/themes/lara-light-purple/theme.css',
  dark: '/themes/lara-dark-purple/theme.css',
};

/** The saved choice, else the system preference. */
export function initialTheme(): ThemeMode {
  const saved = localStorage.getItem(STORAGE_KEY);
  if (saved === 'light' || saved === 'dark') return saved;
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

let current: ThemeMode = initialTheme();
const listeners = new Set<() => void>();

/** Swaps the theme stylesheet (one <link>) and marks <html> for our own CSS. */
export function applyTheme(mode: ThemeMode) {
  const link = document.getElementById('atrium-theme') as HTMLLinkElement | null;
  if (link && !link.href.endsWith(FILES[mode])) link.href = FILES[mode];
  document.documentElement.dataset.theme = mode;
  applyBranding(); // the operator's colour for this mode
}

export function setTheme(mode: ThemeMode) {
  current = mode;
  localStorage.setItem(STORAGE_KEY, mode);
  applyTheme(mode);
  for (const l of listeners) l();
}

export function useTheme(): [ThemeMode, (mode: ThemeMode) => void] {
  const mode = useSyncExternalStore((l) => { listeners.add(l); return () => { listeners.delete(l); }; }, () => current);
  return [mode, setTheme];
}
