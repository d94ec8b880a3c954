import { Badge } from 'primereact/badge';
import { useSdk } from '../sdk-context';
import { useKanbanBoard } from '../board/useKanbanBoard';

/**
 * `sideMenu.badge` after the Kanban entry: how many live tickets still sit in the open lane (no lane tag yet).
 * Kept live from the ticket events like the board; an unknown ticket triggers at most one read every 30 s.
 */
export function UnsortedBadge() {
  const { t } = useSdk().useTranslation();
  const board = useKanbanBoard({ notify: false, reloadAfterMs: 30_000 });
  const unsorted = board.lanes[0]?.cards.length ?? 0;
  if (board.loading || board.failed || !board.hasTagLanes || unsorted === 0) return null;
  return <Badge value={unsorted} severity="info" title={t('kanban.slot.unsorted', { count: unsorted })} data-testid="kanban-unsorted-badge" />;
}
