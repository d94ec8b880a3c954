import { Button } from 'primereact/button';
import { useNavigate } from 'react-router-dom';
import { useSdk } from '../sdk-context';
import type { TicketCard } from '../types';
import { styles } from './styles';

/** "14:05" today, a short date otherwise, in the console's language. */
function shortTime(iso: string, language: string) {
  const date = new Date(iso);
  const sameDay = date.toDateString() === new Date().toDateString();
  return sameDay
    ? date.toLocaleTimeString(language, { hour: '2-digit', minute: '2-digit' })
    : date.toLocaleDateString(language, { day: '2-digit', month: '2-digit' });
}

export function TicketCardView({ ticket }: { ticket: TicketCard }) {
  const sdk = useSdk();
  const { t, i18n } = sdk.useTranslation();
  const navigate = useNavigate();
  return (
    <div
      style={styles.card}
      draggable
      data-ticket-id={ticket.id}
      onDragStart={(e) => {
        e.dataTransfer.setData('text/plain', String(ticket.id));
        e.dataTransfer.effectAllowed = 'move';
      }}
    >
      <div style={styles.cardTop}>
        <strong style={styles.ellipsis}>{ticket.contact?.name || t('kanban.unknownContact')}</strong>
        <small style={styles.time}>{shortTime(ticket.updatedAt, i18n.language)}</small>
      </div>
      <div style={{ ...styles.message, ...styles.ellipsis }}>
        {ticket.lastMessage || t('kanban.noMessage')}
      </div>
      <Button
        label={t('kanban.openTicket')}
        icon="pi pi-external-link"
        size="small"
        text
        data-testid={`open-ticket-${ticket.id}`}
        onClick={() => navigate(`/tickets/${ticket.uuid}`)}
      />
    </div>
  );
}
