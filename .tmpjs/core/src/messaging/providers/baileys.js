import {
  Browsers,
  DisconnectReason,
  downloadMediaMessage,
  generateMessageIDV2,
  makeCacheableSignalKeyStore,
  makeWASocket
} from "@whiskeysockets/baileys";
import { AppError } from "../../http/errors.js";
import { useDatabaseAuthState } from "./baileys-auth.js";
import { normalizeMessage } from "./baileys-normalize.js";
import { isFault } from "../../util/faults.js";
const digits = (jid) => jid.split("@")[0].split(":")[0];
const toJid = (to, isGroup) => to.includes("@") ? to : `${to.replace(/\D/g, "")}@${isGroup ? "g.us" : "s.whatsapp.net"}`;
function baileysLogger(log) {
  const noop = () => {
  };
  const logger = {
    level: "warn",
    child: () => logger,
    trace: noop,
    debug: noop,
    info: noop,
    warn: (obj, msg) => log.warn(typeof obj === "object" && obj ? obj : { detail: obj }, msg),
    error: (obj, msg) => log.error(typeof obj === "object" && obj ? obj : { detail: obj }, msg)
  };
  return logger;
}
class BaileysProvider {
  constructor(ctx, options) {
    this.ctx = ctx;
    this.options = options;
    this.logger = baileysLogger(ctx.log);
  }
  ctx;
  options;
  socket;
  auth;
  /** Bumped per socket: events of an older socket are ignored. */
  generation = 0;
  stopped = true;
  connected = false;
  qrCount = 0;
  attempt = 0;
  reconnectTimer;
  queue = Promise.resolve();
  logger;
  /** Resolves once every event received so far has been handled (tests, shutdown). */
  idle() {
    return this.queue;
  }
  get maxQr() {
    return this.options.maxQrRefreshes ?? 5;
  }
  async start() {
    this.stopped = false;
    this.qrCount = 0;
    this.attempt = 0;
    await this.ctx.events.onStatus("OPENING");
    await this.connect();
  }
  async connect() {
    if (this.stopped) return;
    const generation = ++this.generation;
    this.auth = await useDatabaseAuthState(this.options.knex, this.ctx.companyId, this.ctx.whatsappId);
    const config = {
      auth: { creds: this.auth.state.creds, keys: makeCacheableSignalKeyStore(this.auth.state.keys, this.logger) },
      logger: this.logger,
      browser: Browsers.ubuntu("Atrium"),
      markOnlineOnConnect: false,
      syncFullHistory: false,
      getMessage: async () => void 0
    };
    const socket = (this.options.makeSocket ?? ((c) => makeWASocket(c)))(config);
    this.socket = socket;
    const auth = this.auth;
    const on = (event, fn) => {
      socket.ev.on(event, (arg) => {
        if (generation !== this.generation) return;
        this.queue = this.queue.then(() => generation === this.generation ? fn(arg) : void 0).catch((err) => this.ctx.log.error({ err, event }, "baileys event handling failed"));
      });
    };
    on("creds.update", () => auth.saveCreds());
    on("connection.update", (update) => this.onConnection(socket, update));
    on("messages.upsert", (upsert) => this.onUpsert(socket, upsert));
    on("messages.update", (updates) => this.onMessageUpdates(updates));
    on("message-receipt.update", (receipts) => this.onReceipts(receipts));
    on("call", (calls) => this.onCalls(calls));
    on("contacts.upsert", async (contacts) => this.remember(contacts));
    on("contacts.update", async (contacts) => this.remember(contacts));
    on("messaging-history.set", async ({ contacts }) => this.remember(contacts ?? []));
  }
  /** Number → name of the phone's contacts (people only: groups and @lid-only entries have no number). */
  addressBook = /* @__PURE__ */ new Map();
  remember(contacts) {
    for (const c of contacts) {
      if (!c.id?.endsWith("@s.whatsapp.net")) continue;
      const number = digits(c.id);
      const name = c.name || c.notify || c.verifiedName || this.addressBook.get(number) || number;
      this.addressBook.set(number, name);
    }
  }
  async listContacts() {
    this.ready();
    return [...this.addressBook].map(([number, name]) => ({ number, name }));
  }
  async onConnection(socket, update) {
    if (update.qr) {
      this.qrCount += 1;
      if (this.qrCount > this.maxQr) {
        this.stopped = true;
        this.endSocket();
        await this.ctx.events.onStatus("TIMEOUT", { reason: `no scan after ${this.maxQr} QR codes` });
        return;
      }
      await this.ctx.events.onStatus("qrcode", { qrcode: update.qr });
    }
    if (update.connection === "open") {
      this.qrCount = 0;
      this.attempt = 0;
      this.connected = true;
      await this.ctx.events.onStatus("CONNECTED", { number: socket.user?.id ? digits(socket.user.id) : void 0 });
      return;
    }
    if (update.connection === "close") {
      const wasConnected = this.connected;
      this.connected = false;
      if (this.stopped) return;
      const error = update.lastDisconnect?.error;
      await this.onClose(error?.output?.statusCode, wasConnected);
    }
  }
  async onClose(code, wasConnected) {
    switch (code) {
      case DisconnectReason.loggedOut:
      case DisconnectReason.multideviceMismatch:
        this.stopped = true;
        await this.auth?.clear();
        await this.ctx.events.onStatus("DISCONNECTED", { reason: code === DisconnectReason.loggedOut ? "loggedOut" : "multideviceMismatch" });
        return;
      case DisconnectReason.connectionReplaced:
      case DisconnectReason.forbidden:
        this.stopped = true;
        await this.ctx.events.onStatus("DISCONNECTED", { reason: code === DisconnectReason.forbidden ? "forbidden" : "connectionReplaced" });
        return;
      case DisconnectReason.restartRequired:
        await this.connect();
        return;
      default: {
        if (wasConnected) await this.ctx.events.onStatus("OPENING", { reason: `connection closed (${code ?? "unknown"})` });
        const { baseMs, maxMs } = this.options.backoff ?? { baseMs: 2e3, maxMs: 6e4 };
        const delay = Math.min(baseMs * 2 ** this.attempt, maxMs);
        this.attempt += 1;
        this.reconnectTimer = setTimeout(() => {
          this.reconnectTimer = void 0;
          this.connect().catch((err) => this.ctx.log.error({ err }, "baileys reconnect failed"));
        }, delay);
      }
    }
  }
  async onUpsert(socket, upsert) {
    for (const msg of upsert.messages) {
      const message = await normalizeMessage(msg, {
        pnForLid: async (lid) => socket.signalRepository?.lidMapping?.getPNForLID(lid),
        download: (m) => (this.options.download ?? defaultDownload)(m, socket)
      });
      if (message) await this.untilStored(message);
    }
  }
  /**
   * Baileys delivers a message once: one not stored because of a fault (the database away, the disk full) is held
   * here and tried again (every 1 s, 2 s … at most 30 s apart, for up to an hour; later events wait behind it, in
   * order), instead of being dropped. A process that dies meanwhile loses it (docs/operations.md "Inbound").
   */
  async untilStored(message) {
    const giveUpAt = Date.now() + 36e5;
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.ctx.events.onMessage(message);
      } catch (err) {
        if (!isFault(err) || Date.now() > giveUpAt) throw err;
        this.ctx.log.warn({ err, providerId: message.providerId, attempt }, "inbound message not stored (fault): holding it, trying again");
        await new Promise((r) => setTimeout(r, Math.min(1e3 * 2 ** attempt, 3e4)));
      }
    }
  }
  /** Status changes of messages we sent: WhatsApp's status 1..5 is the core's ack. */
  async onMessageUpdates(updates) {
    for (const { key, update } of updates) {
      if (!key.fromMe || !key.id || typeof update.status !== "number") continue;
      await this.ctx.events.onAck({ providerId: key.id, ack: update.status });
    }
  }
  /** Per-recipient receipts (groups): read → 4, delivered → 3. */
  async onReceipts(receipts) {
    for (const { key, receipt } of receipts) {
      if (!key.fromMe || !key.id) continue;
      const ack = receipt.playedTimestamp ? 5 : receipt.readTimestamp ? 4 : receipt.receiptTimestamp ? 3 : void 0;
      if (ack) await this.ctx.events.onAck({ providerId: key.id, ack });
    }
  }
  async onCalls(calls) {
    for (const call of calls) {
      if (call.status !== "offer" || call.isGroup) continue;
      await this.ctx.events.onCall?.({
        from: digits(call.callerPn ?? call.from),
        providerId: call.id,
        isVideo: Boolean(call.isVideo),
        timestamp: new Date(call.date)
      });
    }
  }
  endSocket() {
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = void 0;
    const socket = this.socket;
    this.socket = void 0;
    this.generation += 1;
    this.connected = false;
    try {
      socket?.end(void 0);
    } catch {
    }
  }
  async requestNewQr() {
    const socket = this.socket;
    this.stopped = true;
    if (socket && this.connected) await socket.logout().catch(() => void 0);
    this.endSocket();
    await (this.auth ?? await useDatabaseAuthState(this.options.knex, this.ctx.companyId, this.ctx.whatsappId)).clear();
    await this.start();
  }
  async stop(options = {}) {
    const socket = this.socket;
    this.stopped = true;
    if (options.logout && socket && this.connected) await socket.logout().catch((err) => this.ctx.log.warn({ err }, "baileys logout failed"));
    this.endSocket();
    if (options.logout) await (this.auth ?? await useDatabaseAuthState(this.options.knex, this.ctx.companyId, this.ctx.whatsappId)).clear();
  }
  ready() {
    if (!this.socket || !this.connected) throw new AppError("ERR_WAPP_NOT_INITIALIZED", 400, "The connection is not connected");
    return this.socket;
  }
  async send(message) {
    const socket = this.ready();
    const jid = toJid(message.to, message.isGroup);
    const content = contentFor(message);
    const quoted = message.quotedProviderId ? { key: { remoteJid: jid, id: message.quotedProviderId, fromMe: Boolean(message.quotedFromMe) }, message: { conversation: "" } } : void 0;
    try {
      const sent = await socket.sendMessage(jid, content, { messageId: generateMessageIDV2(socket.user?.id), ...quoted ? { quoted } : {} });
      if (!sent?.key.id) throw new Error("no message key");
      return { providerId: sent.key.id, ack: 1 };
    } catch (err) {
      this.ctx.log.warn({ err }, "baileys send failed");
      throw new AppError("ERR_SENDING_WAPP_MSG", 500, "Sending the message failed");
    }
  }
  async deleteMessage(to, providerId, fromMe) {
    const socket = this.ready();
    const jid = toJid(to);
    try {
      await socket.sendMessage(jid, { delete: { remoteJid: jid, fromMe, id: providerId } });
    } catch {
      throw new AppError("ERR_DELETE_WAPP_MSG", 500, "Deleting the message failed");
    }
  }
  /** WhatsApp's edit: a text message carrying the key of the message it replaces. */
  async editMessage(target, body) {
    const socket = this.ready();
    const jid = toJid(target.to, target.isGroup);
    try {
      await socket.sendMessage(jid, { text: body, edit: { remoteJid: jid, fromMe: target.fromMe, id: target.providerId } });
    } catch (err) {
      this.ctx.log.warn({ err }, "baileys edit failed");
      throw new AppError("ERR_EDIT_WAPP_MSG", 500, "Editing the message failed");
    }
  }
  /** WhatsApp's reaction: one per sender per message; an empty text removes it. */
  async react(target, emoji) {
    const socket = this.ready();
    const jid = toJid(target.to, target.isGroup);
    try {
      await socket.sendMessage(jid, { react: { text: emoji, key: { remoteJid: jid, fromMe: target.fromMe, id: target.providerId } } });
    } catch (err) {
      this.ctx.log.warn({ err }, "baileys reaction failed");
      throw new AppError("ERR_REACT_WAPP_MSG", 500, "Reacting to the message failed");
    }
  }
  async checkNumber(number) {
    const socket = this.ready();
    try {
      const [result] = await socket.onWhatsApp(toJid(number)) ?? [];
      return { exists: Boolean(result?.exists), number: result?.jid ? digits(result.jid) : number.replace(/\D/g, "") };
    } catch {
      throw new AppError("ERR_WAPP_CHECK_CONTACT", 500, "Checking the number failed");
    }
  }
  async profilePictureUrl(number) {
    const socket = this.ready();
    return socket.profilePictureUrl(toJid(number), "image").catch(() => void 0);
  }
}
function contentFor(message) {
  const content = plainContentFor(message);
  return message.forwarded ? { ...content, contextInfo: { isForwarded: true, forwardingScore: 1 } } : content;
}
function plainContentFor(message) {
  const media = message.media;
  if (!media) return { text: message.body ?? "" };
  const caption = media.caption ?? message.body;
  if (media.mimetype.startsWith("image/")) return { image: { url: media.path }, caption, mimetype: media.mimetype };
  if (media.mimetype.startsWith("video/")) return { video: { url: media.path }, caption, mimetype: media.mimetype };
  if (media.mimetype.startsWith("audio/")) return { audio: { url: media.path }, mimetype: media.mimetype, ptt: Boolean(media.asVoice) };
  return { document: { url: media.path }, mimetype: media.mimetype, fileName: media.filename, caption };
}
const defaultDownload = async (message, socket) => {
  try {
    return await downloadMediaMessage(message, "buffer", {}, {
      logger: void 0,
      reuploadRequest: socket.updateMediaMessage ? (m) => socket.updateMediaMessage(m) : async (m) => m
    });
  } catch {
    throw new AppError("ERR_WAPP_DOWNLOAD_MEDIA", 500, "Downloading the media failed");
  }
};
export {
  BaileysProvider
};
