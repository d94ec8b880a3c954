import { useBranding, logoFor, DEFAULT_NAME } from '../theme/branding';
import { useTheme } from '../theme/theme';

/** The operator's logo for the current theme, or its product name as text when it set no logo. */
export function BrandMark() {
  const branding = useBranding();
  const [mode] = useTheme();
  const name = branding.appName || DEFAULT_NAME;
  const logo = logoFor(branding, mode === 'dark');
  return logo ? <img className="brand-logo" src={logo} alt={name} data-testid="brand-logo" /> : <span data-testid="brand-name">{name}</span>;
}
