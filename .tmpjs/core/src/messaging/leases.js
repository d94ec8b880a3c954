import { randomBytes } from "node:crypto";
import { connectRedis } from "../redis/client.js";
class LocalLeases {
  distributed = false;
  owner = "local";
  async acquire() {
    return true;
  }
  async renew() {
    return true;
  }
  async release() {
  }
  async holder() {
    return this.owner;
  }
  async heartbeat() {
    return 1;
  }
  async close() {
  }
}
const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;
class RedisLeases {
  constructor(client, prefix, ttlMs) {
    this.client = client;
    this.prefix = prefix;
    this.ttlMs = ttlMs;
  }
  client;
  prefix;
  ttlMs;
  distributed = true;
  owner = `${process.pid}:${randomBytes(8).toString("hex")}`;
  static async connect(url, prefix, ttlMs, log) {
    return new RedisLeases(await connectRedis(url, "session leases", log), prefix, ttlMs);
  }
  key(whatsappId) {
    return `${this.prefix}:session-lease:${whatsappId}`;
  }
  async acquire(whatsappId) {
    const set = await this.client.set(this.key(whatsappId), this.owner, { condition: "NX", expiration: { type: "PX", value: this.ttlMs } });
    if (set === "OK") return true;
    return this.renew(whatsappId);
  }
  async renew(whatsappId) {
    const res = await this.client.eval(RENEW, { keys: [this.key(whatsappId)], arguments: [this.owner, String(this.ttlMs)] });
    return Number(res) === 1;
  }
  async release(whatsappId) {
    await this.client.eval(RELEASE, { keys: [this.key(whatsappId)], arguments: [this.owner] });
  }
  async holder(whatsappId) {
    return await this.client.get(this.key(whatsappId)) ?? void 0;
  }
  get processesKey() {
    return `${this.prefix}:session-processes`;
  }
  async heartbeat() {
    const now = Date.now();
    const [, , live] = await this.client.multi().zAdd(this.processesKey, { score: now, value: this.owner }).zRemRangeByScore(this.processesKey, "-inf", now - 3 * this.ttlMs).zCard(this.processesKey).exec();
    return Math.max(1, Number(live));
  }
  async close() {
    await this.client.zRem(this.processesKey, this.owner).catch(() => void 0);
    await this.client.quit().catch(() => void 0);
  }
}
export {
  LocalLeases,
  RedisLeases
};
