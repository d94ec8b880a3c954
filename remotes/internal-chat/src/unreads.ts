import { useEffect, useSyncExternalStore } from 'react';
import type { HostSdk } from '@atrium/host-web/sdk';
import { chatApi } from './api';

/**
 * The caller's unread total (the side-menu dot, the bell's badge): one store per loaded remote, fed by
 * GET /chats/unreads and refreshed on every `company-{id}-chat` event, which the server sends to the
 * chat's members only (so another chat's traffic never reaches this user).
 */
export function createUnreadStore(sdk: HostSdk) {
  const api = chatApi(sdk.api);
  const listeners = new Set<() => void>();
  let total = 0;
  let watching: { key: string; off: () => void } | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const set = (value: number) => { if (value !== total) { total = value; for (const l of listeners) l(); } };
  // Chat failures are silently ignored (extended spec §8): the dot keeps its last value.
  const refresh = () => { api.unreads().then((r) => set(r.unreads), () => undefined); };
  const refreshSoon = () => { clearTimeout(timer); timer = setTimeout(refresh, 150); };

  return {
    /** Starts listening for the session (once; again when another user logs in, whose total starts fresh). */
    watch(companyId: number | null | undefined, userId: number | undefined) {
      const key = `${companyId}:${userId}`;
      if (!companyId || !userId || watching?.key === key) return;
      watching?.off();
      set(0);
      watching = { key, off: sdk.socket.on(`company-${companyId}-chat`, refreshSoon) };
      refresh();
    },
    subscribe(listener: () => void) { listeners.add(listener); return () => { listeners.delete(listener); }; },
    get: () => total,
    refresh,
  };
}
export type UnreadStore = ReturnType<typeof createUnreadStore>;

export function useUnreadTotal(sdk: HostSdk, store: UnreadStore): number {
  const { companyId, user } = sdk.useSession();
  useEffect(() => { store.watch(companyId, user?.id); }, [store, companyId, user?.id]);
  return useSyncExternalStore(store.subscribe, store.get);
}
