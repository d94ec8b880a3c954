import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Avatar } from 'primereact/avatar';
import { Tag } from 'primereact/tag';
import { useSession } from '../../../session/useSession';
import { hasPermission, hasPlanFlag } from '../../../session/permissions';
import { toast } from '../../../toast/toast';
import { ticketActions } from '../ticketActions';
import { TransferDialog } from './TransferDialog';
import { Slot } from '../../../components/Slot';
import { channelIcon, useProviders } from '../../../data/providers';
import { SlaChip } from '../SlaChip';
import { canAccept } from '../waiting';
import { useContactPresence } from './useContactPresence';
import { confirm } from '../../../blocks';
import type { Ticket } from '../types';

/** Contact, tags and the actions the ticket's state allows (accept, resolve, reopen, return, transfer, schedule, delete). */
export function ChatHeader({ ticket, onAction, onShowContact }: { ticket: Ticket; onAction: (t: Ticket | null, stay: boolean) => void; onShowContact: () => void }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const [busy, setBusy] = useState(false);
  const [transfer, setTransfer] = useState(false);
  const navigate = useNavigate();
  const run = async (fn: () => Promise<unknown>, stay: boolean) => {
    setBusy(true);
    try { const updated = (await fn()) as Ticket | undefined; onAction(updated ?? null, stay); }
    catch (err) { toast.error(err); }
    finally { setBusy(false); }
  };
  const me = user!.id;
  const kinds = useProviders();
  const presence = useContactPresence(ticket.id);
  return (
    <>
      <header className="chat-header">
        <Avatar image={ticket.contact?.profilePicUrl || undefined} icon={ticket.contact?.profilePicUrl ? undefined : 'pi pi-user'} shape="circle" />
        <div className="who" onClick={onShowContact} role="button" tabIndex={0} data-testid="chat-contact">
          <strong><i className={`channel-icon ${channelIcon(kinds, ticket.whatsapp?.provider)}`} data-testid="chat-channel" data-channel={ticket.whatsapp?.provider ?? ''} aria-hidden /> {ticket.contact?.name}</strong>
          {presence
            ? <small className="chat-presence" data-testid="chat-presence" data-presence={presence}>{t(`tickets.presence.${presence}`)}</small>
            : <small>{ticket.user ? `${t('tickets.users')}: ${ticket.user.name}` : ticket.contact?.number} {ticket.queue ? `· ${ticket.queue.name}` : ''}</small>}
        </div>
        <div className="chat-header-actions">
          {canAccept(ticket, me) && <Button size="small" label={t('tickets.actions.accept')} icon="pi pi-check" loading={busy} onClick={() => run(() => ticketActions.accept(ticket, me), true)} data-testid="chat-accept" />}
          <SlaChip ticket={ticket} />
          {ticket.status === 'open' && <Button size="small" outlined label={t('tickets.actions.return')} icon="pi pi-replay" disabled={busy} onClick={() => run(() => ticketActions.return(ticket), false)} data-testid="chat-return" />}
          {ticket.status !== 'closed' && <Button size="small" label={t('tickets.actions.close')} icon="pi pi-check-circle" severity="success" disabled={busy} onClick={() => run(() => ticketActions.close(ticket, me), false)} data-testid="chat-close" />}
          {ticket.status === 'closed' && <Button size="small" label={t('tickets.actions.reopen')} icon="pi pi-refresh" disabled={busy} onClick={() => run(() => ticketActions.reopen(ticket, me), true)} data-testid="chat-reopen" />}
          {ticket.status !== 'closed' && <Button size="small" text icon="pi pi-arrow-right-arrow-left" aria-label={t('tickets.actions.transfer')} tooltip={t('tickets.actions.transfer')} onClick={() => setTransfer(true)} data-testid="chat-transfer" />}
          {hasPlanFlag(user, 'useSchedules') && (
            <Button size="small" text icon="pi pi-calendar-plus" aria-label={t('tickets.actions.schedule')} tooltip={t('tickets.actions.schedule')}
              onClick={() => navigate(`/schedules?contactId=${ticket.contactId}`)} data-testid="chat-schedule" />
          )}
          {hasPermission(user, 'ticket-options:deleteTicket') && (
            <Button size="small" text severity="danger" icon="pi pi-trash" aria-label={t('tickets.actions.delete')} tooltip={t('tickets.actions.delete')}
              onClick={() => confirm({ message: t('tickets.actions.deleteConfirm'), accept: () => run(() => ticketActions.remove(ticket), false) })} />
          )}
          <Slot name="ticketHeader.actions" props={{ ticket, contact: ticket.contact }} />
          <Button size="small" text icon="pi pi-id-card" aria-label={t('tickets.actions.contact')} onClick={onShowContact} />
        </div>
      </header>
      {!!ticket.tags?.length && <div className="chat-tags">{ticket.tags.map((tag) => <Tag key={tag.id} value={tag.name} style={{ background: tag.color }} />)}</div>}
      <TransferDialog ticket={ticket} visible={transfer} onHide={() => setTransfer(false)} onDone={() => { setTransfer(false); onAction(null, false); }} />
    </>
  );
}
