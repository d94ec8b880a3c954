/** The access token, kept in localStorage so a reload keeps the session (the refresh token is an httpOnly cookie). */
const KEY = 'token';

export const tokenStore = {
  get: (): string | null => localStorage.getItem(KEY),
  set: (token: string) => localStorage.setItem(KEY, token),
  clear: () => localStorage.removeItem(KEY),
};
