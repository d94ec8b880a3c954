import { useState } from 'react';
import { useSdk } from '../sdk-context';
import type { Lane } from '../types';
import { TicketCardView } from './TicketCardView';
import { styles } from './styles';

const OPEN_COLOUR = '#6c757d';

/** One column; a card dropped here moves to this lane's tag (or out of every lane). */
export function LaneView({ lane, onDropTicket }: { lane: Lane; onDropTicket: (ticketId: number, tagId: number | null) => void }) {
  const sdk = useSdk();
  const { t } = sdk.useTranslation();
  const [over, setOver] = useState(false);
  const colour = lane.tag?.color ?? OPEN_COLOUR;
  return (
    <section
      data-lane={lane.key}
      style={{ ...styles.lane, outline: over ? `2px dashed ${colour}` : 'none' }}
      onDragOver={(e) => { e.preventDefault(); e.dataTransfer.dropEffect = 'move'; setOver(true); }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        e.preventDefault();
        setOver(false);
        const ticketId = Number(e.dataTransfer.getData('text/plain'));
        if (ticketId) onDropTicket(ticketId, lane.tag?.id ?? null);
      }}
    >
      <header style={{ ...styles.laneHeader, background: colour }}>
        <span>{lane.tag ? lane.tag.name : t('kanban.openLane')}</span>
        <span data-lane-count>{lane.cards.length}</span>
      </header>
      <div style={styles.laneBody}>
        {lane.cards.length === 0 && <p style={styles.empty}>{t('kanban.empty')}</p>}
        {lane.cards.map((ticket) => <TicketCardView key={ticket.id} ticket={ticket} />)}
      </div>
    </section>
  );
}
