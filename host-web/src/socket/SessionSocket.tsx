import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { connectSocket, disconnectSocket, socketClient } from './client';
import { useSocketEvent, companyEvent } from './useSocketEvent';
import { sessionStore } from '../session/store';
import { useSession } from '../session/useSession';
import { toast } from '../toast/toast';
import type { SessionUser } from '../session/types';

export const PRESENCE_INTERVAL_MS = 300_000;
const RELOAD_DELAY_MS = 1000;

/** Owns the session's socket: connects, joins notifications, pings presence, and reacts to auth/user events. */
export function SessionSocket() {
  const { t } = useTranslation();
  const { user, companyId } = useSession();
  const userId = user?.id;

  useEffect(() => {
    if (!userId) return;
    connectSocket(() => { sessionStore.clear(); setTimeout(() => window.location.reload(), RELOAD_DELAY_MS); });
    const leave = socketClient.join('joinNotification', [], 'leaveNotification');
    socketClient.emit('userStatus');
    const presence = setInterval(() => socketClient.emit('userStatus'), PRESENCE_INTERVAL_MS);
    return () => { clearInterval(presence); leave(); disconnectSocket(); };
  }, [userId]);

  useSocketEvent(companyEvent(companyId, 'auth'), (data: { action?: string; user?: { id: number } }) => {
    if (data?.user?.id !== userId) return;
    toast.error(t('session.loggedElsewhere'));
    disconnectSocket();
    setTimeout(() => { sessionStore.clear(); localStorage.removeItem('token'); window.location.reload(); }, RELOAD_DELAY_MS);
  });

  useSocketEvent(companyEvent(companyId, 'user'), (data: { action?: string; user?: SessionUser }) => {
    if (data?.action === 'update' && data.user?.id === userId) sessionStore.updateUser(data.user as SessionUser);
  });
  return null;
}
