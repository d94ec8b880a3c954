import { randomUUID } from "node:crypto";
import { connectRedis, duplicateRedis } from "../redis/client.js";
import { AppError } from "../http/errors.js";
const SESSION_MOVING = "ERR_SESSION_MOVING";
class SessionRpc {
  constructor(pub, sub, prefix, owner, timeoutMs, onError) {
    this.pub = pub;
    this.sub = sub;
    this.prefix = prefix;
    this.owner = owner;
    this.timeoutMs = timeoutMs;
    this.onError = onError;
  }
  pub;
  sub;
  prefix;
  owner;
  timeoutMs;
  onError;
  waiting = /* @__PURE__ */ new Map();
  handler;
  static async connect(url, prefix, owner, timeoutMs, log) {
    const onError = (err) => log.error({ err }, "session call failed");
    const pub = await connectRedis(url, "session calls", log);
    const sub = await duplicateRedis(pub, "session calls sub", log);
    const rpc = new SessionRpc(pub, sub, prefix, owner, timeoutMs, onError);
    await sub.subscribe(rpc.channel(owner), (message) => {
      rpc.receive(message).catch(onError);
    });
    return rpc;
  }
  channel(owner) {
    return `${this.prefix}:session-rpc:${owner}`;
  }
  /** What this process does with calls from others (the session manager's local operations). */
  serve(handler) {
    this.handler = handler;
  }
  /** Runs `call` on the process `owner`; its AppError comes back as the same AppError. */
  async call(owner, call) {
    const id = randomUUID();
    const reply = new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        reject(new AppError("ERR_SENDING_WAPP_MSG", 504, `The process driving connection ${call.whatsappId} did not answer`));
      }, this.timeoutMs);
      this.waiting.set(id, { resolve, reject, timer });
    });
    const request = { ...call, id, replyTo: this.owner };
    const listeners = await this.pub.publish(this.channel(owner), JSON.stringify(request)).catch((err) => {
      this.onError(err);
      return 0;
    });
    if (listeners === 0) {
      this.settle({ id, ok: false, error: { code: SESSION_MOVING, status: 503, message: "The connection is moving to another process" } });
    }
    return reply;
  }
  async receive(raw) {
    const message = JSON.parse(raw);
    if ("replyTo" in message) await this.answer(message);
    else this.settle(message);
  }
  async answer(request) {
    let reply;
    try {
      if (!this.handler) throw new AppError(SESSION_MOVING, 503, "This process does not serve sessions");
      const value = await this.handler({ op: request.op, whatsappId: request.whatsappId, args: request.args });
      reply = { id: request.id, ok: true, value };
    } catch (err) {
      const e = err instanceof AppError ? err : new AppError("ERR_SENDING_WAPP_MSG", 500, err.message ?? "failed");
      reply = { id: request.id, ok: false, error: { code: e.code, status: e.statusCode, message: e.message } };
    }
    await this.pub.publish(this.channel(request.replyTo), JSON.stringify(reply));
  }
  settle(reply) {
    const pending = this.waiting.get(reply.id);
    if (!pending) return;
    this.waiting.delete(reply.id);
    clearTimeout(pending.timer);
    if (reply.ok) pending.resolve(reply.value);
    else pending.reject(new AppError(reply.error.code, reply.error.status, reply.error.message));
  }
  async close() {
    for (const [id, pending] of this.waiting) {
      clearTimeout(pending.timer);
      pending.reject(new AppError(SESSION_MOVING, 503, "The process is shutting down"));
      this.waiting.delete(id);
    }
    await this.sub.quit().catch(() => void 0);
    await this.pub.quit().catch(() => void 0);
  }
}
export {
  SESSION_MOVING,
  SessionRpc
};
