import { ApiError, toApiError } from './errors';
import { sessionEpoch, tokenStore } from '../session/token';
import { downloadFile } from '../util/download';
import { showWarnings } from './warnings';

export type Query = Record<string, string | number | boolean | undefined | null | Array<string | number>>;

export interface ApiClient {
  get<T = unknown>(path: string, query?: Query): Promise<T>;
  post<T = unknown>(path: string, body?: unknown): Promise<T>;
  put<T = unknown>(path: string, body?: unknown): Promise<T>;
  delete<T = unknown>(path: string): Promise<T>;
  /** multipart/form-data POST (files). */
  upload<T = unknown>(path: string, form: FormData): Promise<T>;
  /** GETs a file (a sample sheet, an export) with the session's token and hands it to the browser as `filename`. */
  download(path: string, filename: string, query?: Query): Promise<void>;
  /**
   * POSTs `body` and reads a server-sent-events answer, calling `onEvent(event, data)` for each event (`message` when
   * unnamed; `data` parsed as JSON) until the server ends it; `signal` cancels (the server sees the connection close).
   * A refusal before the stream starts rejects with the API error, like the other calls.
   */
  stream(path: string, body: unknown, options: { signal?: AbortSignal; onEvent(event: string, data: unknown): void }): Promise<void>;
}

interface Hooks {
  /** Called with the new token and user after a successful refresh. */
  onRefreshed(token: string, user: unknown): void;
  /** Called on a 401 or a failed refresh: the session is over. */
  onSessionEnded(): void;
}

let hooks: Hooks = { onRefreshed: () => {}, onSessionEnded: () => {} };
export function setApiHooks(next: Hooks) { hooks = next; }

export function buildUrl(path: string, query?: Query): string {
  const url = `/api${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, Array.isArray(value) ? JSON.stringify(value) : String(value));
  }
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

let refreshing: Promise<boolean> | null = null;
/** A request that replaces the session's refresh cookie (one's own new password), while it runs. */
let sessionChange: Promise<unknown> = Promise.resolve();

/**
 * Runs a request that ends the session's tokens and answers with a new refresh cookie (one's own new password):
 * refreshes wait for it, since the old cookie no longer opens anything and the socket, closed by the server
 * meanwhile, would otherwise try it and end the session.
 */
export function changingSession<T>(request: () => Promise<T>): Promise<T> {
  const running = request();
  sessionChange = running.catch(() => undefined);
  return running;
}

/** POST /api/auth/refresh_token with the cookie; one refresh at a time, shared by concurrent callers. */
export function refreshToken(): Promise<boolean> {
  refreshing ??= (async () => {
    const epoch = sessionEpoch.current();
    try {
      await sessionChange;
      const res = await fetch('/api/auth/refresh_token', { method: 'POST', credentials: 'include' });
      if (!res.ok) return false;
      const body = (await res.json()) as { token: string; user: unknown };
      // Signed out or in again meanwhile: this answer belongs to the session before, and must not replace the new one.
      if (sessionEpoch.current() !== epoch) return false;
      tokenStore.set(body.token);
      hooks.onRefreshed(body.token, body.user);
      return true;
    } catch {
      return false;
    } finally {
      setTimeout(() => { refreshing = null; }, 0);
    }
  })();
  return refreshing;
}

/**
 * One request. With `fixedToken` (an expired company's renewal token) the session is left alone:
 * no refresh, no session end on 401, the caller decides.
 */
async function send<T>(method: string, url: string, body?: unknown, retried = false, fixedToken?: string): Promise<T> {
  const epoch = sessionEpoch.current();
  /** A session this request began in may end on its answer; a later sign-in may not (a late 401 of the old page). */
  const endSession = () => { if (sessionEpoch.current() === epoch) hooks.onSessionEnded(); };
  const headers: Record<string, string> = {};
  const token = fixedToken ?? tokenStore.get();
  if (token) headers.Authorization = `Bearer ${token}`;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) { headers['Content-Type'] = 'application/json'; payload = JSON.stringify(body); }

  const res = await fetch(url, { method, headers, body: payload, credentials: 'include' });
  if (res.status === 403 && token && !retried && !fixedToken) {
    const err = await toApiError(res.clone());
    // Only an expired session is worth a refresh; other 403s (no permission, plan) are final.
    if (err.code === 'ERR_SESSION_EXPIRED') {
      if (await refreshToken()) return send<T>(method, url, body, true);
      endSession();
      throw err;
    }
  }
  if (!res.ok) {
    const err = await toApiError(res);
    if (res.status === 401 && token && !fixedToken) endSession();
    throw err;
  }
  showWarnings(res.headers.get('atrium-warning'));
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  if (!text) return undefined as T;
  try { return JSON.parse(text) as T; } catch { return text as T; }
}

/** One server-sent-events POST (ApiClient.stream): the session's token, one refresh on an expired session. */
async function streamEvents(url: string, body: unknown, options: Parameters<ApiClient['stream']>[2], retried = false, fixedToken?: string): Promise<void> {
  const token = fixedToken ?? tokenStore.get();
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'text/event-stream' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body), credentials: 'include', signal: options.signal });
  if (res.status === 403 && token && !retried && !fixedToken) {
    const err = await toApiError(res.clone());
    if (err.code === 'ERR_SESSION_EXPIRED' && await refreshToken()) return streamEvents(url, body, options, true);
  }
  if (!res.ok || !res.body) throw await toApiError(res);
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
      const data = block.split('\n').filter((l) => l.startsWith('data: ')).map((l) => l.slice(6)).join('\n');
      if (!data) continue;
      let parsed: unknown = data;
      try { parsed = JSON.parse(data); } catch { /* a plain text event */ }
      options.onEvent(event, parsed);
    }
  }
}

export const api: ApiClient = {
  get: (path, query) => send('GET', buildUrl(path, query)),
  post: (path, body) => send('POST', buildUrl(path), body),
  put: (path, body) => send('PUT', buildUrl(path), body),
  delete: (path) => send('DELETE', buildUrl(path)),
  upload: (path, form) => send('POST', buildUrl(path), form),
  download: (path, filename, query) => downloadFile(path, filename, query),
  stream: (path, body, options) => streamEvents(buildUrl(path), body, options),
};

export { ApiError };

/** A client that sends `token` instead of the session's (the renewal page of an expired company). */
export function apiWithToken(token: string): ApiClient {
  return {
    get: (path, query) => send('GET', buildUrl(path, query), undefined, false, token),
    post: (path, body) => send('POST', buildUrl(path), body, false, token),
    put: (path, body) => send('PUT', buildUrl(path), body, false, token),
    delete: (path) => send('DELETE', buildUrl(path), undefined, false, token),
    upload: (path, form) => send('POST', buildUrl(path), form, false, token),
    download: (path, filename, query) => downloadFile(path, filename, query),
    stream: (path, body, options) => streamEvents(buildUrl(path), body, options, false, token),
  };
}
