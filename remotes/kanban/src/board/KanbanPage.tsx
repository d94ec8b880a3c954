import { useMemo, useState } from 'react';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useSdk } from '../sdk-context';
import { LaneView } from './LaneView';
import { AddLaneDialog } from './AddLaneDialog';
import { useKanbanBoard } from './useKanbanBoard';
import { filterLanes } from './lanes';
import { styles } from './styles';

/** /kanban: the open lane plus one lane per kanban tag (extended spec §2); a search narrows the cards; admins add lanes. */
export function KanbanPage() {
  const sdk = useSdk();
  const { t } = sdk.useTranslation();
  const { isAdmin } = sdk.useSession();
  const board = useKanbanBoard();
  const search = sdk.ui.useSearch(300);
  const [adding, setAdding] = useState(false);
  const lanes = useMemo(() => filterLanes(board.lanes, search.param), [board.lanes, search.param]);
  return (
    <div style={styles.page} data-testid="kanban-board">
      <div style={styles.toolbar}>
        <div>
          <h2 style={{ margin: 0 }}>{t('kanban.title')}</h2>
          <small style={styles.hint}>{board.hasTagLanes ? t('kanban.dragHint') : t('kanban.noLanes')}</small>
        </div>
        <div style={styles.actions}>
          <InputText value={search.value} onChange={(e) => search.onChange(e.target.value)} placeholder={t('kanban.search')} data-testid="kanban-search" />
          {isAdmin && <Button icon="pi pi-plus" label={t('kanban.lane.add')} outlined onClick={() => setAdding(true)} data-testid="kanban-add-lane" />}
          <Button icon="pi pi-refresh" label={t('kanban.refresh')} outlined onClick={() => void board.reload()} />
        </div>
      </div>
      {board.loading && <p>{t('kanban.loading')}</p>}
      {!board.loading && board.failed && <p style={styles.error}>{t('kanban.loadFailed')}</p>}
      {!board.loading && !board.failed && (
        <div style={styles.board}>
          {lanes.map((lane) => (
            <LaneView key={lane.key} lane={lane} onDropTicket={(ticketId, tagId) => void board.move(ticketId, tagId)} />
          ))}
        </div>
      )}
      <AddLaneDialog visible={adding} onHide={() => setAdding(false)} onSaved={() => void board.reload()} />
    </div>
  );
}
