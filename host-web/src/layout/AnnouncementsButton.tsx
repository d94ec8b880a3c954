import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { OverlayPanel } from 'primereact/overlaypanel';
import { api } from '../api/client';
import { useSocketEvent } from '../socket/useSocketEvent';

interface Announcement { id: number; title: string; text: string; priority: number; status?: boolean; createdAt?: string }
const PRIORITY_COLOURS: Record<number, string> = { 1: '#e53935', 2: '#fb8c00', 3: '#9e9e9e' };

/** The announcements list in the top bar (priority 1 red, 2 orange, 3 grey), fetched when opened. */
export function AnnouncementsButton() {
  const { t } = useTranslation();
  const panel = useRef<OverlayPanel>(null);
  const [records, setRecords] = useState<Announcement[]>([]);
  const [fresh, setFresh] = useState(0);
  const load = async () => {
    try {
      const reply = await api.get<{ records: Announcement[] }>('/announcements', { pageNumber: 1 });
      setRecords((reply.records ?? []).filter((a) => a.status !== false));
    } catch { setRecords([]); }
  };
  useSocketEvent('company-announcement', () => setFresh((n) => n + 1));
  return (
    <>
      <Button text rounded icon="pi pi-megaphone" aria-label={t('topbar.announcements')} badge={fresh ? String(fresh) : undefined}
        badgeClassName="p-badge-danger" onClick={(e) => { setFresh(0); void load(); panel.current?.toggle(e); }} data-testid="announcements-button" />
      <OverlayPanel ref={panel} className="announcements-panel">
        {records.length === 0 && <div className="muted">{t('topbar.noAnnouncements')}</div>}
        <ul className="notification-list">
          {records.map((a) => (
            <li key={a.id} style={{ borderLeft: `4px solid ${PRIORITY_COLOURS[a.priority] ?? PRIORITY_COLOURS[3]}` }}>
              <strong>{a.title}</strong>
              <span className="muted">{a.text}</span>
            </li>
          ))}
        </ul>
      </OverlayPanel>
    </>
  );
}
