import { api, refreshToken, setApiHooks } from '../api/client';
import { sessionStore } from './store';
import { tokenStore } from './token';
import { rememberCampaignsFlag } from './cshow';
import type { SessionUser } from './types';

export interface LoginReply {
  token: string;
  user: SessionUser;
  warning?: { code: string; dueDate: string; daysLeft: number };
}

setApiHooks({
  onRefreshed: (_token, user) => { if (user) sessionStore.updateUser(user as SessionUser); },
  onSessionEnded: () => sessionStore.clear(),
});

export async function login(email: string, password: string): Promise<LoginReply> {
  const reply = await api.post<LoginReply>('/auth/login', { email, password });
  rememberCampaignsFlag(reply.user);
  sessionStore.signIn(reply.token, reply.user);
  return reply;
}

export async function logout() {
  try { await api.delete('/auth/logout'); } catch { /* the session ends either way */ }
  sessionStore.clear();
}

/** At start: a stored token is checked with /auth/me (refreshed once if expired), else the refresh cookie is tried. */
export async function restoreSession() {
  try {
    if (tokenStore.get()) {
      const user = await api.get<SessionUser>('/auth/me');
      sessionStore.signIn(tokenStore.get()!, user);
      return;
    }
  } catch { /* fall through */ }
  if (tokenStore.get() && (await refreshToken())) {
    const user = await api.get<SessionUser>('/auth/me').catch(() => null);
    if (user) { sessionStore.signIn(tokenStore.get()!, user); return; }
  }
  sessionStore.clear();
}
