import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';
import { useSession } from '../../../session/useSession';
import { useSocketEvent, companyEvent } from '../../../socket/useSocketEvent';
import { socketClient } from '../../../socket/client';
import { toast } from '../../../toast/toast';
import { PageLoader } from '../../../components/PageLoader';
import { ChatHeader } from './ChatHeader';
import { MessageList } from './MessageList';
import { Composer } from './Composer';
import { ContactDrawer } from './ContactDrawer';
import type { Message, Ticket } from '../types';

/** One ticket's conversation: header and actions, messages, composer, contact drawer; live from socket events. */
export default function ChatView({ uuid }: { uuid: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { companyId } = useSession();
  const [ticket, setTicket] = useState<Ticket | null>(null);
  const [replyTo, setReplyTo] = useState<Message | null>(null);
  const [drawer, setDrawer] = useState(false);

  useEffect(() => {
    let alive = true;
    api.get<Ticket>(`/tickets/u/${uuid}`)
      .then((tk) => { if (alive) setTicket(tk); })
      .catch((err) => {
        if (!alive) return;
        if (err?.status === 403 || err?.status === 404) toast.error(t('tickets.unauthorized')); else toast.error(err);
        navigate('/tickets', { replace: true });
      });
    return () => { alive = false; };
  }, [uuid, navigate, t]);

  useEffect(() => {
    if (!ticket?.id) return;
    return socketClient.join('joinChatBox', [String(ticket.id)], 'leaveChatBox');
  }, [ticket?.id]);

  useSocketEvent(companyEvent(companyId, 'ticket'), (data: { action: string; ticket?: Ticket; ticketId?: number; moved?: boolean }) => {
    if (!ticket) return;
    if (data.action === 'update' && data.ticket?.id === ticket.id) setTicket((cur) => ({ ...cur!, ...data.ticket! }));
    // `moved`: the ticket still exists but this user may no longer see it (transferred away).
    if (data.action === 'delete' && data.ticketId === ticket.id) { toast.info(t(data.moved ? 'tickets.movedAway' : 'tickets.deleted')); navigate('/tickets'); }
  });
  useSocketEvent(companyEvent(companyId, 'contact'), (data: { action: string; contact?: Ticket['contact'] }) => {
    if (data.action === 'update' && data.contact && data.contact.id === ticket?.contactId) setTicket((cur) => cur && { ...cur, contact: { ...cur.contact!, ...data.contact! } });
  });

  const afterAction = useCallback((updated: Ticket | null, stay: boolean) => {
    if (updated && stay) { setTicket((cur) => ({ ...cur!, ...updated })); navigate(`/tickets/${updated.uuid}`); }
    else navigate('/tickets');
  }, [navigate]);

  if (!ticket) return <PageLoader />;
  return (
    <div className="chat-view" data-testid="chat-view">
      <ChatHeader ticket={ticket} onAction={afterAction} onShowContact={() => setDrawer(true)} />
      <MessageList ticket={ticket} onReply={setReplyTo} />
      <Composer ticket={ticket} replyTo={replyTo} onClearReply={() => setReplyTo(null)} />
      <ContactDrawer ticket={ticket} visible={drawer} onHide={() => setDrawer(false)} />
    </div>
  );
}
