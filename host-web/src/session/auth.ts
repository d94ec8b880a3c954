import { api, refreshToken, setApiHooks } from '../api/client';
import { sessionStore } from './store';
import { sessionEpoch, tokenStore } from './token';
import { rememberCampaignsFlag } from './cshow';
import { applyLanguageAtSignIn } from './language';
import { disconnectSocket, renewSocketToken } from '../util/socketOnDemand';
import type { SessionUser } from './types';
import { impersonationStore } from './impersonation';

export interface LoginReply {
  token: string;
  user: SessionUser;
  warning?: { code: string; dueDate: string; daysLeft: number };
}

setApiHooks({
  onRefreshed: (token, user) => {
    // A refresh answers the refresh cookie's session: the super user's own, never an impersonation.
    impersonationStore.clear();
    if (user) sessionStore.updateUser(user as SessionUser);
    renewSocketToken(token); // the socket lives as long as the newest token (the server closes it at its token's expiry)
  },
  onSessionEnded: () => { impersonationStore.clear(); sessionStore.clear(); },
});

/** The password was right, and a second step is due: a code ('verify'), or enrolment the company requires ('enrol'). */
export interface SecondFactorStep { twoFactor: 'verify' | 'enrol'; challenge: string }

const signIn = <R extends LoginReply>(reply: R): R => {
  rememberCampaignsFlag(reply.user);
  applyLanguageAtSignIn(reply.user);
  sessionStore.signIn(reply.token, reply.user);
  return reply;
};

export async function login(email: string, password: string): Promise<LoginReply | SecondFactorStep> {
  sessionEpoch.next(); // whatever the page before still has in flight belongs to the session before
  const reply = await api.post<LoginReply | SecondFactorStep>('/auth/login', { email, password });
  return 'twoFactor' in reply ? reply : signIn(reply);
}

/** The login's second step: the authenticator's code, or one of the recovery codes. */
export async function verifySecondFactor(challenge: string, answer: { code: string } | { recoveryCode: string }) {
  return signIn(await api.post<LoginReply & { recoveryCodesLeft: number }>('/auth/login/2fa', { challenge, ...answer }));
}

/** Enrolment as the login's second step (the company requires a second factor): the secret, then the first code. */
export const enrolAtLogin = (challenge: string) => ({
  start: () => api.post<{ secret: string; uri: string }>('/auth/login/2fa/setup', { challenge }),
  async confirm(code: string) {
    const reply = await api.post<LoginReply & { recoveryCodes: string[] }>('/auth/login/2fa/enable', { challenge, code });
    return { recoveryCodes: reply.recoveryCodes, done: () => { signIn(reply); } };
  },
});

export async function logout() {
  // The server closes this session's socket while the call runs: its reconnect must not refresh a session being ended.
  disconnectSocket();
  try { await api.delete('/auth/logout'); } catch { /* the session ends either way */ }
  impersonationStore.clear();
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
