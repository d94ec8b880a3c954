import { useCallback, useEffect, useRef, useState, type UIEvent } from 'react';
import { api, type Query } from '../api/client';
import { toast } from '../toast/toast';
import { upsert } from '../data/connections';

/** Near the bottom: the next page is asked for within 100 px (core.md §9). */
export const SCROLL_THRESHOLD_PX = 100;

/** A reply's cursor: the `next…` fields a keyset-paged route answers (tickets: nextUpdatedAt + nextTicketId). */
function cursorOf(reply: Record<string, unknown>): Query | null {
  const entries = Object.entries(reply).filter(([name, value]) => /^next[A-Z]/.test(name) && (typeof value === 'string' || typeof value === 'number'));
  return entries.length ? Object.fromEntries(entries) as Query : null;
}

/**
 * A paged list `{ <key>: [...], hasMore }` with infinite scroll: page 1 on filter change,
 * the next page when the scroll area comes within 100 px of its bottom. Where the route answers a cursor, the next
 * page continues from it instead of an offset (issue 27: while rows arrive, offset pages repeat and skip rows).
 */
export function usePagedList<T extends { id: number | string }>(path: string | null, key: string, query: Query, options: { onError?: (err: unknown) => void } = {}) {
  const [items, setItems] = useState<T[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [loading, setLoading] = useState(false);
  const [page, setPage] = useState(1);
  const [nonce, setNonce] = useState(0);
  const queryKey = JSON.stringify(query);
  const generation = useRef(0);
  const cursor = useRef<Query | null>(null);
  // A failed load shows the catalogue toast unless the screen has its own message (settings: errorList).
  const onError = useRef(options.onError);
  onError.current = options.onError;

  useEffect(() => { setItems([]); setPage(1); setHasMore(false); }, [path, queryKey]);

  useEffect(() => {
    if (!path) return;
    const gen = ++generation.current;
    setLoading(true);
    const next = page > 1 && cursor.current ? cursor.current : { pageNumber: page };
    api.get<Record<string, unknown>>(path, { ...JSON.parse(queryKey), ...next })
      .then((reply) => {
        if (gen !== generation.current) return;
        cursor.current = cursorOf(reply);
        const rows = (reply[key] as T[]) ?? [];
        setItems((prev) => {
          if (page === 1) return rows;
          const seen = new Set(prev.map((r) => r.id));
          return [...prev, ...rows.filter((r) => !seen.has(r.id))];
        });
        setHasMore(Boolean(reply.hasMore));
      })
      .catch((err) => { if (gen === generation.current) (onError.current ?? toast.error)(err); })
      .finally(() => { if (gen === generation.current) setLoading(false); });
  }, [path, key, queryKey, page, nonce]);

  const onScroll = useCallback((e: UIEvent<HTMLElement>) => {
    const el = e.currentTarget;
    if (hasMore && !loading && el.scrollHeight - el.scrollTop - el.clientHeight < SCROLL_THRESHOLD_PX) setPage((p) => p + 1);
  }, [hasMore, loading]);

  const reload = useCallback(() => { setPage(1); setNonce((n) => n + 1); }, []);
  /** After a save: the row replaces its old self, or joins the list. */
  const upsertItem = useCallback((row: T) => setItems((list) => upsert(list, row)), []);
  /** After a delete. */
  const removeItem = useCallback((id: T['id']) => setItems((list) => list.filter((row) => row.id !== id)), []);

  return { items, setItems, upsertItem, removeItem, hasMore, loading, onScroll, reload };
}
