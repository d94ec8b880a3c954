import { useState } from 'react';
import { useSdk } from '../sdk-context';
import type { Lane } from '../types';
import { TicketCardView } from './TicketCardView';

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
      className="flex flex-column border-round surface-ground p-2"
      style={{ minWidth: 280, maxWidth: 280, outline: over ? `2px dashed ${colour}` : 'none' }}
      onDragOver={(e) => { e.preventDefault(); e.dataTransfer.dropEffect = 'move'; setOver(true); }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        e.preventDefault();
        setOver(false);
        const ticketId = Number(e.dataTransfer.getData('text/plain'));
        if (ticketId) onDropTicket(ticketId, lane.tag?.id ?? null);
      }}
    >
      <header className="flex justify-content-between align-items-center p-2 mb-2 border-round text-white font-bold" style={{ background: colour }}>
        <span>{lane.tag ? lane.tag.name : t('kanban.openLane')}</span>
        <span data-lane-count>{lane.cards.length}</span>
      </header>
      <div className="flex-1 overflow-auto" style={{ minHeight: 120 }}>
        {lane.cards.length === 0 && <p className="text-color-secondary text-sm text-center">{t('kanban.empty')}</p>}
        {lane.cards.map((ticket) => <TicketCardView key={ticket.id} ticket={ticket} />)}
      </div>
    </section>
  );
}
