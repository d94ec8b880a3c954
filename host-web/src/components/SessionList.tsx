import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { api } from '../api/client';
import { toast } from '../toast/toast';
import { formatShortDateTime } from '../util/format';
import { useSession } from '../session/useSession';

export interface SessionRow {
  id: number; browser: string | null; os: string | null; userAgent: string | null; ip: string | null;
  createdAt: string | null; lastUsedAt: string | null; current: boolean;
  /** A super user viewing the console as this user: who, and when the view ends by itself. */
  impersonatedBy: { id: number; name: string } | null; expiresAt: string | null;
}

/**
 * A user's open sessions (device, address, last use, the current one marked), each with a way to end it: one's
 * own from the profile (`/auth/sessions`), or a user's from the admin's user dialog (`/users/{id}/sessions`).
 * Ending one closes that device's console at once; the current session is left to "log out".
 */
export function SessionList({ path, testId }: { path: string; testId: string }) {
  const { t } = useTranslation();
  const { isSuper } = useSession();
  const [sessions, setSessions] = useState<SessionRow[] | null>(null);
  const load = useCallback(() => api.get<SessionRow[]>(path).then(setSessions, () => setSessions(null)), [path]);
  useEffect(() => { void load(); }, [load]);
  if (!sessions) return null;
  const end = async (id: number) => {
    try { await api.delete(`${path}/${id}`); toast.success(t('sessions.ended')); }
    catch (err) { toast.error(err); }
    void load();
  };
  const device = (s: SessionRow) => [s.browser, s.os].filter(Boolean).join(' · ') || t('sessions.unknownDevice');
  return (
    <section className="session-list" data-testid={testId}>
      <h4>{t('sessions.title')}</h4>
      {sessions.length === 0 && <p>{t('sessions.none')}</p>}
      <ul>
        {sessions.map((s) => (
          <li key={s.id} data-testid="session-row" title={s.userAgent ?? undefined}>
            <span className="session-device">{device(s)}</span>
            {s.current && <strong className="session-current" data-testid="session-current"> ({t('sessions.current')})</strong>}
            {s.impersonatedBy && (
              <strong className="session-viewed" data-testid="session-viewed">
                {' '}{t('sessions.viewedBy', { name: s.impersonatedBy.name, at: formatShortDateTime(s.expiresAt) })}
              </strong>
            )}
            <small className="session-detail">
              {' '}{t('sessions.address', { ip: s.ip ?? '—' })} · {t('sessions.lastUsed', { at: formatShortDateTime(s.lastUsedAt) })}
            </small>
            {/* A super user's view of this account is theirs to end (the server refuses anyone else). */}
            {!s.current && (!s.impersonatedBy || isSuper) && (
              <Button type="button" icon="pi pi-sign-out" text severity="danger" aria-label={t('sessions.end')} title={t('sessions.end')}
                onClick={() => void end(s.id)} data-testid={`session-end-${s.id}`} />
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
