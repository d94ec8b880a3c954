import { lazy, Suspense, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { TabMenu } from 'primereact/tabmenu';
import { Button } from 'primereact/button';
import './i18n';
import './tickets.css';
import { useNarrow } from '../../hooks/useMediaQuery';
import { useSession } from '../../session/useSession';
import { toast } from '../../toast/toast';
import { PageLoader } from '../../components/PageLoader';
import { TicketsManager } from './TicketsManager';
import { ticketActions } from './ticketActions';
import type { Ticket } from './types';

const ChatView = lazy(() => import('./chat/ChatView'));

/** Wide: list (1/3) + chat (2/3). Narrow (< 600 px): two tabs, ticket list and attendance. */
export default function TicketsPage() {
  const { t } = useTranslation();
  const { ticketId } = useParams();
  const navigate = useNavigate();
  const narrow = useNarrow();
  const { user } = useSession();
  const [tab, setTab] = useState(0);

  const open = (ticket: Ticket) => { navigate(`/tickets/${ticket.uuid}`); setTab(1); };
  const accept = async (ticket: Ticket) => {
    try { const updated = await ticketActions.accept(ticket, user!.id); open(updated ?? ticket); }
    catch (err) { toast.error(err); }
  };

  const list = <TicketsManager selectedUuid={ticketId} onOpen={open} onAccept={accept} />;
  const chat = ticketId
    ? <Suspense fallback={<PageLoader />}><ChatView key={ticketId} uuid={ticketId} /></Suspense>
    : <div className="chat-placeholder" data-testid="chat-placeholder"><i className="pi pi-comments" /><span>{t('tickets.select')}</span></div>;

  if (narrow) {
    return (
      <div className="tickets-page narrow" data-testid="tickets-narrow">
        <TabMenu model={[{ label: t('tickets.tabs.ticket') }, { label: t('tickets.tabs.chat') }]} activeIndex={tab} onTabChange={(e) => setTab(e.index)} />
        <div className="tickets-pane">
          {tab === 0 ? list : ticketId ? chat : (
            <div className="chat-placeholder"><Button label={t('tickets.selectTicket')} onClick={() => setTab(0)} /></div>
          )}
        </div>
      </div>
    );
  }
  return (
    <div className="tickets-page wide" data-testid="tickets-wide">
      <section className="tickets-list-pane">{list}</section>
      <section className="tickets-chat-pane">{chat}</section>
    </div>
  );
}
