import { NavLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Badge } from 'primereact/badge';
import { Slot } from '../components/Slot';
import type { MenuEntry } from './menu';
import { BrandMark } from '../components/BrandMark';

export const APP_VERSION = '8.0.1';

/** The side drawer: the operator's brand, the menu entries in order, a warning badge on connections, plugins' badges, the version label. */
export function SideMenu({ entries, open, connectionWarning, onNavigate }: {
  entries: MenuEntry[]; open: boolean; connectionWarning: boolean; onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <nav className={`side-menu ${open ? 'open' : 'collapsed'}`} aria-label="menu" data-testid="side-menu">
      <div className="brand"><BrandMark /></div>
      <ul>
        {entries.map((e) => (
          <li key={e.key}>
            <NavLink to={e.path} end={e.path === '/'} onClick={onNavigate} title={t(e.labelKey)} data-testid={`menu-${e.path}`}>
              <i className={`${e.icon} p-overlay-badge`}>
                {e.path === '/connections' && connectionWarning && <Badge severity="danger" className="menu-badge" data-testid="connections-warning" />}
              </i>
              <span className="label">{t(e.labelKey)}</span>
              {e.plugin && <Slot name="sideMenu.badge" plugin={e.plugin} props={{ path: e.path }} />}
            </NavLink>
          </li>
        ))}
      </ul>
      <div className="version">{t('menu.version', { version: APP_VERSION })}</div>
    </nav>
  );
}
