import fp from 'fastify-plugin';
import { Server, type Socket } from 'socket.io';
import type { FastifyInstance } from 'fastify';
import { closeRedis, connectRedis, duplicateRedis, publishingSafely, type RedisClient } from '../redis/client.js';
import { Ticket, User } from '../db/models/index.js';
import { dbNow } from '../db/time.js';
import { canSee } from '../domains/tickets/access.js';
import { forgetCallersFromPeer, onCallersForgotten, type CallersForgotten } from '../db/caller-cache.js';
import { checkToken, loadCaller, type Caller } from '../auth/caller.js';
import { isAudienceRoom, rooms, ticketRooms, viewerRooms, type TicketLike, type Viewer } from './rooms.js';
import type { OriginPolicy } from '../http/origins.js';
import { familyCompanyEventName, familyEventName } from './family-events.js';
import type { CacheForgotten, SharedCaches } from '../cache/shared-cache.js';

export { rooms, type TicketAudience, type TicketLike, type Viewer } from './rooms.js';

/** Who a socket belongs to, from its token: `tv` is the token version it was (last) authenticated with. */
export interface SocketUser {
  id: number; companyId: number; profile: string; super: boolean; scope?: 'billing'; tv?: number; sid?: number;
  /** An impersonation's super user, their company, session and token version (auth/caller.ts, checkToken). */
  imp?: number; impCompanyId?: number; impSid?: number; impTv?: number;
}

/** Where an emit goes: one room, several (their union), or rooms minus the sockets in `except`. */
export type BusTarget = string | string[] | { to: string[]; except?: string[] };

/** Ticket events the console handles (core §7: update, delete, updateUnread). */
export type TicketAction = 'update' | 'delete' | 'updateUnread';

/**
 * The realtime bus: socket.io on the Fastify server. Every event is company-scoped by name
 * (`company-{id}-ticket`) and by room, so a socket only ever hears its own company; events about a
 * ticket (the ticket, its messages, its notes) go only to the sockets whose user may see that
 * ticket (core §6, see rooms.ts), never to the whole company.
 */
export interface Bus {
  io: Server;
  /**
   * Emits `company-{companyId}-{event}` to every socket of the company, or to `target`. Ticket and
   * message events are refused here without a target: they go through emitTicketChange / emitMessageChange.
   */
  emit(companyId: number, event: string, payload: unknown, target?: BusTarget): void;
  /** Emits to one user's sockets only (e.g. "logged in elsewhere"). */
  emitToUser(companyId: number, userId: number, event: string, payload: unknown): void;
  /** Emits an event not tied to one company (announcements). */
  broadcast(event: string, payload: unknown): void;
  /**
   * The one way to announce a ticket change: `company-{id}-ticket` to those who may see the ticket
   * (`update` carries the ticket view, `delete` and `updateUnread` its id). With `previous` (the queue
   * and user before the change), the sockets that could see it before and no longer can get
   * `{ action: 'delete', ticketId, moved: true }` (gone for them, not deleted).
   */
  emitTicketChange(companyId: number, action: TicketAction, ticket: TicketLike, previous?: Partial<Omit<TicketLike, 'id'>>): void;
  /** The one way to announce a message: `company-{id}-appMessage` to those who may see its ticket (a row, or its id). */
  emitMessageChange(companyId: number, ticket: TicketLike | number, payload: { action: string; [key: string]: unknown }): Promise<void>;
  /** Any other event about one ticket (e.g. its notes), to those who may see it. */
  emitForTicket(companyId: number, ticket: TicketLike, event: string, payload: unknown): void;
  rooms: typeof rooms;
  /** Hears a user's socket connecting, and their last socket closing, in this process (automatic assignment picks up waiting work). */
  onPresence(listener: PresenceListener): void;
}

/** A socket of the user connected (`online`), or their last one closed and they are offline now. */
export type PresenceListener = (companyId: number, userId: number, online: boolean) => void;

declare module 'fastify' {
  interface FastifyInstance { bus: Bus }
}

/** Between API processes: a user's (or a company's) cached callers are stale (db/caller-cache.ts). */
export const CALLERS_FORGOTTEN = 'atrium:callersForgotten';
/** Between API processes: an entry of a shared cache (sdk.cache, cache/shared-cache.ts) is stale. */
export const CACHE_FORGOTTEN = 'atrium:cacheForgotten';
/** setTimeout's ceiling (~24.8 days): a longer token's socket is checked again then. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Events that carry a ticket or its content: never emitted to the whole company. */
const TICKET_EVENTS = new Set(['ticket', 'appMessage', 'ticketNote', 'contactPresence']);

function tokenOf(socket: Socket): string | undefined {
  const fromAuth = (socket.handshake.auth as { token?: string } | undefined)?.token;
  const fromQuery = socket.handshake.query.token;
  const raw = fromAuth ?? (Array.isArray(fromQuery) ? fromQuery[0] : fromQuery);
  return raw?.replace(/^Bearer\s+/i, '');
}

/**
 * Marks the user seen and online; true when they were offline (the dashboard hears of it). Each write is
 * conditional on the state it expects: an old socket's `markOffline` may land between the two (a reload on a
 * pooled database), and the user must end online and announced so, not offline with a fresh lastSeenAt.
 */
async function markOnline(user: SocketUser): Promise<boolean> {
  const now = dbNow();
  const row = () => User.scoped(user.companyId).where('id', user.id);
  for (let attempt = 0; attempt < 3; attempt++) {
    if (await row().where('online', 0).patch({ online: true, lastSeenAt: now } as Partial<User>)) return true;
    if (await row().where('online', 1).patch({ lastSeenAt: now } as Partial<User>)) return false;
  }
  return false;
}

/**
 * Marks the user offline unless they were seen since `since` (when their last socket went): a reload's new page
 * connects while the old one's disconnect is still being handled, and must not be undone by it (issue 32: the
 * dashboard listed the signed-in admin as Offline). True when it changed.
 */
async function markOffline(user: SocketUser, since: string): Promise<boolean> {
  return (await User.scoped(user.companyId).where('id', user.id).where('online', 1).where('lastSeenAt', '<', since)
    .patch({ online: false } as Partial<User>)) > 0;
}

/** The longest a forget waits for the other processes' acks: the adapter's own 5 s timeout, plus its peer count. */
const PEER_ACK_BOUND_MS = 6000;

export const busPlugin = fp(async (app: FastifyInstance, opts: { redisUrl?: string; prefix?: string; origins: OriginPolicy; caches: SharedCaches }) => {
  // Set when the server closes: work still in flight then (a provider's late ack, a job finishing)
  // must not publish through Redis clients that are quitting (an unhandled rejection inside the adapter).
  let closed = false;
  const io = new Server(app.server, {
    path: '/socket.io',
    pingInterval: 18_000,
    pingTimeout: 18_000,
    // Only pages of the allowed origins (http/origins.ts) may open a socket: the handshake of any other is refused
    // (WebSocket has no CORS of its own), and polling answers carry CORS headers for the allowed ones alone.
    cors: { origin: opts.origins.allowed, credentials: true },
    allowRequest: (req, done) => done(null, opts.origins.allows(req.headers.origin, req.headers.host)),
    serveClient: false,
  });

  let pub: RedisClient | undefined;
  let sub: RedisClient | undefined;
  if (opts.redisUrl) {
    // Loaded only with Redis: the clients cost ~30 MiB of RSS a single process never uses.
    const { createAdapter } = await import('@socket.io/redis-adapter');
    pub = await connectRedis(opts.redisUrl, 'bus pub', app.log);
    sub = await duplicateRedis(pub, 'bus sub', app.log);
    // Channels named per installation: two installations on one Redis must not share rooms
    // (`user-5` of one would hear, and be moved by, the other's events). The adapter publishes without
    // catching: with Redis away an emit must not end the process (redis/client.ts).
    /**
     * Tells every other process and waits for their acks (the adapter's 5 s request timeout). With Redis away nobody
     * can hear: the change is not waited on (the peers' cached entries expire by their TTL). The adapter counts its
     * peers first and, if that count fails, never acks: hence the bound here.
     */
    const confirmedByPeers = async (event: string, change: unknown) => {
      if (!pub?.isReady) throw new Error('redis unreachable: the other processes were not told');
      let timer: NodeJS.Timeout | undefined;
      const bound = new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new Error('the other processes did not answer in time')), PEER_ACK_BOUND_MS); });
      await Promise.race([io.serverSideEmitWithAck(event, change), bound]).finally(() => clearTimeout(timer));
    };
    const adapterPub = publishingSafely(pub, (err) => app.log.debug({ err }, 'an event was not published: redis unreachable'));
    io.adapter(createAdapter(adapterPub, sub, opts.prefix ? { key: `${opts.prefix}:socket.io` } : {}));
    // Every process's cached callers (db/caller-cache.ts): a change forgotten here is forgotten in every process,
    // which confirms before the change's request answers, and re-checks its own sockets of whoever changed.
    const stopForwarding = onCallersForgotten(async (change) => {
      if (closed) return;
      // Waits for every other process (the adapter's 5 s request timeout: a dead one is left to the cache's expiry).
      await confirmedByPeers(CALLERS_FORGOTTEN, change)
        .catch((err: unknown) => app.log.warn({ err, change }, 'a process did not confirm forgetting cached callers'));
    });
    io.on(CALLERS_FORGOTTEN, (change: CallersForgotten, ack?: (ok: boolean) => void) => {
      forgetCallersFromPeer(change);
      ack?.(true);
      reviewSockets(change);
    });
    // The shared caches' forgets (sdk.cache) the same way: confirmed by every process before the change goes on.
    const stopForwardingCaches = opts.caches.onForget(async (change) => {
      if (closed) return;
      await confirmedByPeers(CACHE_FORGOTTEN, change)
        .catch((err: unknown) => app.log.warn({ err, change }, 'a process did not confirm forgetting a cache entry'));
    });
    io.on(CACHE_FORGOTTEN, (change: CacheForgotten, ack?: (ok: boolean) => void) => {
      opts.caches.forgetFromPeer(change);
      ack?.(true);
    });
    app.addHook('onClose', async () => { stopForwarding(); stopForwardingCaches(); });
  }
  // This process's sockets of whoever changed here are re-checked too.
  const stopReviewing = onCallersForgotten((change) => { reviewSockets(change); });
  app.addHook('onClose', async () => { stopReviewing(); });

  /** A token's user, or undefined when it does not verify. */
  const verifyToken = (token: string | undefined): (SocketUser & { exp?: number }) | undefined => {
    if (!token) return undefined;
    try {
      const payload = app.jwt.verify<SocketUser & { exp?: number }>(token);
      const { id, companyId, profile, super: isSuper, scope, tv, sid, imp, impCompanyId, impSid, impTv, exp } = payload;
      return { id, companyId, profile, super: isSuper, scope, tv, sid, imp, impCompanyId, impSid, impTv, exp };
    } catch {
      return undefined;
    }
  };

  io.use((socket, next) => {
    const user = verifyToken(tokenOf(socket));
    if (!user) return next(new Error('ERR_SESSION_EXPIRED'));
    // Checked as a request is (auth/caller.ts), and the rooms come from the user as stored now, not from the token.
    checkToken(user).then(({ caller, refusal }) => {
      if (refusal) return next(new Error('ERR_SESSION_EXPIRED'));
      const { exp, ...socketUser } = user;
      socket.data.user = socketUser;
      socket.data.viewer = caller;
      socket.data.expiresAt = exp ? exp * 1000 : undefined;
      next();
    }, (err) => {
      app.log.warn({ err }, 'socket: loading the user failed');
      next(new Error('ERR_INTERNAL_SERVER_ERROR'));
    });
  });

  const presenceListeners: PresenceListener[] = [];
  io.on('connection', (socket) => {
    const user = socket.data.user as SocketUser;
    // A socket lives no longer than the access token it authenticated with; the console renews it in place
    // (`renewToken` with its refreshed token) before then, or is disconnected and reconnects after a refresh.
    let expiry: NodeJS.Timeout | undefined;
    const armExpiry = () => {
      clearTimeout(expiry);
      const at = socket.data.expiresAt as number | undefined;
      if (at === undefined) return;
      expiry = setTimeout(() => (Date.now() >= at ? socket.disconnect(true) : armExpiry()), Math.min(Math.max(0, at - Date.now()), MAX_TIMER_MS));
      expiry.unref();
    };
    armExpiry();
    socket.on('disconnect', () => clearTimeout(expiry));
    socket.on('renewToken', (token: unknown, ack?: (reply: { ok: boolean }) => void) => {
      const next = verifyToken(typeof token === 'string' ? token.replace(/^Bearer\s+/i, '') : undefined);
      const reply = typeof ack === 'function' ? ack : () => undefined;
      if (!next || next.id !== user.id || next.companyId !== user.companyId || next.scope !== user.scope || next.imp !== user.imp) return reply({ ok: false });
      checkToken(next).then(({ refusal }) => {
        if (refusal) { reply({ ok: false }); socket.disconnect(true); return; }
        user.tv = next.tv;
        user.sid = next.sid;
        user.impSid = next.impSid;
        user.impTv = next.impTv;
        socket.data.expiresAt = next.exp ? next.exp * 1000 : undefined;
        armExpiry();
        reply({ ok: true });
      }, () => reply({ ok: false }));
    });

    if (user.scope === 'billing') {
      // A renewal token (expired company): its socket hears the company's payment events and nothing else.
      void socket.join(rooms.billing(user.companyId));
      return;
    }
    void Promise.resolve(socket.join([rooms.company(user.companyId), rooms.user(user.id), ...viewerRooms(user.companyId, socket.data.viewer as Viewer)]))
      // The family's client waits for `ready` before it loads its lists (bus/family-events.ts).
      .then(() => socket.emit('ready', { userId: user.id, companyId: user.companyId }), () => undefined);

    socket.on('joinChatBox', async (ticketId: unknown) => {
      // Only a ticket the user may see now (core §6), of the socket's own company, can be joined.
      const id = Number(ticketId);
      if (!Number.isInteger(id)) return;
      const [viewer, ticket] = await Promise.all([
        loadCaller(user.companyId, user.id),
        Ticket.scoped(user.companyId).findById(id).select('id', 'queueId', 'userId'),
      ]).catch(() => []);
      if (viewer && ticket && canSee(viewer, ticket)) void socket.join(rooms.ticket(id));
    });
    socket.on('leaveChatBox', (ticketId: unknown) => void socket.leave(rooms.ticket(String(ticketId))));
    socket.on('joinNotification', () => void socket.join(rooms.notification(user.companyId)));
    socket.on('leaveNotification', () => void socket.leave(rooms.notification(user.companyId)));
    // joinTickets / leaveTickets (the tickets list's status tab) need no room: the socket already hears,
    // through its audience rooms, every ticket its user may see, whatever the status. A company-wide
    // status room would hand every ticket of that status to anyone who asks.
    // A change of presence is announced to the admins (the dashboard's attendants list), live.
    const announce = (online: boolean) => bus.emit(user.companyId, 'presence', { userId: user.id, online }, rooms.admins(user.companyId));
    const tell = (online: boolean) => { for (const listener of presenceListeners) listener(user.companyId, user.id, online); };
    const seen = () => markOnline(user).then((changed) => { if (changed) announce(true); });
    socket.on('userStatus', () => {
      seen().catch((err) => app.log.warn({ err }, 'presence update failed'));
    });
    socket.on('disconnect', async () => {
      const since = dbNow();
      // Offline only when this was the user's last socket (across processes with the Redis adapter).
      const remaining = await io.in(rooms.user(user.id)).fetchSockets().catch(() => []);
      if (remaining.length === 0 && await markOffline(user, since).catch(() => false)) {
        announce(false);
        tell(false);
      }
    });
    // A console connecting tells the listeners even when the user was already online (signing in marks them so).
    seen().then(() => tell(true), () => undefined);
  });

  /** One emit to a union of rooms (minus `except`): socket.io delivers it once per socket. */
  function send(target: BusTarget, name: string, payload: unknown) {
    if (closed) return;
    if (typeof target === 'string' || Array.isArray(target)) return void io.to(target).emit(name, payload);
    let op = io.to(target.to);
    if (target.except?.length) op = op.except(target.except);
    op.emit(name, payload);
  }

  const bus: Bus = {
    io,
    rooms,
    onPresence(listener) { presenceListeners.push(listener); },
    emit(companyId, event, payload, target) {
      if (!target && TICKET_EVENTS.has(event)) {
        throw new Error(`bus.emit('${event}') without a target would reach the whole company: use emitTicketChange / emitMessageChange / emitForTicket`);
      }
      send(target ?? rooms.company(companyId), `company-${companyId}-${event}`, payload);
      const theirs = familyEventName(event);
      if (theirs) send(target ?? rooms.company(companyId), theirs, payload);
      const theirsInCompany = familyCompanyEventName(event);
      if (theirsInCompany) send(target ?? rooms.company(companyId), `company-${companyId}-${theirsInCompany}`, payload);
    },
    emitToUser(companyId, userId, event, payload) {
      send(rooms.user(userId), `company-${companyId}-${event}`, payload);
    },
    broadcast(event, payload) {
      if (!closed) io.emit(event, payload);
    },
    // These go through bus.emit (not send) so that whoever wraps emit (tests, the ingest bench) sees every event.
    emitTicketChange(companyId, action, ticket, previous) {
      const now = ticketRooms(companyId, ticket);
      if (previous) {
        const before = ticketRooms(companyId, { id: ticket.id, ...previous });
        const lost = before.filter((room) => !now.includes(room));
        if (lost.length) bus.emit(companyId, 'ticket', { action: 'delete', ticketId: ticket.id, moved: true }, { to: lost, except: now });
      }
      bus.emit(companyId, 'ticket', action === 'update' ? { action, ticket } : { action, ticketId: ticket.id }, now);
    },
    async emitMessageChange(companyId, ticket, payload) {
      const audience = typeof ticket === 'number'
        ? await Ticket.scoped(companyId).findById(ticket).select('id', 'queueId', 'userId')
        : ticket;
      if (audience) bus.emit(companyId, 'appMessage', payload, ticketRooms(companyId, audience));
    },
    emitForTicket(companyId, ticket, event, payload) {
      bus.emit(companyId, event, payload, ticketRooms(companyId, ticket));
    },
  };
  app.decorate('bus', bus);

  /**
   * This process's sockets of whoever a change was about (a user, a company, everyone), checked against the
   * user as stored now: a socket whose user is gone, whose token version is older (logout, another login, a
   * password change) or whose company may no longer work is disconnected; the others move to the rooms of
   * what their user may see now (profile, allTicket, queues).
   */
  function reviewSockets(change: CallersForgotten) {
    if (closed) return;
    const concerned = [...io.of('/').sockets.values()].filter((socket) => {
      const user = socket.data.user as SocketUser | undefined;
      if (!user) return false;
      if (change.companyId === 'any') return true;
      const about = (companyId: number | undefined, userId: number | undefined) =>
        companyId === change.companyId && (change.userId === undefined || userId === change.userId);
      // An impersonation's socket lives on its super user's session too: a change of theirs re-checks it.
      return about(user.companyId, user.id) || (user.imp !== undefined && about(user.impCompanyId, user.imp));
    });
    for (const socket of concerned) {
      const user = socket.data.user as SocketUser;
      checkToken(user).then(({ caller, refusal }) => {
        if (refusal) return void socket.disconnect(true);
        if (user.scope !== 'billing') placeInRooms(socket, caller!);
      }, (err) => app.log.warn({ err, userId: user.id }, 'socket: re-checking the user failed; its rooms stay as they were'));
    }
  }

  function placeInRooms(socket: Socket, caller: Caller) {
    const wanted = viewerRooms(caller.companyId, caller);
    for (const room of socket.rooms) if (isAudienceRoom(caller.companyId, room) && !wanted.includes(room)) void socket.leave(room);
    if (wanted.length) void socket.join(wanted);
  }

  app.addHook('preClose', async () => {
    // This process's sockets only: with the Redis adapter a plain disconnectSockets reaches every process.
    io.local.disconnectSockets(true);
  });
  app.addHook('onClose', async () => {
    closed = true;
    await new Promise<void>((resolve) => io.close(() => resolve()));
    await Promise.allSettled([closeRedis(pub), closeRedis(sub)]);
  });
}, { name: 'bus', dependencies: ['auth'] });
