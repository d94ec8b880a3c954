import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from 'primereact/dialog';
import { AutoComplete } from 'primereact/autocomplete';
import { Dropdown } from 'primereact/dropdown';
import { Button } from 'primereact/button';
import { Tag } from 'primereact/tag';
import { api } from '../../../api/client';
import { toast } from '../../../toast/toast';
import { ticketActions } from '../ticketActions';
import type { Ticket } from '../types';

interface UserOption { id: number; name: string; online?: boolean; away?: boolean; queues?: Array<{ id: number; name: string }> }

/** Online / away / offline beside each agent (issue 30): whom a transfer reaches now. */
function AgentOption({ user }: { user: UserOption }) {
  const { t } = useTranslation();
  const state = !user.online ? 'offline' : user.away ? 'away' : 'available';
  return (
    <span className="transfer-agent" data-testid={`transfer-agent-${user.id}`}>
      {user.name} <Tag severity={state === 'available' ? 'success' : state === 'away' ? 'warning' : 'danger'} value={t(`tickets.transfer.availability.${state}`)} />
    </span>
  );
}

/** Transfer to a user and/or queue; submit only with a queue chosen; user search from 3 characters after 500 ms. */
export function TransferDialog({ ticket, visible, onHide, onDone }: { ticket: Ticket; visible: boolean; onHide: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const [user, setUser] = useState<UserOption | string | null>(null);
  const [suggestions, setSuggestions] = useState<UserOption[]>([]);
  const [queues, setQueues] = useState<Array<{ id: number; name: string }>>([]);
  const [queueId, setQueueId] = useState<number | null>(null);
  const [connections, setConnections] = useState<Array<{ id: number; name: string }>>([]);
  const [whatsappId, setWhatsappId] = useState<number | null>(ticket.whatsappId);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!visible) return;
    setUser(null); setQueueId(null);
    api.get<Array<{ id: number; name: string }>>('/queue').then(setQueues).catch(() => {});
    api.get<Array<{ id: number; name: string }>>('/whatsapp', { session: 0 }).then(setConnections).catch(() => {});
  }, [visible]);

  const search = async (q: string) => {
    if (q.trim().length < 3) return setSuggestions([]);
    try { setSuggestions((await api.get<{ users: UserOption[] }>('/users', { searchParam: q, pageNumber: 1 })).users ?? []); }
    catch (err) { toast.error(err); }
  };
  const submit = async () => {
    if (!queueId) return;
    setBusy(true);
    try {
      await ticketActions.transfer(ticket, { userId: user && typeof user !== 'string' ? user.id : null, queueId, whatsappId });
      onDone();
    } catch (err) { toast.error(err); } finally { setBusy(false); }
  };
  return (
    <Dialog header={t('tickets.transfer.title')} visible={visible} onHide={onHide} style={{ width: 'min(440px, 95vw)' }}>
      <div className="form-grid">
        <label>{t('tickets.transfer.user')}</label>
        <AutoComplete value={user ?? undefined} suggestions={suggestions} field="name" delay={500} minLength={3} completeMethod={(e) => void search(e.query)} onChange={(e) => setUser(e.value)}
          itemTemplate={(u: UserOption) => <AgentOption user={u} />} />
        <label>{t('tickets.transfer.queue')}</label>
        <Dropdown value={queueId} options={queues} optionLabel="name" optionValue="id" onChange={(e) => setQueueId(e.value)} />
        <label>{t('tickets.transfer.connection')}</label>
        <Dropdown value={whatsappId} options={connections} optionLabel="name" optionValue="id" onChange={(e) => setWhatsappId(e.value)} />
        <div className="dialog-actions">
          <Button label={t('common.cancel')} text onClick={onHide} />
          <Button label={t('tickets.transfer.submit')} disabled={!queueId} loading={busy} onClick={() => void submit()} />
        </div>
      </div>
    </Dialog>
  );
}
