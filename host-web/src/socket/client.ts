import { io, type Socket } from 'socket.io-client';
import { sessionEpoch, tokenStore } from '../session/token';
import { refreshToken } from '../api/client';

export type Handler = (...args: any[]) => void;

/** Handlers by event name, kept across (re)connections so subscribers never care which socket is live. */
const handlers = new Map<string, Set<Handler>>();
/** Room joins replayed after every (re)connect, e.g. joinNotification, joinChatBox <id>. */
const joins = new Map<string, { event: string; args: unknown[] }>();
let socket: Socket | null = null;
/** When the session's socket next renews its token in place (the server closes a socket whose token expired). */
let renewTimer: ReturnType<typeof setTimeout> | undefined;

/** A JWT's expiry and issue time in ms, or undefined when it cannot be read. */
function lifetimeOf(token: string | null): { exp: number; iat: number } | undefined {
  try {
    const claims = JSON.parse(atob(token!.split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: number; iat?: number };
    return claims.exp && claims.iat ? { exp: claims.exp * 1000, iat: claims.iat * 1000 } : undefined;
  } catch {
    return undefined;
  }
}

/** How long before its token expires the socket renews: a minute, or a quarter of a short-lived token's life. */
const renewLead = ({ exp, iat }: { exp: number; iat: number }) => Math.min(60_000, (exp - iat) / 4);

/**
 * Keeps the session's socket within its access token's life without reconnecting: shortly before the token
 * expires it takes the newest one (refreshing it unless another tab or request already did) and hands it to
 * the socket (`renewToken`); a failed renewal leaves it to the server, which closes the socket, and to the
 * reconnect below.
 */
function scheduleRenewal() {
  clearTimeout(renewTimer);
  const life = lifetimeOf(tokenStore.get());
  if (!life) return;
  renewTimer = setTimeout(() => {
    const current = lifetimeOf(tokenStore.get());
    if (current && current.exp - Date.now() > renewLead(current)) renewSocketToken(tokenStore.get()!);
    else void refreshToken(); // on success the session's hook hands the new token to the socket (renewSocketToken)
  }, Math.max(0, life.exp - renewLead(life) - Date.now()));
}

/** After any refresh (the renewal timer's, an API call's on a 403): the socket takes the new token at once. */
export function renewSocketToken(token: string) {
  if (!socket?.connected || !lifetimeOf(token)) return;
  socket.emit('renewToken', token, () => undefined);
  scheduleRenewal();
}

function dispatch(event: string, ...args: unknown[]) {
  const set = handlers.get(event);
  if (set) for (const h of [...set]) h(...args);
}

/**
 * Opens the session's single socket (path /socket.io, the token in the query and the handshake auth).
 * `fixedToken`: an expired company's renewal token (its socket hears only payment events), never refreshed.
 */
export function connectSocket(onSessionDead: () => void, fixedToken?: string) {
  if (socket) return socket;
  const tokenOf = () => fixedToken ?? tokenStore.get() ?? '';
  const s = io({
    path: '/socket.io',
    transports: ['websocket', 'polling'],
    query: { token: tokenOf() },
    auth: (cb) => cb({ token: tokenOf() }),
  });
  s.onAny((event: string, ...args: unknown[]) => dispatch(event, ...args));
  const reconnectAfterRefresh = async () => {
    const epoch = sessionEpoch.current();
    if (!fixedToken && await refreshToken()) { s.io.opts.query = { token: tokenStore.get() ?? '' }; s.connect(); return; }
    // The session this socket served was logged out meanwhile (and maybe a new one begun): nothing of it to end.
    if (sessionEpoch.current() === epoch && socket === s) onSessionDead();
  };
  s.on('connect', () => {
    for (const { event, args } of joins.values()) s.emit(event, ...args);
    if (!fixedToken) scheduleRenewal();
    dispatch('connect');
  });
  s.on('connect_error', async (err) => {
    if (err.message !== 'ERR_SESSION_EXPIRED') return; // transport trouble: socket.io retries by itself
    await reconnectAfterRefresh();
  });
  // The server closed the socket: its token expired unrenewed (a laptop asleep) or the session changed (a new
  // password, a new token version). A refresh tells which: the session goes on with a new socket, or it is over.
  s.on('disconnect', (reason) => {
    if (reason === 'io server disconnect' && socket === s) void reconnectAfterRefresh();
  });
  socket = s;
  return s;
}

export function disconnectSocket() {
  clearTimeout(renewTimer);
  const closing = socket;
  socket = null;
  closing?.disconnect();
  joins.clear();
}

export const socketClient = {
  on(event: string, handler: Handler): () => void {
    let set = handlers.get(event);
    if (!set) handlers.set(event, (set = new Set()));
    set.add(handler);
    return () => { set!.delete(handler); };
  },
  emit(event: string, ...args: unknown[]) {
    socket?.emit(event, ...args);
  },
  /** Emits a join now and after every reconnect; the returned function emits the leave event (if any) and stops. */
  join(event: string, args: unknown[] = [], leaveEvent?: string): () => void {
    const key = `${event}:${JSON.stringify(args)}`;
    joins.set(key, { event, args });
    socket?.emit(event, ...args);
    return () => {
      joins.delete(key);
      if (leaveEvent) socket?.emit(leaveEvent, ...args);
    };
  },
  get connected() { return !!socket?.connected; },
};
