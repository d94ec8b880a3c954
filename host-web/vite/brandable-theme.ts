/**
 * Makes a PrimeReact Lara purple theme follow the operator's primary colour at run time (white-label branding):
 * each shade of the theme's primary palette becomes a CSS variable whose fallback is the original shade,
 * so the theme looks as shipped until the console sets the variables (src/theme/branding.ts).
 * Lara writes its palette as literal hex and rgba values, not as variables: hence this rewrite at build time.
 */
const SHADES: Record<string, string> = {
  // light theme
  '#8b5cf6': '--brand-primary',
  '#7c3aed': '--brand-primary-hover',
  '#6d28d9': '--brand-primary-strong',
  '#ddd6fe': '--brand-primary-soft',
  '#f5f3ff': '--brand-primary-faint',
  // dark theme (its primary is the lighter violet)
  '#a78bfa': '--brand-primary',
  '#c4b5fd': '--brand-primary-hover',
};
/** The translucent uses of the primary (focus rings, highlights): `rgba(r, g, b, a)` of the light and dark primary. */
const TRANSLUCENT = /rgba\((139, 92, 246|167, 139, 250), ([0-9.]+)\)/g;

export function brandableTheme(css: string): string {
  const hex = new RegExp(`(${Object.keys(SHADES).join('|')})\\b`, 'gi');
  return css
    .replace(hex, (shade) => `var(${SHADES[shade.toLowerCase()]}, ${shade.toLowerCase()})`)
    .replace(TRANSLUCENT, (whole, rgb: string, alpha: string) =>
      `color-mix(in srgb, var(--brand-primary, rgb(${rgb})) ${Math.round(Number(alpha) * 100)}%, transparent)`);
}
