import fp from 'fastify-plugin';
import { Server, type Socket } from 'socket.io';
import type { FastifyInstance } from 'fastify';
import { createAdapter } from '@socket.io/redis-adapter';
import { createClient } from 'redis';
import { Ticket, User } from '../db/models/index.js';
import { dbNow } from '../db/time.js';

export interface SocketUser { id: number; companyId: number; profile: string; super: boolean }

/**
 * The realtime bus: socket.io on the Fastify server. Every event is company-scoped by name
 * (`company-{id}-ticket`) and by room (`company-{id}`), so a socket only ever hears its own company.
 */
export interface Bus {
  io: Server;
  /** Emits `company-{companyId}-{event}` to every socket of the company (or a narrower room). */
  emit(companyId: number, event: string, payload: unknown, room?: string): void;
  /** Emits to one user's sockets only (e.g. "logged in elsewhere"). */
  emitToUser(companyId: number, userId: number, event: string, payload: unknown): void;
  /** Emits an event not tied to one company (announcements). */
  broadcast(event: string, payload: unknown): void;
  rooms: {
    company(companyId: number): string;
    user(userId: number): string;
    ticket(ticketId: number | string): string;
    status(companyId: number, status: string): string;
    notification(companyId: number): string;
  };
}

declare module 'fastify' {
  interface FastifyInstance { bus: Bus }
}

const rooms: Bus['rooms'] = {
  company: (companyId) => `company-${companyId}`,
  user: (userId) => `user-${userId}`,
  ticket: (ticketId) => `ticket-${ticketId}`,
  status: (companyId, status) => `company-${companyId}-${status}`,
  notification: (companyId) => `company-${companyId}-notification`,
};

function tokenOf(socket: Socket): string | undefined {
  const fromAuth = (socket.handshake.auth as { token?: string } | undefined)?.token;
  const fromQuery = socket.handshake.query.token;
  const raw = fromAuth ?? (Array.isArray(fromQuery) ? fromQuery[0] : fromQuery);
  return raw?.replace(/^Bearer\s+/i, '');
}

async function setPresence(user: SocketUser, online: boolean) {
  await User.scoped(user.companyId).where('id', user.id).patch({ online, lastSeenAt: dbNow() } as Partial<User>);
}

export const busPlugin = fp(async (app: FastifyInstance, opts: { redisUrl?: string }) => {
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
    pub = createClient({ url: opts.redisUrl });
    sub = pub.duplicate();
    pub.on('error', (err) => app.log.error({ err }, 'redis (bus pub) error'));
    sub.on('error', (err) => app.log.error({ err }, 'redis (bus sub) error'));
    await Promise.all([pub.connect(), sub.connect()]);
    io.adapter(createAdapter(pub, sub));
  }

  io.use((socket, next) => {
    const token = tokenOf(socket);
    if (!token) return next(new Error('ERR_SESSION_EXPIRED'));
    try {
      const payload = app.jwt.verify<SocketUser>(token);
      socket.data.user = { id: payload.id, companyId: payload.companyId, profile: payload.profile, super: payload.super };
      next();
    } catch {
      next(new Error('ERR_SESSION_EXPIRED'));
    }
  });

  io.on('connection', (socket) => {
    const user = socket.data.user as SocketUser;
    void socket.join([rooms.company(user.companyId), rooms.user(user.id)]);

    socket.on('joinChatBox', async (ticketId: unknown) => {
      // Only a ticket of the socket's own company can be joined.
      const id = Number(ticketId);
      if (!Number.isInteger(id)) return;
      const ticket = await Ticket.scoped(user.companyId).findById(id).select('id').catch(() => undefined);
      if (ticket) void socket.join(rooms.ticket(id));
    });
    socket.on('leaveChatBox', (ticketId: unknown) => void socket.leave(rooms.ticket(String(ticketId))));
    socket.on('joinNotification', () => void socket.join(rooms.notification(user.companyId)));
    socket.on('leaveNotification', () => void socket.leave(rooms.notification(user.companyId)));
    socket.on('joinTickets', (status: unknown) => {
      if (status === 'open' || status === 'pending' || status === 'closed') void socket.join(rooms.status(user.companyId, status));
    });
    socket.on('leaveTickets', (status: unknown) => void socket.leave(rooms.status(user.companyId, String(status))));
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

  const bus: Bus = {
    io,
    rooms,
    emit(companyId, event, payload, room) {
      io.to(room ?? rooms.company(companyId)).emit(`company-${companyId}-${event}`, payload);
    },
    emitToUser(companyId, userId, event, payload) {
      io.to(rooms.user(userId)).emit(`company-${companyId}-${event}`, payload);
    },
    broadcast(event, payload) {
      io.emit(event, payload);
    },
  };
  app.decorate('bus', bus);

  app.addHook('preClose', async () => {
    io.disconnectSockets(true);
  });
  app.addHook('onClose', async () => {
    await new Promise<void>((resolve) => io.close(() => resolve()));
    await Promise.allSettled([pub?.quit(), sub?.quit()]);
  });
}, { name: 'bus', dependencies: ['auth'] });
