import { Button } from 'primereact/button';
import { useSdk } from '../sdk-context';
import { LaneView } from './LaneView';
import { useKanbanBoard } from './useKanbanBoard';
import { styles } from './styles';

/** /kanban: the open lane plus one lane per kanban tag (extended spec §2). */
export function KanbanPage() {
  const sdk = useSdk();
  const { t } = sdk.useTranslation();
  const board = useKanbanBoard();
  return (
    <div style={styles.page} data-testid="kanban-board">
      <div style={styles.toolbar}>
        <div>
          <h2 style={{ margin: 0 }}>{t('kanban.title')}</h2>
          <small style={styles.hint}>{board.hasTagLanes ? t('kanban.dragHint') : t('kanban.noLanes')}</small>
        </div>
        <Button icon="pi pi-refresh" label={t('kanban.refresh')} outlined onClick={() => void board.reload()} />
      </div>
      {board.loading && <p>{t('kanban.loading')}</p>}
      {!board.loading && board.failed && <p style={styles.error}>{t('kanban.loadFailed')}</p>}
      {!board.loading && !board.failed && (
        <div style={styles.board}>
          {board.lanes.map((lane) => (
            <LaneView key={lane.key} lane={lane} onDropTicket={(ticketId, tagId) => void board.move(ticketId, tagId)} />
          ))}
        </div>
      )}
    </div>
  );
}
