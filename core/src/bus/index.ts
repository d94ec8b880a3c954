import fp from 'fastify-plugin';
import { Server, type Socket } from 'socket.io';
import type { FastifyInstance } from 'fastify';
import type { createClient } from 'redis';
import { Ticket, User } from '../db/models/index.js';
import { dbNow } from '../db/time.js';
import { AppError } from '../http/errors.js';
import { canSee, readActor } from '../domains/tickets/access.js';
import { forgetActorsFromPeer, onActorsForgotten } from '../db/actor-cache.js';
import { isAudienceRoom, rooms, ticketRooms, viewerRooms, type TicketLike, type Viewer } from './rooms.js';

export { rooms, type TicketAudience, type TicketLike, type Viewer } from './rooms.js';

export interface SocketUser { id: number; companyId: number; profile: string; super: boolean; scope?: 'billing' }

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
  /** Re-computes the audience rooms of a user's sockets (all processes) after their profile or queues changed; a deleted user's sockets are disconnected. */
  refreshUserRooms(companyId: number, userId: number): Promise<void>;
  rooms: typeof rooms;
}

declare module 'fastify' {
  interface FastifyInstance { bus: Bus }
}

/** Between API processes: a company's cached callers are stale (db/actor-cache.ts). */
const ACTORS_FORGOTTEN = 'atrium:actorsForgotten';

/** Events that carry a ticket or its content: never emitted to the whole company. */
const TICKET_EVENTS = new Set(['ticket', 'appMessage', 'ticketNote']);

/** The viewer behind a socket, read from the database (the token's profile may be stale), or undefined if the user is gone. */
async function loadViewer(companyId: number, userId: number): Promise<Viewer | undefined> {
  try {
    return await readActor({ id: userId, companyId });
  } catch (err) {
    if (err instanceof AppError && err.statusCode === 404) return undefined;
    throw err;
  }
}

function tokenOf(socket: Socket): string | undefined {
  const fromAuth = (socket.handshake.auth as { token?: string } | undefined)?.token;
  const fromQuery = socket.handshake.query.token;
  const raw = fromAuth ?? (Array.isArray(fromQuery) ? fromQuery[0] : fromQuery);
  return raw?.replace(/^Bearer\s+/i, '');
}

async function setPresence(user: SocketUser, online: boolean) {
  await User.scoped(user.companyId).where('id', user.id).patch({ online, lastSeenAt: dbNow() } as Partial<User>);
}

export const busPlugin = fp(async (app: FastifyInstance, opts: { redisUrl?: string; prefix?: string }) => {
  const io = new Server(app.server, {
    path: '/socket.io',
    pingInterval: 18_000,
    pingTimeout: 18_000,
    cors: { origin: true, credentials: true },
    serveClient: false,
  });

  let pub: ReturnType<typeof createClient> | undefined;
  let sub: ReturnType<typeof createClient> | undefined;
  if (opts.redisUrl) {
    // Loaded only with Redis: the clients cost ~30 MiB of RSS a single process never uses.
    const [{ createClient }, { createAdapter }] = await Promise.all([import('redis'), import('@socket.io/redis-adapter')]);
    pub = createClient({ url: opts.redisUrl });
    sub = pub.duplicate();
    pub.on('error', (err) => app.log.error({ err }, 'redis (bus pub) error'));
    sub.on('error', (err) => app.log.error({ err }, 'redis (bus sub) error'));
    await Promise.all([pub.connect(), sub.connect()]);
    // Channels named per installation: two installations on one Redis must not share rooms
    // (`user-5` of one would hear, and be moved by, the other's events).
    io.adapter(createAdapter(pub, sub, opts.prefix ? { key: `${opts.prefix}:socket.io` } : {}));
    // The ticket routes' cached callers (db/actor-cache.ts): a change forgotten here is forgotten in every process.
    const stopForwarding = onActorsForgotten((companyId) => io.serverSideEmit(ACTORS_FORGOTTEN, companyId));
    io.on(ACTORS_FORGOTTEN, (companyId: number | 'any') => forgetActorsFromPeer(companyId));
    app.addHook('onClose', async () => { stopForwarding(); });
  }

  io.use((socket, next) => {
    const token = tokenOf(socket);
    if (!token) return next(new Error('ERR_SESSION_EXPIRED'));
    let user: SocketUser;
    try {
      const payload = app.jwt.verify<SocketUser>(token);
      user = { id: payload.id, companyId: payload.companyId, profile: payload.profile, super: payload.super, scope: payload.scope };
    } catch {
      return next(new Error('ERR_SESSION_EXPIRED'));
    }
    // The rooms come from the user as stored now, not from the token (profile and queues change).
    loadViewer(user.companyId, user.id).then((viewer) => {
      if (!viewer) return next(new Error('ERR_SESSION_EXPIRED'));
      socket.data.user = user;
      socket.data.viewer = viewer;
      next();
    }, (err) => {
      app.log.warn({ err }, 'socket: loading the user failed');
      next(new Error('ERR_INTERNAL_SERVER_ERROR'));
    });
  });

  io.on('connection', (socket) => {
    const user = socket.data.user as SocketUser;
    if (user.scope === 'billing') {
      // A renewal token (expired company): its socket hears the company's payment events and nothing else.
      void socket.join(rooms.billing(user.companyId));
      return;
    }
    void socket.join([rooms.company(user.companyId), rooms.user(user.id), ...viewerRooms(user.companyId, socket.data.viewer as Viewer)]);

    socket.on('joinChatBox', async (ticketId: unknown) => {
      // Only a ticket the user may see now (core §6), of the socket's own company, can be joined.
      const id = Number(ticketId);
      if (!Number.isInteger(id)) return;
      const [viewer, ticket] = await Promise.all([
        loadViewer(user.companyId, user.id),
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
    socket.on('userStatus', () => {
      setPresence(user, true).catch((err) => app.log.warn({ err }, 'presence update failed'));
    });
    socket.on('disconnect', async () => {
      // Offline only when this was the user's last socket (across processes with the Redis adapter).
      const remaining = await io.in(rooms.user(user.id)).fetchSockets().catch(() => []);
      if (remaining.length === 0) await setPresence(user, false).catch(() => undefined);
    });
    setPresence(user, true).catch(() => undefined);
  });

  // Set when the server closes: work still in flight then (a provider's late ack, a job finishing)
  // must not publish through Redis clients that are quitting (an unhandled rejection inside the adapter).
  let closed = false;

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
    emit(companyId, event, payload, target) {
      if (!target && TICKET_EVENTS.has(event)) {
        throw new Error(`bus.emit('${event}') without a target would reach the whole company: use emitTicketChange / emitMessageChange / emitForTicket`);
      }
      send(target ?? rooms.company(companyId), `company-${companyId}-${event}`, payload);
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
    async refreshUserRooms(companyId, userId) {
      const sockets = await io.in(rooms.user(userId)).fetchSockets();
      if (sockets.length === 0) return;
      const viewer = await loadViewer(companyId, userId);
      const wanted = viewer ? viewerRooms(companyId, viewer) : [];
      for (const socket of sockets) {
        if (!viewer) { socket.disconnect(true); continue; }
        for (const room of socket.rooms) if (isAudienceRoom(companyId, room) && !wanted.includes(room)) socket.leave(room);
        if (wanted.length) socket.join(wanted);
      }
    },
  };
  app.decorate('bus', bus);

  app.addHook('preClose', async () => {
    // This process's sockets only: with the Redis adapter a plain disconnectSockets reaches every process.
    io.local.disconnectSockets(true);
  });
  app.addHook('onClose', async () => {
    closed = true;
    await new Promise<void>((resolve) => io.close(() => resolve()));
    await Promise.allSettled([pub?.quit(), sub?.quit()]);
  });
}, { name: 'bus', dependencies: ['auth'] });
