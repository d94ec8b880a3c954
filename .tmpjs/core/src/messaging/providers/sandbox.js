import { randomBytes } from "node:crypto";
import path from "node:path";
import { ProviderAuthKey } from "../../db/models/index.js";
import { dbNow } from "../../db/time.js";
import { AppError } from "../../http/errors.js";
import { SandboxOutbox } from "./sandbox-outbox.js";
const PAIRING = { category: "sandbox", keyId: "pairing" };
const FINAL_ACK = 4;
const newProviderId = (prefix) => `${prefix}${randomBytes(10).toString("hex").toUpperCase()}`;
function kindOf(mimetype) {
  if (mimetype.startsWith("image/")) return "image";
  if (mimetype.startsWith("audio/")) return "audio";
  if (mimetype.startsWith("video/")) return "video";
  return "document";
}
class SandboxProvider {
  constructor(ctx, options) {
    this.ctx = ctx;
    this.options = options;
    this.number = `5500${String(ctx.whatsappId).padStart(9, "0")}`;
  }
  ctx;
  options;
  state = "stopped";
  scanTimer;
  ackTimers = /* @__PURE__ */ new Set();
  number;
  get connected() {
    return this.state === "connected";
  }
  authKeys() {
    return ProviderAuthKey.scoped(this.ctx.companyId).where({ whatsappId: this.ctx.whatsappId, ...PAIRING });
  }
  async start() {
    const paired = await this.authKeys().first();
    if (paired) {
      await this.ctx.events.onStatus("OPENING");
      await this.connect();
    } else {
      await this.showQr();
    }
  }
  async showQr() {
    this.clearScan();
    this.state = "qrcode";
    await this.ctx.events.onStatus("qrcode", { qrcode: `sandbox:${this.ctx.whatsappId}:${randomBytes(12).toString("base64url")}` });
    this.scanTimer = setTimeout(() => {
      this.scan().catch((err) => this.ctx.log.error({ err }, "sandbox auto-scan failed"));
    }, this.options.autoScanMs);
  }
  /** The simulated phone scans the QR now. False when there is no QR to scan. */
  async scan() {
    if (this.state !== "qrcode") return false;
    this.clearScan();
    await ProviderAuthKey.scoped(this.ctx.companyId).insert({
      whatsappId: this.ctx.whatsappId,
      ...PAIRING,
      value: JSON.stringify({ number: this.number, pairedAt: dbNow() })
    });
    await this.connect();
    return true;
  }
  async connect() {
    this.state = "connected";
    await this.ctx.events.onStatus("CONNECTED", { number: this.number });
    await this.resumeAcks();
  }
  async requestNewQr() {
    this.stopTimers();
    await this.authKeys().delete();
    await this.showQr();
  }
  async stop(options = {}) {
    this.stopTimers();
    this.state = "stopped";
    if (options.logout) await this.authKeys().delete();
  }
  async send(message) {
    if (!this.connected) throw new AppError("ERR_WAPP_NOT_INITIALIZED", 400, "The sandbox connection is not connected");
    const providerId = newProviderId("SBX");
    await SandboxOutbox.scoped(this.ctx.companyId).insert({
      whatsappId: this.ctx.whatsappId,
      providerId,
      to: message.to,
      body: message.media?.caption ?? message.body ?? null,
      mediaUrl: message.media ? this.mediaUrl(message.media.path) : null,
      ack: 1,
      kind: "message",
      quotedProviderId: message.quotedProviderId ?? null,
      forwarded: Boolean(message.forwarded)
    });
    this.scheduleAck(providerId, 1);
    return { providerId, ack: 1 };
  }
  /** A public URL when the file is in the media storage; the file name otherwise. */
  mediaUrl(file) {
    const key = `${path.basename(path.dirname(file))}/${path.basename(file)}`;
    const storage = this.options.storage;
    if (storage && storage.resolve(key) === path.resolve(file)) return storage.url(key);
    return path.basename(file);
  }
  /** The simulated phone delivers then reads: one ack step per ackStepMs, each reported to the core. */
  scheduleAck(providerId, current) {
    if (current >= FINAL_ACK || !this.connected) return;
    const timer = setTimeout(() => {
      this.ackTimers.delete(timer);
      void this.raiseAck(providerId, current + 1);
    }, this.options.ackStepMs);
    this.ackTimers.add(timer);
  }
  async raiseAck(providerId, ack) {
    if (!this.connected) return;
    try {
      const changed = await SandboxOutbox.scoped(this.ctx.companyId).where({ providerId, whatsappId: this.ctx.whatsappId }).where("ack", "<", ack).whereNull("deletedAt").patch({ ack });
      if (!changed) return;
      await this.ctx.events.onAck({ providerId, ack });
      this.scheduleAck(providerId, ack);
    } catch (err) {
      this.ctx.log.error({ err, providerId }, "sandbox ack failed");
    }
  }
  /** Messages sent before a restart carry on towards "read". */
  async resumeAcks() {
    const rows = await SandboxOutbox.scoped(this.ctx.companyId).where({ whatsappId: this.ctx.whatsappId }).where("ack", "<", FINAL_ACK).whereNull("deletedAt").select("providerId", "ack").limit(1e3);
    for (const row of rows) this.scheduleAck(row.providerId, row.ack);
  }
  async deleteMessage(_to, providerId) {
    if (!this.connected) throw new AppError("ERR_WAPP_NOT_INITIALIZED", 400, "The sandbox connection is not connected");
    const changed = await SandboxOutbox.scoped(this.ctx.companyId).where({ providerId, whatsappId: this.ctx.whatsappId }).patch({ deletedAt: dbNow() });
    if (!changed) throw new AppError("ERR_DELETE_WAPP_MSG", 400, "No such message in the sandbox outbox");
  }
  /** The phone shows the new text of a message this connection sent, marked edited. */
  async editMessage(target, body) {
    if (!this.connected) throw new AppError("ERR_WAPP_NOT_INITIALIZED", 400, "The sandbox connection is not connected");
    const changed = await SandboxOutbox.scoped(this.ctx.companyId).where({ providerId: target.providerId, whatsappId: this.ctx.whatsappId, kind: "message" }).whereNull("deletedAt").patch({ body, editedAt: dbNow() });
    if (!changed) throw new AppError("ERR_EDIT_WAPP_MSG", 400, "No such message in the sandbox outbox");
  }
  /** The phone receives a reaction: a row of its own, pointing at the message (ours or the contact's). */
  async react(target, emoji) {
    if (!this.connected) throw new AppError("ERR_WAPP_NOT_INITIALIZED", 400, "The sandbox connection is not connected");
    await SandboxOutbox.scoped(this.ctx.companyId).insert({
      whatsappId: this.ctx.whatsappId,
      providerId: newProviderId("SBXR"),
      to: target.to,
      body: emoji,
      mediaUrl: null,
      ack: FINAL_ACK,
      kind: "reaction",
      targetProviderId: target.providerId,
      forwarded: false
    });
  }
  /** Every 8 to 15 digit number "exists" on the simulated network. */
  async checkNumber(number) {
    const digits = number.replace(/\D/g, "");
    return { exists: /^\d{8,15}$/.test(digits), number: digits };
  }
  async profilePictureUrl() {
    return void 0;
  }
  /** A simulated contact writes to this connection; answers the new message's providerId. */
  async simulateInbound(input) {
    if (!this.connected) throw new AppError("ERR_WAPP_NOT_INITIALIZED", 400, "The sandbox connection is not connected");
    const providerId = input.providerId ?? newProviderId("SBXIN");
    if (input.action) {
      await this.ctx.events.onMessage({
        providerId,
        from: input.number.replace(/\D/g, ""),
        pushName: input.name,
        fromMe: false,
        isGroup: false,
        kind: input.action,
        body: input.body,
        targetProviderId: input.targetProviderId,
        timestamp: /* @__PURE__ */ new Date()
      });
      return providerId;
    }
    const media = input.media ? { data: input.media.data, mimetype: input.media.mimetype, filename: input.media.filename } : void 0;
    await this.ctx.events.onMessage({
      providerId,
      from: input.number.replace(/\D/g, ""),
      pushName: input.name,
      fromMe: false,
      isGroup: false,
      kind: media ? kindOf(media.mimetype) : "text",
      body: input.body,
      media,
      quotedProviderId: input.quotedProviderId,
      timestamp: /* @__PURE__ */ new Date()
    });
    return providerId;
  }
  clearScan() {
    if (this.scanTimer) clearTimeout(this.scanTimer);
    this.scanTimer = void 0;
  }
  stopTimers() {
    this.clearScan();
    for (const timer of this.ackTimers) clearTimeout(timer);
    this.ackTimers.clear();
  }
}
export {
  SandboxProvider,
  newProviderId
};
