import { Button } from 'primereact/button';
import { useSdk } from '../sdk-context';
import { LaneView } from './LaneView';
import { useKanbanBoard } from './useKanbanBoard';

/** /kanban: the open lane plus one lane per kanban tag (extended spec §2). */
export function KanbanPage() {
  const sdk = useSdk();
  const { t } = sdk.useTranslation();
  const board = useKanbanBoard();
  return (
    <div className="p-3 flex flex-column gap-3" data-testid="kanban-board">
      <div className="flex justify-content-between align-items-center">
        <div>
          <h2 className="m-0">{t('kanban.title')}</h2>
          <small className="text-color-secondary">{board.hasTagLanes ? t('kanban.dragHint') : t('kanban.noLanes')}</small>
        </div>
        <Button icon="pi pi-refresh" label={t('kanban.refresh')} outlined onClick={() => void board.reload()} />
      </div>
      {board.loading && <p>{t('kanban.loading')}</p>}
      {!board.loading && board.failed && <p className="text-red-500">{t('kanban.loadFailed')}</p>}
      {!board.loading && !board.failed && (
        <div className="flex gap-3 overflow-x-auto pb-2" style={{ alignItems: 'flex-start' }}>
          {board.lanes.map((lane) => (
            <LaneView key={lane.key} lane={lane} onDropTicket={(ticketId, tagId) => void board.move(ticketId, tagId)} />
          ))}
        </div>
      )}
    </div>
  );
}
