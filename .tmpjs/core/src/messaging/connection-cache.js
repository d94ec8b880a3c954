import { Company, Queue, Whatsapp } from "../db/models/index.js";
class ConnectionCache {
  constructor(ttlMs = 5e3) {
    this.ttlMs = ttlMs;
  }
  ttlMs;
  entries = /* @__PURE__ */ new Map();
  get(companyId, whatsappId) {
    const hit = this.entries.get(whatsappId);
    if (hit && Date.now() - hit.at < this.ttlMs) return hit.value;
    const value = this.load(companyId, whatsappId).catch((err) => {
      this.entries.delete(whatsappId);
      throw err;
    });
    this.entries.set(whatsappId, { at: Date.now(), value });
    return value;
  }
  async load(companyId, whatsappId) {
    const [whatsapp, queues, company] = await Promise.all([
      Whatsapp.scoped(companyId).findById(whatsappId),
      Queue.scoped(companyId).join("whatsappQueues", "whatsappQueues.queueId", "queues.id").where({ "whatsappQueues.companyId": companyId, "whatsappQueues.whatsappId": whatsappId }).select("queues.*").orderByRaw("COALESCE(queues.orderQueue, 2147483647), queues.id"),
      Company.query().findById(companyId).select("id", "schedules")
    ]);
    if (!whatsapp || Number(whatsapp.companyId) !== companyId) return void 0;
    return { whatsapp, queues, companySchedules: company?.schedules ?? null };
  }
  invalidate(whatsappId) {
    if (whatsappId === void 0) this.entries.clear();
    else this.entries.delete(whatsappId);
  }
}
export {
  ConnectionCache
};
