/** The access token, kept in localStorage so a reload keeps the session (the refresh token is an httpOnly cookie). */
const KEY = 'token';

export const tokenStore = {
  get: (): string | null => localStorage.getItem(KEY),
  set: (token: string) => localStorage.setItem(KEY, token),
  clear: () => localStorage.removeItem(KEY),
};

/**
 * Which sign-in the page is in: moved on by every sign-in, sign-out and start of a login. Work begun in one (a refresh,
 * a request, a socket reconnect) that answers in a later one must not touch the session: a refresh of the session
 * just logged out would otherwise end the sign-in that started since (a late 401 sending the code step back to the
 * e-mail step).
 */
let epoch = 0;
export const sessionEpoch = {
  current: () => epoch,
  next: () => { epoch += 1; return epoch; },
};
