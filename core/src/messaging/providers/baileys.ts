import type { Knex } from 'knex';
import {
  Browsers, DisconnectReason, downloadMediaMessage, generateMessageIDV2, makeCacheableSignalKeyStore, makeWASocket,
  type AnyMessageContent, type BaileysEventEmitter, type BaileysEventMap, type ConnectionState, type UserFacingSocketConfig, type WAMessage,
} from '@whiskeysockets/baileys';
import { AppError } from '../../http/errors.js';
import type { AckUpdate, MessageTarget, MessagingProvider, OutboundMessage, PhoneContact, ProviderContext, SentMessage } from '../provider.js';
import { useDatabaseAuthState, type DatabaseAuthState } from './baileys-auth.js';
import { normalizeMessage } from './baileys-normalize.js';
import { isFault } from '../../util/faults.js';

/** The part of a Baileys socket the provider uses: a fake with a real Baileys event emitter drives it in tests. */
export interface BaileysSocketLike {
  ev: BaileysEventEmitter;
  user?: { id: string; lid?: string } | undefined;
  sendMessage(jid: string, content: AnyMessageContent, options?: { messageId?: string; quoted?: WAMessage }): Promise<WAMessage | undefined>;
  onWhatsApp(...jids: string[]): Promise<Array<{ exists: boolean | unknown; jid: string }> | undefined>;
  profilePictureUrl(jid: string, type?: 'preview' | 'image'): Promise<string | undefined>;
  logout(msg?: string): Promise<void>;
  end(error: Error | undefined): unknown;
  updateMediaMessage?(message: WAMessage): Promise<WAMessage>;
  /** Asks WhatsApp for a chat's typing updates (presence.update). */
  presenceSubscribe?(jid: string): Promise<void>;
  signalRepository?: { lidMapping?: { getPNForLID(lid: string): Promise<string | null> } };
}

export interface BaileysOptions {
  knex: Knex;
  makeSocket?: (config: UserFacingSocketConfig) => BaileysSocketLike;
  /** QR codes shown without a scan before the session gives up (TIMEOUT). */
  maxQrRefreshes?: number;
  /** Reconnect delays: base · 2^attempt, capped. */
  backoff?: { baseMs: number; maxMs: number };
  download?: (message: WAMessage, socket: BaileysSocketLike) => Promise<Buffer>;
}

type CloseCode = number | undefined;
const digits = (jid: string) => jid.split('@')[0].split(':')[0];
const toJid = (to: string, isGroup?: boolean) => (to.includes('@') ? to : `${to.replace(/\D/g, '')}@${isGroup ? 'g.us' : 's.whatsapp.net'}`);

/** Baileys' logger interface over the core's logger: only warnings and errors, Baileys is chatty. */
function baileysLogger(log: ProviderContext['log']): UserFacingSocketConfig['logger'] {
  const noop = () => {};
  const logger = {
    level: 'warn',
    child: () => logger,
    trace: noop, debug: noop, info: noop,
    warn: (obj: unknown, msg?: string) => log.warn(typeof obj === 'object' && obj ? obj : { detail: obj }, msg),
    error: (obj: unknown, msg?: string) => log.error(typeof obj === 'object' && obj ? obj : { detail: obj }, msg),
  };
  return logger as unknown as UserFacingSocketConfig['logger'];
}

/**
 * WhatsApp through Baileys (provider 'beta' or 'baileys'). The auth state lives in the database, so a
 * paired session resumes after a restart or in another process. Status: QR → qrcode (TIMEOUT after
 * maxQrRefreshes unscanned QRs), open → CONNECTED, close → reconnect with backoff, except logged out
 * (auth forgotten, DISCONNECTED), replaced or forbidden (DISCONNECTED); restartRequired reconnects at once.
 */
export class BaileysProvider implements MessagingProvider {
  private socket?: BaileysSocketLike;
  private auth?: DatabaseAuthState;
  /** Bumped per socket: events of an older socket are ignored. */
  private generation = 0;
  private stopped = true;
  private connected = false;
  private qrCount = 0;
  private attempt = 0;
  private reconnectTimer?: NodeJS.Timeout;
  private queue: Promise<void> = Promise.resolve();
  private readonly logger: UserFacingSocketConfig['logger'];

  constructor(private readonly ctx: ProviderContext, private readonly options: BaileysOptions) {
    this.logger = baileysLogger(ctx.log);
  }

  /** Resolves once every event received so far has been handled (tests, shutdown). */
  idle(): Promise<void> { return this.queue; }

  private get maxQr() { return this.options.maxQrRefreshes ?? 5; }

  async start(): Promise<void> {
    this.stopped = false;
    this.qrCount = 0;
    this.attempt = 0;
    await this.ctx.events.onStatus('OPENING');
    await this.connect();
  }

  private async connect() {
    if (this.stopped) return;
    const generation = ++this.generation;
    this.auth = await useDatabaseAuthState(this.options.knex, this.ctx.companyId, this.ctx.whatsappId);
    const config: UserFacingSocketConfig = {
      auth: { creds: this.auth.state.creds, keys: makeCacheableSignalKeyStore(this.auth.state.keys, this.logger) },
      logger: this.logger,
      browser: Browsers.ubuntu('Atrium'),
      markOnlineOnConnect: false,
      syncFullHistory: false,
      getMessage: async () => undefined,
    };
    const socket = (this.options.makeSocket ?? ((c) => makeWASocket(c) as unknown as BaileysSocketLike))(config);
    this.socket = socket;
    const auth = this.auth;
    const on = <E extends keyof BaileysEventMap>(event: E, fn: (arg: BaileysEventMap[E]) => Promise<void>) => {
      socket.ev.on(event, (arg) => {
        if (generation !== this.generation) return;
        // One event at a time, in arrival order: a QR must not overtake "open", nor a message its edit.
        this.queue = this.queue.then(() => (generation === this.generation ? fn(arg) : undefined))
          .catch((err) => this.ctx.log.error({ err, event }, 'baileys event handling failed'));
      });
    };
    on('creds.update', () => auth.saveCreds());
    on('connection.update', (update) => this.onConnection(socket, update));
    on('messages.upsert', (upsert) => this.onUpsert(socket, upsert));
    on('messages.update', (updates) => this.onMessageUpdates(updates));
    on('message-receipt.update', (receipts) => this.onReceipts(receipts));
    on('call', (calls) => this.onCalls(calls));
    // Typing is told at once, never queued behind a message being held through a fault (untilStored).
    socket.ev.on('presence.update', (update) => {
      if (generation === this.generation) this.onPresence(socket, update).catch((err) => this.ctx.log.warn({ err }, 'presence update not handled'));
    });
    this.presenceAsked.clear();
    // The phone's address book, as WhatsApp syncs it: kept in memory for POST /contacts/import (listContacts).
    on('contacts.upsert', async (contacts) => this.remember(contacts));
    on('contacts.update', async (contacts) => this.remember(contacts));
    on('messaging-history.set', async ({ contacts }) => this.remember(contacts ?? []));
  }

  /** Number → name of the phone's contacts (people only: groups and @lid-only entries have no number). */
  private readonly addressBook = new Map<string, string>();
  private remember(contacts: Array<{ id?: string | null; name?: string | null; notify?: string | null; verifiedName?: string | null }>) {
    for (const c of contacts) {
      if (!c.id?.endsWith('@s.whatsapp.net')) continue;
      const number = digits(c.id);
      const name = c.name || c.notify || c.verifiedName || this.addressBook.get(number) || number;
      this.addressBook.set(number, name);
    }
  }

  async listContacts(): Promise<PhoneContact[]> {
    this.ready();
    return [...this.addressBook].map(([number, name]) => ({ number, name }));
  }

  private async onConnection(socket: BaileysSocketLike, update: Partial<ConnectionState>) {
    if (update.qr) {
      this.qrCount += 1;
      if (this.qrCount > this.maxQr) {
        // Nobody scanned: stop asking WhatsApp for codes until the user asks again.
        this.stopped = true;
        this.endSocket();
        await this.ctx.events.onStatus('TIMEOUT', { reason: `no scan after ${this.maxQr} QR codes` });
        return;
      }
      await this.ctx.events.onStatus('qrcode', { qrcode: update.qr });
    }
    if (update.connection === 'open') {
      this.qrCount = 0;
      this.attempt = 0;
      this.connected = true;
      await this.ctx.events.onStatus('CONNECTED', { number: socket.user?.id ? digits(socket.user.id) : undefined });
      return;
    }
    if (update.connection === 'close') {
      const wasConnected = this.connected;
      this.connected = false;
      if (this.stopped) return;
      const error = update.lastDisconnect?.error as { output?: { statusCode?: number } } | undefined;
      await this.onClose(error?.output?.statusCode, wasConnected);
    }
  }

  private async onClose(code: CloseCode, wasConnected: boolean) {
    switch (code) {
      case DisconnectReason.loggedOut:
      case DisconnectReason.multideviceMismatch:
        // The phone removed this device: the stored keys are worthless now.
        this.stopped = true;
        await this.auth?.clear();
        await this.ctx.events.onStatus('DISCONNECTED', { reason: code === DisconnectReason.loggedOut ? 'loggedOut' : 'multideviceMismatch' });
        return;
      case DisconnectReason.connectionReplaced:
      case DisconnectReason.forbidden:
        // Another client took the session, or the number is banned: reconnecting would only fight or fail.
        this.stopped = true;
        await this.ctx.events.onStatus('DISCONNECTED', { reason: code === DisconnectReason.forbidden ? 'forbidden' : 'connectionReplaced' });
        return;
      case DisconnectReason.restartRequired:
        // Normal right after pairing: WhatsApp wants a fresh socket with the new creds.
        await this.connect();
        return;
      default: {
        if (wasConnected) await this.ctx.events.onStatus('OPENING', { reason: `connection closed (${code ?? 'unknown'})` });
        const { baseMs, maxMs } = this.options.backoff ?? { baseMs: 2000, maxMs: 60_000 };
        const delay = Math.min(baseMs * 2 ** this.attempt, maxMs);
        this.attempt += 1;
        this.reconnectTimer = setTimeout(() => {
          this.reconnectTimer = undefined;
          this.connect().catch((err) => this.ctx.log.error({ err }, 'baileys reconnect failed'));
        }, delay);
      }
    }
  }

  private async onUpsert(socket: BaileysSocketLike, upsert: BaileysEventMap['messages.upsert']) {
    for (const msg of upsert.messages) {
      const message = await normalizeMessage(msg, {
        pnForLid: async (lid) => socket.signalRepository?.lidMapping?.getPNForLID(lid),
        download: (m) => (this.options.download ?? defaultDownload)(m, socket),
      });
      if (message) await this.untilStored(message);
      if (message && upsert.type === 'notify') this.askPresence(socket, msg);
    }
  }

  /**
   * Baileys delivers a message once: one not stored because of a fault (the database away, the disk full) is held
   * here and tried again (every 1 s, 2 s … at most 30 s apart, for up to an hour; later events wait behind it, in
   * order), instead of being dropped. A process that dies meanwhile loses it (docs/operations.md "Inbound").
   */
  private async untilStored(message: Parameters<ProviderContext['events']['onMessage']>[0]) {
    const giveUpAt = Date.now() + 3600_000;
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.ctx.events.onMessage(message);
      } catch (err) {
        if (!isFault(err) || Date.now() > giveUpAt) throw err;
        this.ctx.log.warn({ err, providerId: message.providerId, attempt }, 'inbound message not stored (fault): holding it, trying again');
        await new Promise((r) => setTimeout(r, Math.min(1000 * 2 ** attempt, 30_000)));
      }
    }
  }

  /**
   * WhatsApp sends a chat's typing only to a socket that asked for it: asked once per chat and socket, when the contact
   * first writes (a one-to-one chat only; the set is bounded, a chat asked again after it was cleared costs one frame).
   */
  private readonly presenceAsked = new Set<string>();
  private askPresence(socket: BaileysSocketLike, msg: WAMessage) {
    const jid = msg.key.remoteJid;
    if (!jid || msg.key.fromMe || !socket.presenceSubscribe || !/@(s\.whatsapp\.net|lid)$/.test(jid) || this.presenceAsked.has(jid)) return;
    if (this.presenceAsked.size >= 10_000) this.presenceAsked.clear();
    this.presenceAsked.add(jid);
    socket.presenceSubscribe(jid).catch((err) => this.ctx.log.warn({ err }, 'presence subscription failed'));
  }

  private async onPresence(socket: BaileysSocketLike, { id, presences }: BaileysEventMap['presence.update']) {
    if (!/@(s\.whatsapp\.net|lid)$/.test(id)) return; // groups: not told
    const state = Object.values(presences)[0]?.lastKnownPresence;
    if (state !== 'composing' && state !== 'recording' && state !== 'paused') return;
    const pn = id.endsWith('@lid') ? await socket.signalRepository?.lidMapping?.getPNForLID(id) : id;
    this.ctx.events.onPresence?.(pn ? { from: digits(pn), presence: state } : { from: '', lid: digits(id), presence: state });
  }

  /** Status changes of messages we sent: WhatsApp's status 1..5 is the core's ack. */
  private async onMessageUpdates(updates: BaileysEventMap['messages.update']) {
    for (const { key, update } of updates) {
      if (!key.fromMe || !key.id || typeof update.status !== 'number') continue;
      await this.ctx.events.onAck({ providerId: key.id, ack: update.status as AckUpdate['ack'] });
    }
  }

  /** Per-recipient receipts (groups): read → 4, delivered → 3. */
  private async onReceipts(receipts: BaileysEventMap['message-receipt.update']) {
    for (const { key, receipt } of receipts) {
      if (!key.fromMe || !key.id) continue;
      const ack = receipt.playedTimestamp ? 5 : receipt.readTimestamp ? 4 : receipt.receiptTimestamp ? 3 : undefined;
      if (ack) await this.ctx.events.onAck({ providerId: key.id, ack });
    }
  }

  private async onCalls(calls: BaileysEventMap['call']) {
    for (const call of calls) {
      if (call.status !== 'offer' || call.isGroup) continue;
      await this.ctx.events.onCall?.({
        from: digits(call.callerPn ?? call.from), providerId: call.id, isVideo: Boolean(call.isVideo), timestamp: new Date(call.date),
      });
    }
  }

  private endSocket() {
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
    const socket = this.socket;
    this.socket = undefined;
    this.generation += 1;
    this.connected = false;
    try { socket?.end(undefined); } catch { /* already closed */ }
  }

  async requestNewQr(): Promise<void> {
    const socket = this.socket;
    this.stopped = true;
    if (socket && this.connected) await socket.logout().catch(() => undefined);
    this.endSocket();
    await (this.auth ?? (await useDatabaseAuthState(this.options.knex, this.ctx.companyId, this.ctx.whatsappId))).clear();
    await this.start();
  }

  async stop(options: { logout?: boolean } = {}): Promise<void> {
    const socket = this.socket;
    this.stopped = true;
    if (options.logout && socket && this.connected) await socket.logout().catch((err) => this.ctx.log.warn({ err }, 'baileys logout failed'));
    this.endSocket();
    if (options.logout) await (this.auth ?? (await useDatabaseAuthState(this.options.knex, this.ctx.companyId, this.ctx.whatsappId))).clear();
  }

  private ready(): BaileysSocketLike {
    if (!this.socket || !this.connected) throw new AppError('ERR_WAPP_NOT_INITIALIZED', 400, 'The connection is not connected');
    return this.socket;
  }

  async send(message: OutboundMessage): Promise<SentMessage> {
    const socket = this.ready();
    const jid = toJid(message.to, message.isGroup);
    const content = contentFor(message);
    const quoted = message.quotedProviderId
      ? ({ key: { remoteJid: jid, id: message.quotedProviderId, fromMe: Boolean(message.quotedFromMe) }, message: { conversation: '' } } as WAMessage)
      : undefined;
    try {
      const sent = await socket.sendMessage(jid, content, { messageId: generateMessageIDV2(socket.user?.id), ...(quoted ? { quoted } : {}) });
      if (!sent?.key.id) throw new Error('no message key');
      return { providerId: sent.key.id, ack: 1 };
    } catch (err) {
      this.ctx.log.warn({ err }, 'baileys send failed');
      throw new AppError('ERR_SENDING_WAPP_MSG', 500, 'Sending the message failed');
    }
  }

  async deleteMessage(to: string, providerId: string, fromMe: boolean): Promise<void> {
    const socket = this.ready();
    const jid = toJid(to);
    try {
      await socket.sendMessage(jid, { delete: { remoteJid: jid, fromMe, id: providerId } });
    } catch {
      throw new AppError('ERR_DELETE_WAPP_MSG', 500, 'Deleting the message failed');
    }
  }

  /** WhatsApp's edit: a text message carrying the key of the message it replaces. */
  async editMessage(target: MessageTarget, body: string): Promise<void> {
    const socket = this.ready();
    const jid = toJid(target.to, target.isGroup);
    try {
      await socket.sendMessage(jid, { text: body, edit: { remoteJid: jid, fromMe: target.fromMe, id: target.providerId } });
    } catch (err) {
      this.ctx.log.warn({ err }, 'baileys edit failed');
      throw new AppError('ERR_EDIT_WAPP_MSG', 500, 'Editing the message failed');
    }
  }

  /** WhatsApp's reaction: one per sender per message; an empty text removes it. */
  async react(target: MessageTarget, emoji: string): Promise<void> {
    const socket = this.ready();
    const jid = toJid(target.to, target.isGroup);
    try {
      await socket.sendMessage(jid, { react: { text: emoji, key: { remoteJid: jid, fromMe: target.fromMe, id: target.providerId } } });
    } catch (err) {
      this.ctx.log.warn({ err }, 'baileys reaction failed');
      throw new AppError('ERR_REACT_WAPP_MSG', 500, 'Reacting to the message failed');
    }
  }

  async checkNumber(number: string): Promise<{ exists: boolean; number: string }> {
    const socket = this.ready();
    try {
      const [result] = (await socket.onWhatsApp(toJid(number))) ?? [];
      return { exists: Boolean(result?.exists), number: result?.jid ? digits(result.jid) : number.replace(/\D/g, '') };
    } catch {
      throw new AppError('ERR_WAPP_CHECK_CONTACT', 500, 'Checking the number failed');
    }
  }

  async profilePictureUrl(number: string): Promise<string | undefined> {
    const socket = this.ready();
    return socket.profilePictureUrl(toJid(number), 'image').catch(() => undefined);
  }
}

/** What the socket sends; a forward carries WhatsApp's "forwarded" mark in its context. */
function contentFor(message: OutboundMessage): AnyMessageContent {
  const content = plainContentFor(message);
  return message.forwarded ? { ...content, contextInfo: { isForwarded: true, forwardingScore: 1 } } as AnyMessageContent : content;
}

function plainContentFor(message: OutboundMessage): AnyMessageContent {
  const media = message.media;
  if (!media) return { text: message.body ?? '' };
  const caption = media.caption ?? message.body;
  if (media.mimetype.startsWith('image/')) return { image: { url: media.path }, caption, mimetype: media.mimetype };
  if (media.mimetype.startsWith('video/')) return { video: { url: media.path }, caption, mimetype: media.mimetype };
  if (media.mimetype.startsWith('audio/')) return { audio: { url: media.path }, mimetype: media.mimetype, ptt: Boolean(media.asVoice) };
  return { document: { url: media.path }, mimetype: media.mimetype, fileName: media.filename, caption };
}

const defaultDownload = async (message: WAMessage, socket: BaileysSocketLike): Promise<Buffer> => {
  try {
    return await downloadMediaMessage(message, 'buffer', {}, {
      logger: undefined as never,
      reuploadRequest: socket.updateMediaMessage ? (m) => socket.updateMediaMessage!(m) : async (m) => m,
    });
  } catch {
    throw new AppError('ERR_WAPP_DOWNLOAD_MEDIA', 500, 'Downloading the media failed');
  }
};
