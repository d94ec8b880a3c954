import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Menu } from 'primereact/menu';
import { ProfileDialog } from './ProfileDialog';
import { logout } from '../session/auth';
import type { SessionUser } from '../session/types';

export function UserMenu({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const menu = useRef<Menu>(null);
  const [profileOpen, setProfileOpen] = useState(false);
  return (
    <>
      <Button text rounded icon="pi pi-user" aria-label={t('topbar.userMenu')} onClick={(e) => menu.current?.toggle(e)} data-testid="user-menu" />
      <Menu popup ref={menu} model={[
        { label: t('topbar.profile'), icon: 'pi pi-id-card', command: () => setProfileOpen(true) },
        { label: t('topbar.logout'), icon: 'pi pi-sign-out', command: async () => { await logout(); navigate('/login'); } },
      ]} />
      <ProfileDialog user={user} visible={profileOpen} onHide={() => setProfileOpen(false)} />
    </>
  );
}
