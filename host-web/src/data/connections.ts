import { useCallback, useEffect, useState } from 'react';
import { api } from '../api/client';
import { useSession } from '../session/useSession';
import { useSocketEvent, companyEvent } from '../socket/useSocketEvent';

export type ConnectionStatus = 'CONNECTED' | 'DISCONNECTED' | 'OPENING' | 'PAIRING' | 'TIMEOUT' | 'qrcode';

export interface Connection {
  id: number;
  name: string;
  status: ConnectionStatus | string;
  isDefault: boolean;
  updatedAt: string;
  qrcode?: string | null;
  retries?: number;
  /** The catalogue code of why the connection is down (an expired Cloud API token), when its provider gave one. */
  statusReason?: string | null;
  /** The values the reason's text names (its {{placeholders}}). */
  statusReasonParams?: Record<string, string | number> | null;
  provider?: string;
  number?: string | null;
  greetingMessage?: string;
  complationMessage?: string;
  outOfHoursMessage?: string;
  ratingMessage?: string;
  token?: string;
  expiresInactiveMessage?: string;
  expiresTicket?: number;
  timeUseBotQueues?: number;
  maxUseBotQueues?: number;
  timeToTransfer?: number | null;
  transferQueueId?: number | null;
  promptId?: number | null;
  integrationId?: number | null;
  queues?: Array<{ id: number; name: string; color: string }>;
}

/** States that need someone's attention (the side menu's warning badge). */
export const WARNING_STATES = ['qrcode', 'PAIRING', 'DISCONNECTED', 'TIMEOUT', 'OPENING'];

export function upsert<T extends { id: number | string }>(list: T[], item: T): T[] {
  const i = list.findIndex((x) => x.id === item.id);
  if (i < 0) return [item, ...list];
  const next = list.slice();
  next[i] = { ...list[i], ...item };
  return next;
}

/** The company's connections, kept live from company-{id}-whatsapp and -whatsappSession. */
export function useConnections() {
  const { companyId } = useSession();
  const [connections, setConnections] = useState<Connection[]>([]);
  const [loading, setLoading] = useState(true);

  const reload = useCallback(async () => {
    try {
      const list = await api.get<Connection[] | { whatsapps: Connection[] }>('/whatsapp', { session: 0 });
      setConnections(Array.isArray(list) ? list : list.whatsapps ?? []);
    } catch { /* the badge stays quiet; the page shows its own error */ }
    finally { setLoading(false); }
  }, []);

  useEffect(() => { void reload(); }, [reload, companyId]);

  const onEvent = (data: { action: string; whatsapp?: Connection; session?: Connection; whatsappId?: number }) => {
    const row = data.whatsapp ?? data.session;
    if ((data.action === 'update' || data.action === 'create') && row) setConnections((l) => upsert(l, row));
    if (data.action === 'delete') setConnections((l) => l.filter((c) => c.id !== (data.whatsappId ?? row?.id)));
  };
  useSocketEvent(companyEvent(companyId, 'whatsapp'), onEvent);
  useSocketEvent(companyEvent(companyId, 'whatsappSession'), onEvent);

  return { connections, loading, reload, setConnections };
}
