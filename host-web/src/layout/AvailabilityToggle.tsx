import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { api } from '../api/client';
import { toast } from '../toast/toast';

interface Availability { online: boolean; away: boolean }

/**
 * The agent's availability for automatic assignment (issue 30): away keeps new tickets from being assigned to them
 * while the console stays open; available again, the waiting tickets of their queues may come at once.
 */
export function AvailabilityToggle() {
  const { t } = useTranslation();
  const [away, setAway] = useState<boolean | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    api.get<Availability>('/users/me/availability').then((a) => setAway(a.away)).catch(() => setAway(false));
  }, []);
  if (away === null) return null;
  const toggle = async () => {
    setSaving(true);
    try {
      setAway((await api.put<Availability>('/users/me/availability', { away: !away })).away);
    } catch (err) {
      toast.error(err);
    } finally {
      setSaving(false);
    }
  };
  const hint = t(away ? 'topbar.setAvailable' : 'topbar.setAway');
  return (
    <Button
      text rounded size="small" loading={saving}
      icon={away ? 'pi pi-moon' : 'pi pi-circle-fill'}
      severity={away ? 'warning' : 'success'}
      label={t(away ? 'topbar.away' : 'topbar.available')}
      aria-label={hint} tooltip={hint} aria-pressed={away}
      onClick={() => void toggle()}
      data-testid="availability-toggle"
    />
  );
}
