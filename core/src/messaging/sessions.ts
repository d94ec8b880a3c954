import type { FastifyBaseLogger } from 'fastify';
import type { Bus } from '../bus/index.js';
import { ProviderAuthKey, Whatsapp } from '../db/models/index.js';
import { AppError, notFound } from '../http/errors.js';
import { connectionJson, loadConnection } from '../domains/whatsapp/serialize.js';
import type { LeaseStore } from './leases.js';
import { SESSION_MOVING, type SessionCall, type SessionRpc } from './session-rpc.js';
import { isFault } from '../util/faults.js';
import type {
  AckUpdate, InboundMessage, MessageTarget, MessagingProvider, PresenceUpdate, ProviderContext, ProviderEvents, SessionStatus,
} from './provider.js';

export interface ConnectionRef { companyId: number; whatsappId: number }

export interface CallEvent { from: string; providerId: string; isVideo: boolean; timestamp: Date }

/** What the inbound pipeline does with what providers report. */
export interface InboundHandler {
  onMessage(conn: ConnectionRef, message: InboundMessage): Promise<void>;
  onAck(conn: ConnectionRef, update: AckUpdate): Promise<void>;
  onCall?(conn: ConnectionRef, call: CallEvent): Promise<void>;
  onPresence?(conn: ConnectionRef, update: PresenceUpdate): Promise<void>;
}

/** Builds the provider of a connection from its `provider` value ('sandbox', 'beta', 'baileys'). */
export type ProviderFactory = (kind: string, ctx: ProviderContext) => Promise<MessagingProvider>;

export interface SessionManagerOptions {
  bus: Bus;
  log: FastifyBaseLogger;
  leases: LeaseStore;
  createProvider: ProviderFactory;
  /** How often a held lease is renewed (a third of its time to live). */
  leaseRenewMs?: number;
  /** With several processes: reaches the process that holds a connection's lease. */
  rpc?: SessionRpc;
  /** Operations registered providers define (sdk.providers), run on the running provider whatever its status. */
  providerOperation?(op: string): ProviderOperation | undefined;
}

/** An operation on a running session's provider that another process may ask this one to run. */
export type ProviderOperation = (provider: MessagingProvider, args: unknown[]) => Promise<unknown>;

const providerOperations: Record<string, ProviderOperation> = {
  send: (p, [message]) => p.send(message as Parameters<MessagingProvider['send']>[0]),
  deleteMessage: (p, [to, providerId, fromMe]) => p.deleteMessage(to as string, providerId as string, fromMe as boolean),
  editMessage: (p, [target, body]) => p.editMessage(target as MessageTarget, body as string),
  react: (p, [target, emoji]) => p.react(target as MessageTarget, emoji as string),
  checkNumber: (p, [number]) => p.checkNumber(number as string),
  profilePictureUrl: (p, [number]) => p.profilePictureUrl(number as string),
  listContacts: async (p) => {
    if (!p.listContacts) throw new AppError('ERR_CONTACTS_IMPORT_UNSUPPORTED', 400, 'This connection cannot list the phone\'s contacts: import a sheet instead');
    return p.listContacts();
  },
};

const isMoving = (err: unknown) => err instanceof AppError && err.code === SESSION_MOVING;

/** A connection no process took for this many sweeps is taken by one already at its share. */
const SHARE_GRACE_SWEEPS = 2;
/** A connection taken past the share is kept this many sweeps before it may be handed back. */
const HAND_BACK_PAUSE_SWEEPS = 40;

interface Session {
  ref: ConnectionRef;
  kind: string;
  provider: MessagingProvider;
  status: SessionStatus;
  /** Set when the session is being stopped: late status reports are then ignored. */
  closed: boolean;
  /** Status writes run one after another, in the order the provider reported them. */
  work: Promise<void>;
  renewTimer?: NodeJS.Timeout;
}

type Pending =
  | { kind: 'message'; conn: ConnectionRef; message: InboundMessage }
  | { kind: 'ack'; conn: ConnectionRef; update: AckUpdate }
  | { kind: 'call'; conn: ConnectionRef; call: CallEvent };

/** Far above any real backlog; beyond it the oldest events are dropped with an error log rather than exhausting memory. */
const MAX_PENDING = 50_000;

/**
 * One provider session per connection. It owns the connection's status in the database (status,
 * qrcode, number, retries) and tells the console through `company-{id}-whatsappSession`; it hands
 * inbound messages, acks and calls to the pipeline's handler, queueing them until one is set.
 */
/** A reason's params as stored: the plain string and number values (at most 500 characters of JSON), or null. */
function reasonParams(params: Record<string, unknown> | undefined): Record<string, string | number> | null {
  const kept = Object.fromEntries(Object.entries(params ?? {}).filter(([, v]) => typeof v === 'string' || typeof v === 'number').map(([k, v]) => [k, typeof v === 'string' ? v.slice(0, 200) : v]));
  return Object.keys(kept).length && JSON.stringify(kept).length <= 500 ? kept as Record<string, string | number> : null;
}

export class SessionManager {
  private readonly sessions = new Map<number, Session>();
  private readonly ops = new Map<number, Promise<unknown>>();
  private handler?: InboundHandler;
  private pending: Pending[] = [];
  private draining?: Promise<void>;
  private shuttingDown = false;
  /** The sweep at which each connection was first seen with no holder while this process was at its share. */
  private readonly unclaimedSince = new Map<number, number>();
  /** The sweep at which a connection was taken past the share (nobody else did): not handed back for a while. */
  private readonly takenPastShare = new Map<number, number>();
  private sweeps = 0;

  private readonly operations = new Map<string, { run: ProviderOperation; connected: boolean }>(
    Object.entries(providerOperations).map(([op, run]) => [op, { run, connected: true }]));

  constructor(private readonly opts: SessionManagerOptions) {
    opts.rpc?.serve((call) => this.runHere(call));
  }

  // ---- the contract with the pipeline -------------------------------------------------------

  setInboundHandler(handler: InboundHandler): void {
    this.handler = handler;
    void this.drain();
  }

  /**
   * The provider of a connected session; ERR_WAPP_NOT_INITIALIZED when it is not connected. With
   * several processes, a session driven by another process answers through a stand-in that forwards
   * each call to that process.
   */
  provider(whatsappId: number): MessagingProvider {
    if (!this.sessions.has(whatsappId) && this.opts.rpc) return this.remoteProvider(whatsappId);
    return this.localProvider(whatsappId);
  }

  private localProvider(whatsappId: number): MessagingProvider {
    const session = this.sessions.get(whatsappId);
    // A session this process has just taken over is still opening: with several processes that is
    // the tail of a move, and the send waits for it instead of failing.
    if (this.opts.rpc && session && !session.closed && session.status === 'OPENING') {
      throw new AppError(SESSION_MOVING, 503, 'The connection is opening in this process');
    }
    if (!session || session.closed || session.status !== 'CONNECTED') {
      throw new AppError('ERR_WAPP_NOT_INITIALIZED', 400, 'The connection is not connected');
    }
    return session.provider;
  }

  /**
   * Lets other processes run `op` on a session this process drives (the sandbox's simulated phone
   * uses it); `onHolder` runs it wherever the session is.
   */
  defineOperation(op: string, run: ProviderOperation, options: { connected?: boolean } = {}): void {
    this.operations.set(op, { run, connected: options.connected ?? true });
  }

  /** Runs a defined operation on the connection's provider, here or in the process that drives it. */
  async onHolder(whatsappId: number, op: string, args: unknown[]): Promise<unknown> {
    const operation = this.operationNamed(op);
    if (!operation) throw new Error(`unknown session operation ${op}`);
    if (this.sessions.has(whatsappId) || !this.opts.rpc) return this.runLocal(operation, whatsappId, args);
    return this.forward({ op, whatsappId, args });
  }

  private operationNamed(op: string): { run: ProviderOperation; connected: boolean } | undefined {
    const registered = this.opts.providerOperation?.(op);
    return this.operations.get(op) ?? (registered && { run: registered, connected: false });
  }

  private runLocal(operation: { run: ProviderOperation; connected: boolean }, whatsappId: number, args: unknown[]) {
    const provider = operation.connected ? this.localProvider(whatsappId) : this.running(whatsappId);
    if (!provider) throw new AppError('ERR_WAPP_NOT_INITIALIZED', 400, 'The session is not running');
    return operation.run(provider, args);
  }

  /** Starts the session (or restarts one that is not connected); a connected session is left alone. */
  async start(companyId: number, whatsappId: number): Promise<void> {
    if (await this.forwardedCommand({ op: 'start', whatsappId, args: [companyId] })) return;
    return this.startHere(companyId, whatsappId);
  }

  private startHere(companyId: number, whatsappId: number): Promise<void> {
    return this.serial(whatsappId, async () => {
      const row = await Whatsapp.scoped(companyId).findById(whatsappId);
      if (!row) throw notFound('ERR_NO_WAPP_FOUND');
      await Whatsapp.scoped(companyId).findById(whatsappId).patch({ userStopped: false } as Partial<Whatsapp>);
      const existing = this.sessions.get(whatsappId);
      if (existing && !existing.closed && existing.kind === row.provider && existing.status === 'CONNECTED') return;
      if (existing) await this.teardown(existing, {});
      await this.launch(row);
    });
  }

  /** Stops the session and marks the connection DISCONNECTED; `logout` also unpairs and forgets the auth state. */
  async stop(whatsappId: number, options: { logout?: boolean } = {}): Promise<void> {
    if (await this.forwardedCommand({ op: 'stop', whatsappId, args: [options] })) return;
    return this.stopHere(whatsappId, options);
  }

  private stopHere(whatsappId: number, options: { logout?: boolean }): Promise<void> {
    return this.serial(whatsappId, async () => {
      const session = this.sessions.get(whatsappId);
      let companyId = session?.ref.companyId;
      if (session) await this.teardown(session, options);
      if (companyId === undefined) {
        const row = await Whatsapp.unscoped('stop() is given only the connection id').findById(whatsappId).select('companyId');
        companyId = row?.companyId;
      }
      if (companyId === undefined) return;
      if (options.logout && !session) await ProviderAuthKey.scoped(companyId).where({ whatsappId }).delete();
      await this.writeStatus({ companyId, whatsappId }, 'DISCONNECTED', {}, { userStopped: true });
    });
  }

  /** Forgets the pairing and shows a fresh QR. */
  async requestNewQr(companyId: number, whatsappId: number): Promise<void> {
    if (await this.forwardedCommand({ op: 'requestNewQr', whatsappId, args: [companyId] })) return;
    return this.requestNewQrHere(companyId, whatsappId);
  }

  private requestNewQrHere(companyId: number, whatsappId: number): Promise<void> {
    return this.serial(whatsappId, async () => {
      const row = await Whatsapp.scoped(companyId).findById(whatsappId);
      if (!row) throw notFound('ERR_NO_WAPP_FOUND');
      await Whatsapp.scoped(companyId).findById(whatsappId).patch({ userStopped: false, retries: 0 } as Partial<Whatsapp>);
      const session = this.sessions.get(whatsappId);
      if (session && !session.closed && session.kind === row.provider) {
        await session.provider.requestNewQr();
        return;
      }
      if (session) await this.teardown(session, {});
      await ProviderAuthKey.scoped(companyId).where({ whatsappId }).delete();
      await this.launch(row);
    });
  }

  // ---- beyond the contract: used by the sandbox routes, the plugin and tests -------------------

  /** The running provider of a connection whatever its status (the sandbox routes drive it). */
  running(whatsappId: number): MessagingProvider | undefined {
    const session = this.sessions.get(whatsappId);
    return session && !session.closed ? session.provider : undefined;
  }

  statusOf(whatsappId: number): SessionStatus | undefined {
    return this.sessions.get(whatsappId)?.status;
  }

  /**
   * The status a connection's session really has, for lists (issue 41). The stored one is what the last session
   * wrote: after a restart it still says CONNECTED while no session runs yet and sends answer
   * ERR_WAPP_NOT_INITIALIZED. A session of this process answers from memory (its row is written a moment later);
   * one driven by another process, from its row; one nobody drives, that is not stopped on purpose, is OPENING
   * (this process's start or a sweep brings it up).
   */
  async shownStatus(row: { id: number; status: SessionStatus; userStopped?: boolean | null }): Promise<SessionStatus> {
    const session = this.sessions.get(row.id);
    if (session && !session.closed) return session.status;
    if (row.userStopped || row.status === 'DISCONNECTED' || row.status === 'TIMEOUT') return row.status;
    if (this.opts.leases.distributed) {
      const holder = await this.opts.leases.holder(row.id);
      if (holder && holder !== this.opts.leases.owner) return row.status;
    }
    return 'OPENING';
  }

  /**
   * Starts the connections not stopped on purpose whose lease this process can take, up to its share:
   * with several processes each drives about as many sessions as the others (the inbound work of a
   * connection runs where its session is), and one holding more than its share hands the extra ones
   * back for the others to take. A connection nobody took for SHARE_GRACE_SWEEPS sweeps is taken past the share.
   * Run at start and, with several processes, every lease time (the sweep).
   */
  async startAll(): Promise<void> {
    if (this.shuttingDown) return;
    const rows = await Whatsapp.unscoped('the session manager starts the sessions of every company')
      .where('userStopped', false).orderBy('id');
    const processes = await this.opts.leases.heartbeat();
    const share = Math.ceil(rows.length / processes);
    this.sweeps += 1;
    for (const row of rows) {
      if (this.sessions.has(row.id)) continue;
      if (this.sessions.size >= share && !(await this.unclaimedLong(row.id))) continue;
      await this.serial(row.id, async () => {
        if (this.sessions.has(row.id) || this.shuttingDown) return;
        await this.launch(row);
        if (this.sessions.size > share) this.takenPastShare.set(row.id, this.sweeps);
      }).catch((err) => this.opts.log.error({ err, whatsappId: row.id }, 'session start failed'));
    }
    if (processes > 1) await this.handBackExtra(share);
  }

  private async unclaimedLong(whatsappId: number): Promise<boolean> {
    if (await this.opts.leases.holder(whatsappId)) { this.unclaimedSince.delete(whatsappId); return false; }
    const since = this.unclaimedSince.get(whatsappId) ?? this.sweeps;
    this.unclaimedSince.set(whatsappId, since);
    return this.sweeps - since >= SHARE_GRACE_SWEEPS;
  }

  /**
   * Sessions beyond the share stop here and release their lease (the stored status is left as it is, as
   * in a move after a crash); the processes with room take them on their next sweep, and sends and
   * commands meanwhile wait for the move (ERR_SESSION_MOVING). Never one taken past the share recently,
   * so a connection no other process can start does not bounce.
   */
  private async handBackExtra(share: number) {
    let extra = this.sessions.size - share;
    for (const session of [...this.sessions.values()].reverse()) {
      if (extra <= 0 || this.shuttingDown) return;
      const takenAt = this.takenPastShare.get(session.ref.whatsappId);
      if (takenAt !== undefined && this.sweeps - takenAt < HAND_BACK_PAUSE_SWEEPS) continue;
      this.takenPastShare.delete(session.ref.whatsappId);
      extra -= 1;
      this.opts.log.info({ whatsappId: session.ref.whatsappId, share }, 'session handed to a process with room');
      await this.serial(session.ref.whatsappId, () => this.teardown(session, {})).catch((err) => this.opts.log.error({ err }, 'hand-back failed'));
    }
  }

  /** Stops every local session without touching the stored status (shutdown: another process may take over). */
  async shutdown(): Promise<void> {
    this.shuttingDown = true;
    await Promise.allSettled([...this.ops.values()]);
    await Promise.allSettled([...this.sessions.values()].map((s) => this.teardown(s, {}, true)));
    await this.draining;
  }

  // ---- internals ----------------------------------------------------------------------------

  /** The owner id of another process driving the connection's session, if one does. */
  private async remoteHolder(whatsappId: number): Promise<string | undefined> {
    if (!this.opts.rpc || this.sessions.has(whatsappId)) return undefined;
    const holder = await this.opts.leases.holder(whatsappId);
    return holder && holder !== this.opts.leases.owner ? holder : undefined;
  }

  /**
   * Start, stop and new-QR commands go to the process driving the session (a second socket for the
   * same number would kick the first off). False when the command is for this process to run: no
   * other process holds the session, or its holder died and the lease is free to take.
   */
  private async forwardedCommand(call: SessionCall): Promise<boolean> {
    const holder = await this.remoteHolder(call.whatsappId);
    if (!holder) return false;
    try {
      await this.opts.rpc!.call(holder, call);
      return true;
    } catch (err) {
      if (isMoving(err)) return false;
      throw err;
    }
  }

  /** A provider operation run by the process that holds the session. */
  private async forward(call: SessionCall): Promise<unknown> {
    const holder = await this.remoteHolder(call.whatsappId);
    if (holder) return this.opts.rpc!.call(holder, call);
    // Nobody holds it. A connection still marked CONNECTED lost its process moments ago: another
    // process's sweep takes it over within a lease time, so the caller may try again.
    const row = await Whatsapp.unscoped('a send names only the connection id; the caller checked its company')
      .findById(call.whatsappId).select('status', 'userStopped');
    if (row && row.status === 'CONNECTED' && !row.userStopped) {
      throw new AppError(SESSION_MOVING, 503, 'The connection is moving to another process');
    }
    throw new AppError('ERR_WAPP_NOT_INITIALIZED', 400, 'The connection is not connected');
  }

  private remoteProvider(whatsappId: number): MessagingProvider {
    const call = (op: string) => (...args: unknown[]) => this.forward({ op, whatsappId, args });
    const refuse = async () => { throw new AppError('ERR_WAPP_NOT_INITIALIZED', 400, 'The session runs in another process'); };
    return {
      start: refuse, stop: refuse, requestNewQr: refuse,
      send: call('send') as MessagingProvider['send'],
      deleteMessage: call('deleteMessage') as MessagingProvider['deleteMessage'],
      editMessage: call('editMessage') as MessagingProvider['editMessage'],
      react: call('react') as MessagingProvider['react'],
      checkNumber: call('checkNumber') as MessagingProvider['checkNumber'],
      profilePictureUrl: call('profilePictureUrl') as MessagingProvider['profilePictureUrl'],
      listContacts: call('listContacts') as NonNullable<MessagingProvider['listContacts']>,
    };
  }

  /** A call from another process: this one must drive the session, or the caller is told it moved. */
  private async runHere({ op, whatsappId, args }: SessionCall): Promise<unknown> {
    if (op === 'start') return this.startHere(args[0] as number, whatsappId);
    if (op === 'stop') return this.stopHere(whatsappId, (args[0] ?? {}) as { logout?: boolean });
    if (op === 'requestNewQr') return this.requestNewQrHere(args[0] as number, whatsappId);
    const operation = this.operationNamed(op);
    if (!operation) throw new AppError('ERR_VALIDATION', 400, `Unknown session operation ${op}`);
    if (!this.sessions.has(whatsappId)) throw new AppError(SESSION_MOVING, 503, 'The session is no longer driven here');
    return this.runLocal(operation, whatsappId, args);
  }

  /** Runs operations on one connection one at a time (boot, routes and the lease sweep may race). */
  private serial<T>(whatsappId: number, fn: () => Promise<T>): Promise<T> {
    const previous = this.ops.get(whatsappId) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(fn);
    const tail = next.catch(() => undefined);
    this.ops.set(whatsappId, tail);
    void tail.then(() => { if (this.ops.get(whatsappId) === tail) this.ops.delete(whatsappId); });
    return next;
  }

  private async launch(row: Whatsapp): Promise<void> {
    const ref = { companyId: row.companyId, whatsappId: row.id };
    if (!(await this.opts.leases.acquire(row.id))) {
      this.opts.log.info({ whatsappId: row.id }, 'session driven by another process');
      return;
    }
    const session = { ref, kind: row.provider, status: 'OPENING', closed: false, work: Promise.resolve() } as Session;
    const ctx: ProviderContext = {
      companyId: row.companyId,
      whatsappId: row.id,
      events: this.eventsFor(session),
      log: this.opts.log.child({ whatsappId: row.id, provider: row.provider }),
    };
    try {
      session.provider = await this.opts.createProvider(row.provider, ctx);
    } catch (err) {
      await this.opts.leases.release(row.id).catch(() => undefined);
      throw err;
    }
    this.sessions.set(row.id, session);
    if (this.opts.leases.distributed) {
      session.renewTimer = setInterval(() => void this.renewLease(session), this.opts.leaseRenewMs ?? 5000);
      session.renewTimer.unref();
    }
    try {
      await session.provider.start();
    } catch (err) {
      this.opts.log.error({ err, whatsappId: row.id }, 'provider failed to start');
      await this.teardown(session, {});
      await this.writeStatus(ref, 'DISCONNECTED', { reason: 'start failed' });
      throw new AppError('ERR_WAPP_NOT_INITIALIZED', 400, 'The session could not start');
    }
  }

  private async renewLease(session: Session) {
    if (session.closed) return;
    const held = await this.opts.leases.renew(session.ref.whatsappId).catch(() => false);
    if (held || session.closed) return;
    // Another process took over (our lease expired): step back without touching the stored status.
    this.opts.log.warn({ whatsappId: session.ref.whatsappId }, 'session lease lost; stopping the local session');
    await this.serial(session.ref.whatsappId, () => this.teardown(session, {}, true));
  }

  private async teardown(session: Session, options: { logout?: boolean }, keepLease = false) {
    session.closed = true;
    if (session.renewTimer) clearInterval(session.renewTimer);
    try {
      await session.provider.stop(options);
    } catch (err) {
      this.opts.log.warn({ err, whatsappId: session.ref.whatsappId }, 'provider stop failed');
    }
    await session.work;
    if (this.sessions.get(session.ref.whatsappId) === session) this.sessions.delete(session.ref.whatsappId);
    if (!keepLease || this.shuttingDown) await this.opts.leases.release(session.ref.whatsappId).catch(() => undefined);
  }

  private eventsFor(session: Session): ProviderEvents {
    return {
      onStatus: (status, details) => {
        if (session.closed) return;
        session.status = status;
        session.work = session.work
          .then(() => this.writeStatus(session.ref, status, details ?? {}, details?.reason === 'loggedOut' ? { userStopped: true } : {}))
          .catch((err) => this.opts.log.error({ err, whatsappId: session.ref.whatsappId }, 'status update failed'));
        return session.work;
      },
      onMessage: (message) => this.deliver({ kind: 'message', conn: session.ref, message }),
      onAck: (update) => this.deliver({ kind: 'ack', conn: session.ref, update }),
      onCall: (call) => this.deliver({ kind: 'call', conn: session.ref, call }),
      // Ephemeral: not queued behind messages (a typing indicator that arrives late is wrong), dropped while no handler is set.
      onPresence: (update) => {
        if (session.closed || !this.handler?.onPresence) return;
        this.handler.onPresence(session.ref, update)
          .catch((err) => this.opts.log.warn({ err, whatsappId: session.ref.whatsappId }, 'contact presence not told'));
      },
    };
  }

  /** Writes the status row and tells the company's consoles; the QR travels in the event and is cleared otherwise. */
  private async writeStatus(ref: ConnectionRef, status: SessionStatus, details: { qrcode?: string; number?: string; reason?: string; params?: Record<string, unknown> }, extra: Partial<Whatsapp> = {}) {
    const row = await Whatsapp.scoped(ref.companyId).findById(ref.whatsappId);
    if (!row) return; // deleted meanwhile
    const patch: Partial<Whatsapp> = { status, qrcode: status === 'qrcode' ? details.qrcode ?? '' : '', ...extra };
    if (status === 'qrcode') patch.retries = (row.retries ?? 0) + 1;
    if (status === 'CONNECTED') patch.retries = 0;
    if (details.number) patch.number = details.number;
    // A reason that is a catalogue code is kept for the console to show; any other status clears it.
    patch.statusReason = status === 'DISCONNECTED' && /^ERR_[A-Z0-9_]+$/.test(details.reason ?? '') ? details.reason!.slice(0, 64) : null;
    // With the values its text names (an origin, a status), so the console shows no placeholder unfilled.
    patch.statusReasonParams = patch.statusReason ? reasonParams(details.params) : null;
    await Whatsapp.scoped(ref.companyId).findById(ref.whatsappId).patch(patch);
    const fresh = await loadConnection(ref.companyId, ref.whatsappId);
    if (fresh) this.opts.bus.emit(ref.companyId, 'whatsappSession', { action: 'update', session: connectionJson(fresh) });
  }

  private async deliver(event: Pending): Promise<void> {
    if (!this.handler || this.pending.length > 0) {
      if (this.pending.length >= MAX_PENDING) {
        const dropped = this.pending.shift();
        this.opts.log.error({ whatsappId: dropped?.conn.whatsappId }, 'inbound queue full: oldest event dropped');
      }
      this.pending.push(event);
      if (this.handler) await this.drain();
      return;
    }
    await this.dispatch(this.handler, event);
  }

  private drain(): Promise<void> {
    this.draining ??= (async () => {
      while (this.handler && this.pending.length > 0) {
        await this.dispatch(this.handler, this.pending.shift()!);
      }
    })().finally(() => { this.draining = undefined; });
    return this.draining;
  }

  private async dispatch(handler: InboundHandler, event: Pending) {
    try {
      if (event.kind === 'message') await handler.onMessage(event.conn, event.message);
      else if (event.kind === 'ack') await handler.onAck(event.conn, event.update);
      else await handler.onCall?.(event.conn, event.call);
    } catch (err) {
      // Accept only what is stored: a message not stored because of a fault goes back to its provider, which refuses
      // the delivery (503: the sender delivers it again) or holds it and tries again (Baileys).
      if (event.kind === 'message' && isFault(err)) throw err;
      // One bad message must not stop the provider's event loop; the pipeline logs its own details.
      this.opts.log.error({ err, whatsappId: event.conn.whatsappId, kind: event.kind }, 'inbound handler failed');
    }
  }
}

declare module 'fastify' {
  interface FastifyInstance { sessions: SessionManager }
}
