import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { chatApi } from '../api';
import { useSdk } from '../sdk-context';
import type { Chat, ChatEvent } from '../types';

const byActivity = (a: Chat, b: Chat) => (a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : b.id - a.id);

/** The caller's chats, most recent activity first, with search, paging and live updates from company-{id}-chat. */
export function useChatList() {
  const sdk = useSdk();
  const { companyId } = sdk.useSession();
  const api = useMemo(() => chatApi(sdk.api), [sdk]);
  const [records, setRecords] = useState<Chat[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [loading, setLoading] = useState(true);
  const [search, setSearch] = useState('');
  const page = useRef(1);
  const request = useRef(0);

  const load = useCallback(async (pageNumber: number) => {
    const mine = ++request.current;
    setLoading(true);
    try {
      const res = await api.list(pageNumber, search.trim());
      if (mine !== request.current) return;
      page.current = pageNumber;
      setRecords((current) => (pageNumber === 1 ? res.records : [...current, ...res.records.filter((c) => !current.some((k) => k.id === c.id))]));
      setHasMore(res.hasMore);
    } catch { /* chat failures are silently ignored (extended spec §8) */ } finally {
      if (mine === request.current) setLoading(false);
    }
  }, [api, search]);

  useEffect(() => {
    const timer = setTimeout(() => { void load(1); }, search ? 300 : 0);
    return () => clearTimeout(timer);
  }, [load, search]);

  sdk.useSocketEvent(companyId ? `company-${companyId}-chat` : null, (event: ChatEvent) => {
    if (event.action === 'delete') { setRecords((current) => current.filter((c) => c.id !== event.id)); return; }
    const term = search.trim().toLowerCase();
    if (term && !event.chat.title.toLowerCase().includes(term)) return;
    setRecords((current) => [event.chat, ...current.filter((c) => c.id !== event.chat.id)].sort(byActivity));
  });

  /** Applies the answer of one of the caller's own calls (create, edit, read) before its event arrives. */
  const upsert = useCallback((chat: Chat) => setRecords((current) => [chat, ...current.filter((c) => c.id !== chat.id)].sort(byActivity)), []);
  const drop = useCallback((id: number) => setRecords((current) => current.filter((c) => c.id !== id)), []);

  return {
    records, hasMore, loading, search, setSearch, upsert, drop,
    loadMore: () => { if (hasMore && !loading) void load(page.current + 1); },
  };
}
