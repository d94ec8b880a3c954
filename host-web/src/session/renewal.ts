/**
 * An expired company's renewal: the login refused it (core §5) but gave its admin a token good only for
 * paying invoices. Kept for the tab (sessionStorage) so a reload of /renew still works.
 */
export interface Renewal { token: string; dueDate: string; companyId: number }

const KEY = 'renewal';

function companyIdOf(token: string): number {
  try {
    const payload = JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))) as { companyId?: number };
    return Number(payload.companyId) || 0;
  } catch {
    return 0;
  }
}

export const renewalStore = {
  get(): Renewal | null {
    try { return JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as Renewal | null; } catch { return null; }
  },
  set(token: string, dueDate: string) {
    sessionStorage.setItem(KEY, JSON.stringify({ token, dueDate, companyId: companyIdOf(token) } satisfies Renewal));
  },
  clear() { sessionStorage.removeItem(KEY); },
};
