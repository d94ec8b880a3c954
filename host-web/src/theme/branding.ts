import { useSyncExternalStore } from 'react';

/** The operator's white-label branding (GET /api/public-settings, readable without a session). */
export interface Branding {
  appName: string | null;
  appLogoLight: string | null;
  appLogoDark: string | null;
  appLogoFavicon: string | null;
  loginBackground: string | null;
  primaryColorLight: string | null;
  primaryColorDark: string | null;
  allowSignup: string | null;
}

export const DEFAULT_NAME = 'Atrium';
const EMPTY: Branding = { appName: null, appLogoLight: null, appLogoDark: null, appLogoFavicon: null, loginBackground: null, primaryColorLight: null, primaryColorDark: null, allowSignup: null };

let current: Branding = EMPTY;
const listeners = new Set<() => void>();
const COLOUR = /^#[0-9a-fA-F]{6}$/;

/**
 * The shades of the theme's primary palette (vite/brandable-theme.ts names them), derived from one colour with
 * color-mix, so a light and a dark theme need one colour each. Unset, the theme keeps its own purple.
 */
function paletteOf(colour: string, dark: boolean): Record<string, string> {
  const mix = (other: string, share: number) => `color-mix(in srgb, ${colour} ${share}%, ${other})`;
  return dark
    ? { '--brand-primary': colour, '--brand-primary-hover': mix('white', 70), '--brand-primary-soft': mix('white', 45) }
    : { '--brand-primary': colour, '--brand-primary-hover': mix('black', 88), '--brand-primary-strong': mix('black', 75), '--brand-primary-soft': mix('white', 30), '--brand-primary-faint': mix('white', 8) };
}
const PALETTE_VARS = ['--brand-primary', '--brand-primary-hover', '--brand-primary-strong', '--brand-primary-soft', '--brand-primary-faint'];

/** Applies colours, title, tab icon and login background to the document (CSS variables: no inline script, no rebuild). */
export function applyBranding(branding: Branding = current) {
  const root = document.documentElement;
  const dark = root.dataset.theme === 'dark';
  const colour = [dark ? branding.primaryColorDark : branding.primaryColorLight, branding.primaryColorLight].find((c) => c && COLOUR.test(c));
  for (const name of PALETTE_VARS) root.style.removeProperty(name);
  if (colour) for (const [name, value] of Object.entries(paletteOf(colour, dark))) root.style.setProperty(name, value);
  if (branding.loginBackground) root.style.setProperty('--brand-login-background', `url(${JSON.stringify(branding.loginBackground)})`);
  else root.style.removeProperty('--brand-login-background');
  document.title = branding.appName || DEFAULT_NAME;
  const icon = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (icon) icon.href = branding.appLogoFavicon || '/favicon.ico';
}

export function setBranding(next: Branding) {
  current = next;
  applyBranding(next);
  for (const l of listeners) l();
}

/**
 * The server answers images as absolute URLs under its PUBLIC_URL (for clients on another origin); the console is
 * served by that same server, so it loads them from its own origin (the CSP's img-src 'self', whatever PUBLIC_URL says).
 */
const IMAGE_KEYS = ['appLogoLight', 'appLogoDark', 'appLogoFavicon', 'loginBackground'] as const;
const sameOrigin = (url: string | null) => url?.replace(/^https?:\/\/[^/]+(?=\/media\/)/, '') ?? null;

/** Reads the branding once at start; a failure leaves the console's own look (the login page must still show). */
export async function loadBranding(): Promise<void> {
  try {
    const res = await fetch('/api/public-settings', { headers: { accept: 'application/json' } });
    if (!res.ok) return;
    const branding: Branding = { ...EMPTY, ...((await res.json()) as Partial<Branding>) };
    for (const key of IMAGE_KEYS) branding[key] = sameOrigin(branding[key]);
    setBranding(branding);
  } catch { /* the console's own look */ }
}

export function useBranding(): Branding {
  return useSyncExternalStore((l) => { listeners.add(l); return () => { listeners.delete(l); }; }, () => current);
}

/** The logo for the current theme (the dark one falls back to the light one), or null for the name as text. */
export const logoFor = (branding: Branding, dark: boolean) => (dark ? branding.appLogoDark || branding.appLogoLight : branding.appLogoLight) || null;
export const signupOpen = (branding: Branding) => branding.allowSignup !== 'disabled';
