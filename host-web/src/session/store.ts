import { useSyncExternalStore } from 'react';
import { sessionEpoch, tokenStore } from './token';
import type { SessionState, SessionUser } from './types';

/** The signed-in user, as a tiny external store (React subscribes through useSyncExternalStore). */
let state: SessionState = { status: tokenStore.get() ? 'loading' : 'guest', user: null };
const listeners = new Set<() => void>();

function set(next: SessionState) {
  state = next;
  for (const l of listeners) l();
}

export const sessionStore = {
  get: () => state,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => { listeners.delete(listener); };
  },
  signIn(token: string, user: SessionUser) {
    sessionEpoch.next();
    tokenStore.set(token);
    set({ status: 'signed-in', user });
  },
  /** A fresh user record (refresh, /auth/me, the own user's update event). */
  updateUser(user: SessionUser) {
    set({ status: 'signed-in', user: { ...state.user, ...user } });
  },
  clear() {
    sessionEpoch.next();
    tokenStore.clear();
    set({ status: 'guest', user: null });
  },
};

export function useSessionState(): SessionState {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get);
}
