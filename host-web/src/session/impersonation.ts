import { useSyncExternalStore } from 'react';
import { api } from '../api/client';
import { renewSocketToken } from '../util/socketOnDemand';
import { sessionStore } from './store';
import type { SessionUser } from './types';

/**
 * A super user viewing a company as its admin (POST /auth/impersonate/:companyId): who and until when, kept beside
 * the token so a reload keeps the banner. The super user's refresh cookie is untouched, so a refresh (or "leave")
 * brings their own session back.
 */
export interface Impersonation { byName: string; companyName: string; userName: string; expiresAt: string }

const KEY = 'impersonation';
const listeners = new Set<() => void>();
let current: Impersonation | null = (() => { try { return JSON.parse(localStorage.getItem(KEY) ?? 'null') as Impersonation | null; } catch { return null; } })();

function set(next: Impersonation | null) {
  current = next;
  if (next) localStorage.setItem(KEY, JSON.stringify(next)); else localStorage.removeItem(KEY);
  for (const l of listeners) l();
}

export const impersonationStore = {
  get: () => current,
  subscribe(listener: () => void) { listeners.add(listener); return () => { listeners.delete(listener); }; },
  clear: () => set(null),
};

export const useImpersonation = () => useSyncExternalStore(impersonationStore.subscribe, impersonationStore.get);

const switchTo = (token: string, user: SessionUser) => {
  sessionStore.signIn(token, user);
  renewSocketToken(token);
};

export async function startImpersonation(companyId: number) {
  const reply = await api.post<{ token: string; user: SessionUser; impersonation: { byName: string; companyName: string; expiresAt: string } }>(`/auth/impersonate/${companyId}`);
  set({ byName: reply.impersonation.byName, companyName: reply.impersonation.companyName, userName: reply.user.name, expiresAt: reply.impersonation.expiresAt });
  switchTo(reply.token, reply.user);
}

export async function leaveImpersonation() {
  const reply = await api.post<{ token: string; user: SessionUser }>('/auth/impersonate/back');
  set(null);
  switchTo(reply.token, reply.user);
}
