import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Greeting } from './Greeting';
import { LanguageSwitcher } from './LanguageSwitcher';
import { ThemeToggle } from './ThemeToggle';
import { VolumeControl } from './VolumeControl';
import { NotificationsBell } from './NotificationsBell';
import { AnnouncementsButton } from './AnnouncementsButton';
import { UserMenu } from './UserMenu';
import { AvailabilityToggle } from './AvailabilityToggle';
import { Slot } from '../components/Slot';
import type { SessionUser } from '../session/types';

export function TopBar({ user, admin, onToggleMenu }: { user: SessionUser; admin: boolean; onToggleMenu: () => void }) {
  const { t } = useTranslation();
  return (
    <header className="top-bar">
      <Button text rounded icon="pi pi-bars" aria-label={t('menu.toggle')} onClick={onToggleMenu} data-testid="menu-toggle" />
      <Greeting user={user} admin={admin} />
      <div className="top-bar-actions">
        <LanguageSwitcher />
        <ThemeToggle />
        <VolumeControl />
        <Button text rounded icon="pi pi-refresh" aria-label={t('topbar.refresh')} onClick={() => window.location.reload()} />
        <Slot name="topBar.actions" props={{}} />
        <AvailabilityToggle />
        <NotificationsBell />
        <AnnouncementsButton />
        <UserMenu user={user} />
      </div>
    </header>
  );
}
