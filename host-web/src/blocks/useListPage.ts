import { useTranslation } from 'react-i18next';
import type { Query } from '../api/client';
import { usePagedList } from '../hooks/usePagedList';
import { useEditDialog } from '../hooks/useEditDialog';
import { useLiveRows } from '../hooks/useLiveRows';
import { confirmDelete } from './confirm';
import { useSearch } from './useSearch';

export interface ListPageOptions<T> {
  /** The paged API list (`{ <key>: [...], hasMore }`), e.g. '/tags' and 'tags'. */
  path: string;
  key: string;
  /** More query parameters (the search box's `searchParam` is added). */
  query?: Query;
  /** Search box placeholder; `false` for a list without search. */
  search?: string | false;
  /** Keeps the list live from `company-{id}-<name>` events (see useLiveRows for the options). */
  live?: string | { name: string; key?: string | string[]; event?: string; accept?: (row: T) => boolean };
  /** Deleting a row: its API path, the question (may name the row) and the done message (`onError`: instead of the catalogue toast). */
  remove?: { path(row: T): string; message: string | ((row: T) => string); doneMessage: string; onError?(error: unknown): void };
  /** A failed page load (default: the catalogue toast). */
  onError?(error: unknown): void;
}

/**
 * Everything a list screen wires together: the search box, the paged list, the add/edit dialog, live updates and
 * the confirmed delete. `props` spreads into <ListPage>; `list` and `dialog` are for the page's own dialog.
 */
export function useListPage<T extends { id: number }>(options: ListPageOptions<T>) {
  const { t } = useTranslation();
  const search = useSearch();
  const withSearch = options.search !== false;
  const list = usePagedList<T>(options.path, options.key, { ...options.query, ...(withSearch ? { searchParam: search.param } : {}) }, { onError: options.onError });
  const dialog = useEditDialog<T>();
  const live = typeof options.live === 'string' ? { name: options.live } : options.live;
  useLiveRows<T>(live?.name ?? null, list.setItems, { ...live, onReload: list.reload });
  const { remove } = options;
  const onDelete = remove && ((row: T) => confirmDelete(remove.path(row), {
    message: typeof remove.message === 'function' ? remove.message(row) : remove.message, doneMessage: remove.doneMessage, onError: remove.onError, onDone: () => list.removeItem(row.id) }));
  const props = {
    items: list.items, loading: list.loading, onScroll: list.onScroll,
    search: withSearch ? { value: search.value, onChange: search.onChange, placeholder: options.search || t('common.search') } : undefined,
    onAdd: () => dialog.open(), onEdit: dialog.open, onDelete,
  };
  return { list, dialog, search, props };
}
