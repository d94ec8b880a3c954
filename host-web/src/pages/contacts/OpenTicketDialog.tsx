import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { Button } from 'primereact/button';
import { api, ApiError } from '../../api/client';
import { useSession } from '../../session/useSession';
import { toast } from '../../toast/toast';
import type { Contact } from './types';

interface OtherTicket { uuid?: string; user?: { id: number; name: string } | null; queue?: { name: string } | null }

/**
 * Opens a ticket for a contact (POST /tickets) and goes to /tickets/{uuid}. The queue is asked for only when the
 * user has more than one; a non-admin must choose one. An open ticket of the same contact held by someone else is named.
 */
export function OpenTicketDialog({ contact, onHide }: { contact: Contact | null; onHide: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user, isAdmin } = useSession();
  const queues = user?.queues ?? [];
  const [queueId, setQueueId] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);

  const open = async (c: Contact, queue: number | null) => {
    if (!isAdmin && !queue) { toast.error(t('contacts.ticket.selectQueue')); return; }
    setBusy(true);
    try {
      const ticket = await api.post<{ uuid: string }>('/tickets', { contactId: c.id, queueId: queue ?? undefined, userId: user?.id, status: 'open' });
      onHide(); navigate(`/tickets/${ticket.uuid}`);
    } catch (err) {
      const other = err instanceof ApiError && err.code === 'ERR_OTHER_OPEN_TICKET' ? (err.details as OtherTicket | undefined) : undefined;
      if (other?.uuid && (!other.user || other.user.id === user?.id)) { onHide(); navigate(`/tickets/${other.uuid}`); }
      else if (other?.user) toast.warn(t('contacts.ticket.otherUser', { user: other.user.name, queue: other.queue?.name ?? '-' }));
      else toast.error(err);
    } finally { setBusy(false); }
  };

  // One queue (or none) leaves nothing to ask.
  useEffect(() => {
    if (!contact) return;
    if (queues.length <= 1) void open(contact, queues[0]?.id ?? null);
    else setQueueId(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [contact]);

  return (
    <Dialog header={t('contacts.ticket.title')} visible={!!contact && queues.length > 1} onHide={onHide} style={{ width: 'min(420px, 95vw)' }}>
      <div className="form-grid">
        <strong>{contact?.name}</strong>
        <label>{t('contacts.ticket.queue')}</label>
        <Dropdown value={queueId} options={queues} optionLabel="name" optionValue="id" onChange={(e) => setQueueId(e.value)} showClear={isAdmin} placeholder={t('contacts.ticket.selectQueue')} />
        <div className="dialog-actions">
          <Button text label={t('common.cancel')} onClick={onHide} />
          <Button label={t('contacts.ticket.open')} loading={busy} onClick={() => contact && void open(contact, queueId)} />
        </div>
      </div>
    </Dialog>
  );
}
