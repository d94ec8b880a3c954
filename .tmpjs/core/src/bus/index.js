import fp from "fastify-plugin";
import { Server } from "socket.io";
import { connectRedis, duplicateRedis, publishingSafely } from "../redis/client.js";
import { Ticket, User } from "../db/models/index.js";
import { dbNow } from "../db/time.js";
import { canSee } from "../domains/tickets/access.js";
import { forgetCallersFromPeer, onCallersForgotten } from "../db/caller-cache.js";
import { checkToken, loadCaller } from "../auth/caller.js";
import { isAudienceRoom, rooms, ticketRooms, viewerRooms } from "./rooms.js";
import { familyEventName } from "./family-events.js";
import { rooms as rooms2 } from "./rooms.js";
const CALLERS_FORGOTTEN = "atrium:callersForgotten";
const CACHE_FORGOTTEN = "atrium:cacheForgotten";
const MAX_TIMER_MS = 2 ** 31 - 1;
const TICKET_EVENTS = /* @__PURE__ */ new Set(["ticket", "appMessage", "ticketNote"]);
function tokenOf(socket) {
  const fromAuth = socket.handshake.auth?.token;
  const fromQuery = socket.handshake.query.token;
  const raw = fromAuth ?? (Array.isArray(fromQuery) ? fromQuery[0] : fromQuery);
  return raw?.replace(/^Bearer\s+/i, "");
}
async function markOnline(user) {
  const now = dbNow();
  const row = () => User.scoped(user.companyId).where("id", user.id);
  for (let attempt = 0; attempt < 3; attempt++) {
    if (await row().where("online", 0).patch({ online: true, lastSeenAt: now })) return true;
    if (await row().where("online", 1).patch({ lastSeenAt: now })) return false;
  }
  return false;
}
async function markOffline(user, since) {
  return await User.scoped(user.companyId).where("id", user.id).where("online", 1).where("lastSeenAt", "<", since).patch({ online: false }) > 0;
}
const PEER_ACK_BOUND_MS = 6e3;
const busPlugin = fp(async (app, opts) => {
  let closed = false;
  const io = new Server(app.server, {
    path: "/socket.io",
    pingInterval: 18e3,
    pingTimeout: 18e3,
    // Only pages of the allowed origins (http/origins.ts) may open a socket: the handshake of any other is refused
    // (WebSocket has no CORS of its own), and polling answers carry CORS headers for the allowed ones alone.
    cors: { origin: opts.origins.allowed, credentials: true },
    allowRequest: (req, done) => done(null, opts.origins.allows(req.headers.origin, req.headers.host)),
    serveClient: false
  });
  let pub;
  let sub;
  if (opts.redisUrl) {
    const { createAdapter } = await import("@socket.io/redis-adapter");
    pub = await connectRedis(opts.redisUrl, "bus pub", app.log);
    sub = await duplicateRedis(pub, "bus sub", app.log);
    const confirmedByPeers = async (event, change) => {
      if (!pub?.isReady) throw new Error("redis unreachable: the other processes were not told");
      let timer;
      const bound = new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error("the other processes did not answer in time")), PEER_ACK_BOUND_MS);
      });
      await Promise.race([io.serverSideEmitWithAck(event, change), bound]).finally(() => clearTimeout(timer));
    };
    const adapterPub = publishingSafely(pub, (err) => app.log.debug({ err }, "an event was not published: redis unreachable"));
    io.adapter(createAdapter(adapterPub, sub, opts.prefix ? { key: `${opts.prefix}:socket.io` } : {}));
    const stopForwarding = onCallersForgotten(async (change) => {
      if (closed) return;
      await confirmedByPeers(CALLERS_FORGOTTEN, change).catch((err) => app.log.warn({ err, change }, "a process did not confirm forgetting cached callers"));
    });
    io.on(CALLERS_FORGOTTEN, (change, ack) => {
      forgetCallersFromPeer(change);
      ack?.(true);
      reviewSockets(change);
    });
    const stopForwardingCaches = opts.caches.onForget(async (change) => {
      if (closed) return;
      await confirmedByPeers(CACHE_FORGOTTEN, change).catch((err) => app.log.warn({ err, change }, "a process did not confirm forgetting a cache entry"));
    });
    io.on(CACHE_FORGOTTEN, (change, ack) => {
      opts.caches.forgetFromPeer(change);
      ack?.(true);
    });
    app.addHook("onClose", async () => {
      stopForwarding();
      stopForwardingCaches();
    });
  }
  const stopReviewing = onCallersForgotten((change) => {
    reviewSockets(change);
  });
  app.addHook("onClose", async () => {
    stopReviewing();
  });
  const verifyToken = (token) => {
    if (!token) return void 0;
    try {
      const payload = app.jwt.verify(token);
      const { id, companyId, profile, super: isSuper, scope, tv, sid, imp, impCompanyId, impSid, impTv, exp } = payload;
      return { id, companyId, profile, super: isSuper, scope, tv, sid, imp, impCompanyId, impSid, impTv, exp };
    } catch {
      return void 0;
    }
  };
  io.use((socket, next) => {
    const user = verifyToken(tokenOf(socket));
    if (!user) return next(new Error("ERR_SESSION_EXPIRED"));
    checkToken(user).then(({ caller, refusal }) => {
      if (refusal) return next(new Error("ERR_SESSION_EXPIRED"));
      const { exp, ...socketUser } = user;
      socket.data.user = socketUser;
      socket.data.viewer = caller;
      socket.data.expiresAt = exp ? exp * 1e3 : void 0;
      next();
    }, (err) => {
      app.log.warn({ err }, "socket: loading the user failed");
      next(new Error("ERR_INTERNAL_SERVER_ERROR"));
    });
  });
  const presenceListeners = [];
  io.on("connection", (socket) => {
    const user = socket.data.user;
    let expiry;
    const armExpiry = () => {
      clearTimeout(expiry);
      const at = socket.data.expiresAt;
      if (at === void 0) return;
      expiry = setTimeout(() => Date.now() >= at ? socket.disconnect(true) : armExpiry(), Math.min(Math.max(0, at - Date.now()), MAX_TIMER_MS));
      expiry.unref();
    };
    armExpiry();
    socket.on("disconnect", () => clearTimeout(expiry));
    socket.on("renewToken", (token, ack) => {
      const next = verifyToken(typeof token === "string" ? token.replace(/^Bearer\s+/i, "") : void 0);
      const reply = typeof ack === "function" ? ack : () => void 0;
      if (!next || next.id !== user.id || next.companyId !== user.companyId || next.scope !== user.scope || next.imp !== user.imp) return reply({ ok: false });
      checkToken(next).then(({ refusal }) => {
        if (refusal) {
          reply({ ok: false });
          socket.disconnect(true);
          return;
        }
        user.tv = next.tv;
        user.sid = next.sid;
        user.impSid = next.impSid;
        user.impTv = next.impTv;
        socket.data.expiresAt = next.exp ? next.exp * 1e3 : void 0;
        armExpiry();
        reply({ ok: true });
      }, () => reply({ ok: false }));
    });
    if (user.scope === "billing") {
      void socket.join(rooms.billing(user.companyId));
      return;
    }
    void Promise.resolve(socket.join([rooms.company(user.companyId), rooms.user(user.id), ...viewerRooms(user.companyId, socket.data.viewer)])).then(() => socket.emit("ready", { userId: user.id, companyId: user.companyId }), () => void 0);
    socket.on("joinChatBox", async (ticketId) => {
      const id = Number(ticketId);
      if (!Number.isInteger(id)) return;
      const [viewer, ticket] = await Promise.all([
        loadCaller(user.companyId, user.id),
        Ticket.scoped(user.companyId).findById(id).select("id", "queueId", "userId")
      ]).catch(() => []);
      if (viewer && ticket && canSee(viewer, ticket)) void socket.join(rooms.ticket(id));
    });
    socket.on("leaveChatBox", (ticketId) => void socket.leave(rooms.ticket(String(ticketId))));
    socket.on("joinNotification", () => void socket.join(rooms.notification(user.companyId)));
    socket.on("leaveNotification", () => void socket.leave(rooms.notification(user.companyId)));
    const announce = (online) => bus.emit(user.companyId, "presence", { userId: user.id, online }, rooms.admins(user.companyId));
    const tell = (online) => {
      for (const listener of presenceListeners) listener(user.companyId, user.id, online);
    };
    const seen = () => markOnline(user).then((changed) => {
      if (changed) announce(true);
    });
    socket.on("userStatus", () => {
      seen().catch((err) => app.log.warn({ err }, "presence update failed"));
    });
    socket.on("disconnect", async () => {
      const since = dbNow();
      const remaining = await io.in(rooms.user(user.id)).fetchSockets().catch(() => []);
      if (remaining.length === 0 && await markOffline(user, since).catch(() => false)) {
        announce(false);
        tell(false);
      }
    });
    seen().then(() => tell(true), () => void 0);
  });
  function send(target, name, payload) {
    if (closed) return;
    if (typeof target === "string" || Array.isArray(target)) return void io.to(target).emit(name, payload);
    let op = io.to(target.to);
    if (target.except?.length) op = op.except(target.except);
    op.emit(name, payload);
  }
  const bus = {
    io,
    rooms,
    onPresence(listener) {
      presenceListeners.push(listener);
    },
    emit(companyId, event, payload, target) {
      if (!target && TICKET_EVENTS.has(event)) {
        throw new Error(`bus.emit('${event}') without a target would reach the whole company: use emitTicketChange / emitMessageChange / emitForTicket`);
      }
      send(target ?? rooms.company(companyId), `company-${companyId}-${event}`, payload);
      const theirs = familyEventName(event);
      if (theirs) send(target ?? rooms.company(companyId), theirs, payload);
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
        if (lost.length) bus.emit(companyId, "ticket", { action: "delete", ticketId: ticket.id, moved: true }, { to: lost, except: now });
      }
      bus.emit(companyId, "ticket", action === "update" ? { action, ticket } : { action, ticketId: ticket.id }, now);
    },
    async emitMessageChange(companyId, ticket, payload) {
      const audience = typeof ticket === "number" ? await Ticket.scoped(companyId).findById(ticket).select("id", "queueId", "userId") : ticket;
      if (audience) bus.emit(companyId, "appMessage", payload, ticketRooms(companyId, audience));
    },
    emitForTicket(companyId, ticket, event, payload) {
      bus.emit(companyId, event, payload, ticketRooms(companyId, ticket));
    }
  };
  app.decorate("bus", bus);
  function reviewSockets(change) {
    if (closed) return;
    const concerned = [...io.of("/").sockets.values()].filter((socket) => {
      const user = socket.data.user;
      if (!user) return false;
      if (change.companyId === "any") return true;
      const about = (companyId, userId) => companyId === change.companyId && (change.userId === void 0 || userId === change.userId);
      return about(user.companyId, user.id) || user.imp !== void 0 && about(user.impCompanyId, user.imp);
    });
    for (const socket of concerned) {
      const user = socket.data.user;
      checkToken(user).then(({ caller, refusal }) => {
        if (refusal) return void socket.disconnect(true);
        if (user.scope !== "billing") placeInRooms(socket, caller);
      }, (err) => app.log.warn({ err, userId: user.id }, "socket: re-checking the user failed; its rooms stay as they were"));
    }
  }
  function placeInRooms(socket, caller) {
    const wanted = viewerRooms(caller.companyId, caller);
    for (const room of socket.rooms) if (isAudienceRoom(caller.companyId, room) && !wanted.includes(room)) void socket.leave(room);
    if (wanted.length) void socket.join(wanted);
  }
  app.addHook("preClose", async () => {
    io.local.disconnectSockets(true);
  });
  app.addHook("onClose", async () => {
    closed = true;
    await new Promise((resolve) => io.close(() => resolve()));
    await Promise.allSettled([pub?.quit(), sub?.quit()]);
  });
}, { name: "bus", dependencies: ["auth"] });
export {
  CACHE_FORGOTTEN,
  CALLERS_FORGOTTEN,
  busPlugin,
  rooms2 as rooms
};
