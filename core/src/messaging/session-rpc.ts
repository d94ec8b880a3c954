import { randomUUID } from 'node:crypto';
import { closeRedis, connectRedis, duplicateRedis, type RedisClient, type RedisClientLog } from '../redis/client.js';
import { AppError } from '../http/errors.js';

/**
 * Calls between API processes over Redis pub/sub, so a command for a connection reaches the one
 * process that drives its session (the lease holder). Each process listens on its own channel; a
 * request names the reply channel of its caller. PUBLISH answers how many listeners got the message,
 * which tells a dead holder (its connection to Redis is gone, so nobody listens) from a slow one.
 */
export interface SessionCall { op: string; whatsappId: number; args: unknown[] }

interface Request extends SessionCall { id: string; replyTo: string }
interface Reply { id: string; ok: boolean; value?: unknown; error?: { code: string; status: number; message: string } }

export type SessionCallHandler = (call: SessionCall) => Promise<unknown>;

/** The holder is gone and nobody has taken the session over yet: the caller may try again shortly. */
export const SESSION_MOVING = 'ERR_SESSION_MOVING';

export class SessionRpc {
  private readonly waiting = new Map<string, { resolve(v: unknown): void; reject(e: Error): void; timer: NodeJS.Timeout }>();
  private handler?: SessionCallHandler;

  private constructor(
    private readonly pub: RedisClient,
    private readonly sub: RedisClient,
    private readonly prefix: string,
    readonly owner: string,
    private readonly timeoutMs: number,
    private readonly onError: (err: unknown) => void,
  ) {}

  static async connect(url: string, prefix: string, owner: string, timeoutMs: number, log: RedisClientLog & { error(obj: object, msg: string): void }) {
    const onError = (err: unknown) => log.error({ err }, 'session call failed');
    const pub = await connectRedis(url, 'session calls', log);
    const sub = await duplicateRedis(pub, 'session calls sub', log);
    const rpc = new SessionRpc(pub, sub, prefix, owner, timeoutMs, onError);
    await sub.subscribe(rpc.channel(owner), (message) => { rpc.receive(message).catch(onError); });
    return rpc;
  }

  private channel(owner: string) { return `${this.prefix}:session-rpc:${owner}`; }

  /** What this process does with calls from others (the session manager's local operations). */
  serve(handler: SessionCallHandler) { this.handler = handler; }

  /** Runs `call` on the process `owner`; its AppError comes back as the same AppError. */
  async call(owner: string, call: SessionCall): Promise<unknown> {
    const id = randomUUID();
    const reply = new Promise<unknown>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        reject(new AppError('ERR_SENDING_WAPP_MSG', 504, `The process driving connection ${call.whatsappId} did not answer`));
      }, this.timeoutMs);
      this.waiting.set(id, { resolve, reject, timer });
    });
    const request: Request = { ...call, id, replyTo: this.owner };
    const listeners = await this.pub.publish(this.channel(owner), JSON.stringify(request)).catch((err: Error) => {
      this.onError(err);
      return 0; // Redis unreachable: as good as a holder gone
    });
    if (listeners === 0) {
      this.settle({ id, ok: false, error: { code: SESSION_MOVING, status: 503, message: 'The connection is moving to another process' } });
    }
    return reply;
  }

  private async receive(raw: string) {
    const message = JSON.parse(raw) as Request | Reply;
    if ('replyTo' in message) await this.answer(message);
    else this.settle(message);
  }

  private async answer(request: Request) {
    let reply: Reply;
    try {
      if (!this.handler) throw new AppError(SESSION_MOVING, 503, 'This process does not serve sessions');
      const value = await this.handler({ op: request.op, whatsappId: request.whatsappId, args: request.args });
      reply = { id: request.id, ok: true, value };
    } catch (err) {
      const e = err instanceof AppError ? err : new AppError('ERR_SENDING_WAPP_MSG', 500, (err as Error).message ?? 'failed');
      reply = { id: request.id, ok: false, error: { code: e.code, status: e.statusCode, message: e.message } };
    }
    await this.pub.publish(this.channel(request.replyTo), JSON.stringify(reply));
  }

  private settle(reply: Reply) {
    const pending = this.waiting.get(reply.id);
    if (!pending) return; // timed out meanwhile
    this.waiting.delete(reply.id);
    clearTimeout(pending.timer);
    if (reply.ok) pending.resolve(reply.value);
    else pending.reject(new AppError(reply.error!.code, reply.error!.status, reply.error!.message));
  }

  async close() {
    for (const [id, pending] of this.waiting) {
      clearTimeout(pending.timer);
      pending.reject(new AppError(SESSION_MOVING, 503, 'The process is shutting down'));
      this.waiting.delete(id);
    }
    await Promise.all([closeRedis(this.sub), closeRedis(this.pub)]);
  }
}
