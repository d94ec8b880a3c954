import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from 'primereact/dialog';
import { AutoComplete } from 'primereact/autocomplete';
import { Dropdown } from 'primereact/dropdown';
import { Button } from 'primereact/button';
import { api, ApiError } from '../../api/client';
import { useSession } from '../../session/useSession';
import { toast } from '../../toast/toast';
import { needsQueue } from './rules';
import type { Contact, Ticket } from './types';

/** New ticket: a contact (search from 3 characters), a queue (required unless admin), a connection. */
export function NewTicketDialog({ visible, onHide, onCreated }: { visible: boolean; onHide: () => void; onCreated: (t: Ticket) => void }) {
  const { t } = useTranslation();
  const { user, isAdmin } = useSession();
  const [contact, setContact] = useState<Contact | string | null>(null);
  const [suggestions, setSuggestions] = useState<Contact[]>([]);
  const [queueId, setQueueId] = useState<number | null>(null);
  const [whatsappId, setWhatsappId] = useState<number | null>(user?.whatsappId ?? null);
  const [connections, setConnections] = useState<Array<{ id: number; name: string }>>([]);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!visible) return;
    setContact(null); setQueueId(user?.queues.length === 1 ? user.queues[0].id : null);
    api.get<Array<{ id: number; name: string }>>('/whatsapp', { session: 0 }).then(setConnections).catch(() => {});
  }, [visible, user]);

  const searchContacts = async (q: string) => {
    if (q.trim().length < 3) { setSuggestions([]); return; }
    try { setSuggestions((await api.get<{ contacts: Contact[] }>('/contacts', { searchParam: q, pageNumber: 1 })).contacts ?? []); }
    catch (err) { toast.error(err); }
  };

  const submit = async () => {
    if (!contact || typeof contact === 'string') return;
    if (needsQueue(isAdmin, queueId)) { toast.error(t('tickets.newDialog.selectQueue')); return; }
    setBusy(true);
    try {
      const ticket = await api.post<Ticket>('/tickets', { contactId: contact.id, queueId, whatsappId, userId: user?.id, status: 'open' });
      onCreated(ticket);
    } catch (err) {
      const d = err instanceof ApiError ? (err.details as { user?: { name?: string }; queue?: { name?: string } } | undefined) : undefined;
      if (err instanceof ApiError && err.code === 'ERR_OTHER_OPEN_TICKET' && d?.user) toast.error(t('tickets.newDialog.otherUser', { user: d.user.name, queue: d.queue?.name ?? '-' }));
      else toast.error(err);
    } finally { setBusy(false); }
  };

  return (
    <Dialog header={t('tickets.newDialog.title')} visible={visible} onHide={onHide} style={{ width: 'min(460px, 95vw)' }}>
      <div className="form-grid">
        <label>{t('tickets.newDialog.contact')}</label>
        <AutoComplete value={contact ?? undefined} suggestions={suggestions} completeMethod={(e) => void searchContacts(e.query)} field="name"
          itemTemplate={(c: Contact) => `${c.name} (${c.number})`} onChange={(e) => setContact(e.value)} delay={500} minLength={3} />
        <label>{t('tickets.newDialog.queue')}</label>
        <Dropdown value={queueId} options={user?.queues ?? []} optionLabel="name" optionValue="id" onChange={(e) => setQueueId(e.value)} showClear />
        <label>{t('tickets.newDialog.connection')}</label>
        <Dropdown value={whatsappId} options={connections} optionLabel="name" optionValue="id" onChange={(e) => setWhatsappId(e.value)} showClear />
        <div className="dialog-actions">
          <Button label={t('common.cancel')} text onClick={onHide} />
          <Button label={t('common.save')} loading={busy} disabled={!contact || typeof contact === 'string'} onClick={() => void submit()} />
        </div>
      </div>
    </Dialog>
  );
}
