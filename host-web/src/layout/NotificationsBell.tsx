import { useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Badge } from 'primereact/badge';
import { OverlayPanel } from 'primereact/overlaypanel';
import { useNotifications } from './useNotifications';

/** The bell: new pending tickets, inbound messages and SLA breaches; a click opens the ticket. */
export function NotificationsBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { items, dismiss } = useNotifications();
  const panel = useRef<OverlayPanel>(null);
  return (
    <>
      <Button text rounded aria-label={t('topbar.notifications')} onClick={(e) => panel.current?.toggle(e)} data-testid="notifications-bell"
        className="p-overlay-badge" icon="pi pi-bell">
        {items.length > 0 && <Badge value={items.length} severity="danger" data-testid="notifications-count" />}
      </Button>
      <OverlayPanel ref={panel} className="notifications-panel">
        {items.length === 0 && <div className="muted">{t('topbar.noNotifications')}</div>}
        <ul className="notification-list" data-testid="notifications-list">
          {items.map((n) => (
            <li key={n.key}>
              <button type="button" onClick={() => { dismiss(n.key); panel.current?.hide(); navigate(`/tickets/${n.ticketUuid}`); }}>
                <strong>{n.kind === 'breach'
                  ? t('topbar.slaBreach', { name: n.name, target: t(`topbar.slaTargets.${n.target}`) })
                  : t(n.kind === 'ticket' ? 'topbar.newTicket' : 'topbar.newMessage', { name: n.name })}</strong>
                <span className="muted">{n.text}</span>
              </button>
            </li>
          ))}
        </ul>
      </OverlayPanel>
    </>
  );
}
