import { useEffect, useMemo, useState } from 'react';
import { Outlet } from 'react-router-dom';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { PrimeReactProvider } from 'primereact/api';
import { useSession } from '../session/useSession';
import { useMediaQuery } from '../hooks/useMediaQuery';
import { SessionSocket } from '../socket/SessionSocket';
import { BotFailureNotice } from './BotFailureNotice';
import { markPluginsFailed, usePlugins } from '../remotes/registry';
import { clearPlugins, loadPlugins } from '../remotes/plugins';
import { useConnections } from '../data/connections';
import { buildMenu } from './menu';
import { SideMenu } from './SideMenu';
import { TopBar } from './TopBar';
import { ImpersonationBanner } from './ImpersonationBanner';
import { HealthBanner } from './HealthBanner';
import { useConnectionWarning } from './useConnectionWarning';

/** The signed-in console: side drawer, top bar, the screen; also owns the socket and the plugin list. */
export default function Layout() {
  const { user, isAdmin } = useSession();
  const wide = useMediaQuery('(min-width: 1201px)');
  const [open, setOpen] = useState(wide);
  const plugins = usePlugins();
  const { connections } = useConnections();
  const warning = useConnectionWarning(connections);
  const entries = useMemo(() => buildMenu(user, plugins), [user, plugins]);

  useEffect(() => setOpen(wide), [wide]);
  useEffect(() => {
    if (!user?.id) return;
    loadPlugins().catch(() => markPluginsFailed());
    return () => clearPlugins();
  }, [user?.id]);

  if (!user) return null;
  // PrimeReact's options for the signed-in console and its remotes (moved from App: the login page does without
  // PrimeReact; the public screens' components take PrimeReact's defaults, which these are).
  return (
    <PrimeReactProvider value={{ ripple: false }}>
      <div className={`layout ${open ? 'menu-open' : 'menu-closed'}`}>
        <SessionSocket />
        {isAdmin && <BotFailureNotice />}
        {/* The one confirm dialog every confirm() / confirmDelete() (blocks/confirm.ts) shows in: only signed-in
            screens ask, so it lives here and its Dialog is not part of the login page's download. */}
        <ConfirmDialog />
        <ImpersonationBanner />
        {isAdmin && <HealthBanner />}
        <TopBar user={user} admin={isAdmin} onToggleMenu={() => setOpen((o) => !o)} />
        <div className="layout-body">
          <SideMenu entries={entries} open={open} connectionWarning={warning} onNavigate={() => { if (!wide) setOpen(false); }} />
          <main className="layout-main"><Outlet /></main>
        </div>
      </div>
    </PrimeReactProvider>
  );
}
