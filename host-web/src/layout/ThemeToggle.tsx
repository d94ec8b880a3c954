import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { useTheme } from '../theme/theme';

export function ThemeToggle() {
  const { t } = useTranslation();
  const [mode, setMode] = useTheme();
  const next = mode === 'dark' ? 'light' : 'dark';
  return (
    <Button
      text rounded
      icon={mode === 'dark' ? 'pi pi-sun' : 'pi pi-moon'}
      aria-label={t(next === 'dark' ? 'topbar.darkTheme' : 'topbar.lightTheme')}
      tooltip={t(next === 'dark' ? 'topbar.darkTheme' : 'topbar.lightTheme')}
      onClick={() => setMode(next)}
      data-testid="theme-toggle"
    />
  );
}
