import { io, type Socket } from 'socket.io-client';
import { tokenStore } from '../session/token';
import { refreshToken } from '../api/client';

export type Handler = (...args: any[]) => void;

/** Handlers by event name, kept across (re)connections so subscribers never care which socket is live. */
const handlers = new Map<string, Set<Handler>>();
/** Room joins replayed after every (re)connect, e.g. joinNotification, joinChatBox <id>. */
const joins = new Map<string, { event: string; args: unknown[] }>();
let socket: Socket | null = null;

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
  s.on('connect', () => {
    for (const { event, args } of joins.values()) s.emit(event, ...args);
    dispatch('connect');
  });
  s.on('connect_error', async (err) => {
    if (err.message !== 'ERR_SESSION_EXPIRED') return; // transport trouble: socket.io retries by itself
    if (!fixedToken && await refreshToken()) { s.io.opts.query = { token: tokenStore.get() ?? '' }; s.connect(); return; }
    onSessionDead();
  });
  socket = s;
  return s;
}

export function disconnectSocket() {
  socket?.disconnect();
  socket = null;
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
