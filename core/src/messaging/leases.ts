import { randomBytes } from 'node:crypto';
import { closeRedis, connectRedis, type RedisClient, type RedisClientLog } from '../redis/client.js';

/**
 * Who drives a connection's session. With several API processes (REDIS_URL), exactly one may hold a
 * WhatsApp socket per number (two would kick each other off), so each process takes a short lease per
 * connection in Redis (SET NX PX) and renews it while it runs the session. A process that dies stops
 * renewing and another takes the session over after the lease expires. Without Redis there is one
 * process and it owns everything.
 */
export interface LeaseStore {
  readonly distributed: boolean;
  /** This process's identity in the lease values. */
  readonly owner: string;
  /** Takes (or re-takes, when already ours) the lease; false when another process holds it. */
  acquire(whatsappId: number): Promise<boolean>;
  /** Extends our lease; false when it was lost (expired and taken by someone else). */
  renew(whatsappId: number): Promise<boolean>;
  release(whatsappId: number): Promise<void>;
  /** Who holds the lease now (an owner id), if anyone. */
  holder(whatsappId: number): Promise<string | undefined>;
  /**
   * Says this process is alive and returns how many processes are (this one included): the sessions are
   * shared among them. A process that stops saying so (died) drops out after a few lease times.
   */
  heartbeat(): Promise<number>;
  close(): Promise<void>;
}

export class LocalLeases implements LeaseStore {
  readonly distributed = false;
  readonly owner = 'local';
  async acquire() { return true; }
  async renew() { return true; }
  async release() {}
  async holder() { return this.owner; }
  async heartbeat() { return 1; }
  async close() {}
}

// Only the holder may extend or delete: compare the owner token atomically.
const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

export class RedisLeases implements LeaseStore {
  readonly distributed = true;
  readonly owner = `${process.pid}:${randomBytes(8).toString('hex')}`;
  private constructor(private readonly client: RedisClient, private readonly prefix: string, readonly ttlMs: number) {}

  static async connect(url: string, prefix: string, ttlMs: number, log: RedisClientLog) {
    return new RedisLeases(await connectRedis(url, 'session leases', log), prefix, ttlMs);
  }

  private key(whatsappId: number) { return `${this.prefix}:session-lease:${whatsappId}`; }

  async acquire(whatsappId: number) {
    const set = await this.client.set(this.key(whatsappId), this.owner, { condition: 'NX', expiration: { type: 'PX', value: this.ttlMs } });
    if (set === 'OK') return true;
    return this.renew(whatsappId);
  }

  async renew(whatsappId: number) {
    const res = await this.client.eval(RENEW, { keys: [this.key(whatsappId)], arguments: [this.owner, String(this.ttlMs)] });
    return Number(res) === 1;
  }

  async release(whatsappId: number) {
    await this.client.eval(RELEASE, { keys: [this.key(whatsappId)], arguments: [this.owner] });
  }

  async holder(whatsappId: number) {
    return (await this.client.get(this.key(whatsappId))) ?? undefined;
  }

  private get processesKey() { return `${this.prefix}:session-processes`; }

  async heartbeat() {
    const now = Date.now();
    const [, , live] = await this.client.multi()
      .zAdd(this.processesKey, { score: now, value: this.owner })
      .zRemRangeByScore(this.processesKey, '-inf', now - 3 * this.ttlMs)
      .zCard(this.processesKey)
      .exec();
    return Math.max(1, Number(live));
  }

  async close() {
    // Leaving at once: the others take their share of the sessions on their next sweep, not after the heartbeat expires.
    if (this.client.isReady) await this.client.zRem(this.processesKey, this.owner).catch(() => undefined);
    await closeRedis(this.client);
  }
}
