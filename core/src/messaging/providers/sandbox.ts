import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { ProviderAuthKey } from '../../db/models/index.js';
import { dbNow } from '../../db/time.js';
import { AppError } from '../../http/errors.js';
import type { Storage } from '../../storage/index.js';
import type {
  ContactPresence, InboundKind, InboundMedia, MessageTarget, MessagingProvider, OutboundMessage, ProviderContext, SentMessage,
} from '../provider.js';
import { SandboxOutbox } from './sandbox-outbox.js';

export interface SandboxOptions {
  /** After this long in qrcode the simulated phone scans the QR by itself. */
  autoScanMs: number;
  /** Each ack step (sent → delivered → read) takes this long. */
  ackStepMs: number;
  storage?: Storage;
}

export interface SimulatedInbound {
  number: string;
  body: string;
  name?: string;
  quotedProviderId?: string;
  /** Replays a delivery with this id (default: a fresh one). */
  providerId?: string;
  media?: { data: Buffer; mimetype: string; filename: string };
  /** The contact edits, reacts to ('' removes) or deletes the message `targetProviderId` instead of writing. */
  action?: 'edit' | 'reaction' | 'delete';
  targetProviderId?: string;
}

const PAIRING = { category: 'sandbox', keyId: 'pairing' };
const FINAL_ACK = 4;

export const newProviderId = (prefix: string) => `${prefix}${randomBytes(10).toString('hex').toUpperCase()}`;

function kindOf(mimetype: string): InboundKind {
  if (mimetype.startsWith('image/')) return 'image';
  if (mimetype.startsWith('audio/')) return 'audio';
  if (mimetype.startsWith('video/')) return 'video';
  return 'document';
}

/**
 * A simulated phone network, so the product can be tried (and tested) without a phone: the session
 * shows a QR that "scans itself", the phone number is fake, sent messages land in the sandboxOutbox
 * table with their ack rising 1 → 4, and contacts "write" through POST /api/sandbox/:id/inbound.
 * The pairing is kept like a real session's auth state, so a restart resumes without a new QR.
 */
export class SandboxProvider implements MessagingProvider {
  private state: 'stopped' | 'qrcode' | 'connected' = 'stopped';
  private scanTimer?: NodeJS.Timeout;
  private readonly ackTimers = new Set<NodeJS.Timeout>();
  private readonly number: string;

  constructor(private readonly ctx: ProviderContext, private readonly options: SandboxOptions) {
    this.number = `5500${String(ctx.whatsappId).padStart(9, '0')}`;
  }

  get connected() { return this.state === 'connected'; }

  private authKeys() {
    return ProviderAuthKey.scoped(this.ctx.companyId).where({ whatsappId: this.ctx.whatsappId, ...PAIRING });
  }

  async start(): Promise<void> {
    const paired = await this.authKeys().first();
    if (paired) {
      await this.ctx.events.onStatus('OPENING');
      await this.connect();
    } else {
      await this.showQr();
    }
  }

  private async showQr() {
    this.clearScan();
    this.state = 'qrcode';
    await this.ctx.events.onStatus('qrcode', { qrcode: `sandbox:${this.ctx.whatsappId}:${randomBytes(12).toString('base64url')}` });
    this.scanTimer = setTimeout(() => {
      this.scan().catch((err) => this.ctx.log.error({ err }, 'sandbox auto-scan failed'));
    }, this.options.autoScanMs);
  }

  /** The simulated phone scans the QR now. False when there is no QR to scan. */
  async scan(): Promise<boolean> {
    if (this.state !== 'qrcode') return false;
    this.clearScan();
    await ProviderAuthKey.scoped(this.ctx.companyId).insert({
      whatsappId: this.ctx.whatsappId, ...PAIRING, value: JSON.stringify({ number: this.number, pairedAt: dbNow() }),
    } as Partial<ProviderAuthKey>);
    await this.connect();
    return true;
  }

  private async connect() {
    this.state = 'connected';
    await this.ctx.events.onStatus('CONNECTED', { number: this.number });
    await this.resumeAcks();
  }

  async requestNewQr(): Promise<void> {
    this.stopTimers();
    await this.authKeys().delete();
    await this.showQr();
  }

  async stop(options: { logout?: boolean } = {}): Promise<void> {
    this.stopTimers();
    this.state = 'stopped';
    if (options.logout) await this.authKeys().delete();
  }

  async send(message: OutboundMessage): Promise<SentMessage> {
    if (!this.connected) throw new AppError('ERR_WAPP_NOT_INITIALIZED', 400, 'The sandbox connection is not connected');
    const providerId = newProviderId('SBX');
    await SandboxOutbox.scoped(this.ctx.companyId).insert({
      whatsappId: this.ctx.whatsappId,
      providerId,
      to: message.to,
      body: message.media?.caption ?? message.body ?? null,
      mediaUrl: message.media ? this.mediaUrl(message.media.path) : null,
      ack: 1,
      kind: 'message',
      quotedProviderId: message.quotedProviderId ?? null,
      forwarded: Boolean(message.forwarded),
    } as Partial<SandboxOutbox>);
    this.scheduleAck(providerId, 1);
    return { providerId, ack: 1 };
  }

  /** A public URL when the file is in the media storage; the file name otherwise. */
  private mediaUrl(file: string): string {
    const key = `${path.basename(path.dirname(file))}/${path.basename(file)}`;
    const storage = this.options.storage;
    if (storage && storage.resolve(key) === path.resolve(file)) return storage.url(key);
    return path.basename(file);
  }

  /** The simulated phone delivers then reads: one ack step per ackStepMs, each reported to the core. */
  private scheduleAck(providerId: string, current: number) {
    if (current >= FINAL_ACK || !this.connected) return;
    const timer = setTimeout(() => {
      this.ackTimers.delete(timer);
      void this.raiseAck(providerId, current + 1);
    }, this.options.ackStepMs);
    this.ackTimers.add(timer);
  }

  private async raiseAck(providerId: string, ack: number) {
    if (!this.connected) return;
    try {
      const changed = await SandboxOutbox.scoped(this.ctx.companyId)
        .where({ providerId, whatsappId: this.ctx.whatsappId }).where('ack', '<', ack).whereNull('deletedAt')
        .patch({ ack } as Partial<SandboxOutbox>);
      if (!changed) return;
      await this.ctx.events.onAck({ providerId, ack: ack as 2 | 3 | 4 });
      this.scheduleAck(providerId, ack);
    } catch (err) {
      this.ctx.log.error({ err, providerId }, 'sandbox ack failed');
    }
  }

  /** Messages sent before a restart carry on towards "read". */
  private async resumeAcks() {
    const rows = await SandboxOutbox.scoped(this.ctx.companyId)
      .where({ whatsappId: this.ctx.whatsappId }).where('ack', '<', FINAL_ACK).whereNull('deletedAt')
      .select('providerId', 'ack').limit(1000);
    for (const row of rows) this.scheduleAck(row.providerId, row.ack);
  }

  async deleteMessage(_to: string, providerId: string): Promise<void> {
    if (!this.connected) throw new AppError('ERR_WAPP_NOT_INITIALIZED', 400, 'The sandbox connection is not connected');
    const changed = await SandboxOutbox.scoped(this.ctx.companyId)
      .where({ providerId, whatsappId: this.ctx.whatsappId }).patch({ deletedAt: dbNow() } as Partial<SandboxOutbox>);
    if (!changed) throw new AppError('ERR_DELETE_WAPP_MSG', 400, 'No such message in the sandbox outbox');
  }

  /** The phone shows the new text of a message this connection sent, marked edited. */
  async editMessage(target: MessageTarget, body: string): Promise<void> {
    if (!this.connected) throw new AppError('ERR_WAPP_NOT_INITIALIZED', 400, 'The sandbox connection is not connected');
    const changed = await SandboxOutbox.scoped(this.ctx.companyId)
      .where({ providerId: target.providerId, whatsappId: this.ctx.whatsappId, kind: 'message' }).whereNull('deletedAt')
      .patch({ body, editedAt: dbNow() } as Partial<SandboxOutbox>);
    if (!changed) throw new AppError('ERR_EDIT_WAPP_MSG', 400, 'No such message in the sandbox outbox');
  }

  /** The phone receives a reaction: a row of its own, pointing at the message (ours or the contact's). */
  async react(target: MessageTarget, emoji: string): Promise<void> {
    if (!this.connected) throw new AppError('ERR_WAPP_NOT_INITIALIZED', 400, 'The sandbox connection is not connected');
    await SandboxOutbox.scoped(this.ctx.companyId).insert({
      whatsappId: this.ctx.whatsappId, providerId: newProviderId('SBXR'), to: target.to, body: emoji, mediaUrl: null,
      ack: FINAL_ACK, kind: 'reaction', targetProviderId: target.providerId, forwarded: false,
    } as Partial<SandboxOutbox>);
  }

  /** Every 8 to 15 digit number "exists" on the simulated network. */
  async checkNumber(number: string): Promise<{ exists: boolean; number: string }> {
    const digits = number.replace(/\D/g, '');
    return { exists: /^\d{8,15}$/.test(digits), number: digits };
  }

  async profilePictureUrl(): Promise<string | undefined> {
    return undefined;
  }

  /** A simulated contact starts or stops typing (or recording) in its chat with this connection. */
  simulatePresence(number: string, presence: ContactPresence): void {
    if (!this.connected) throw new AppError('ERR_WAPP_NOT_INITIALIZED', 400, 'The sandbox connection is not connected');
    this.ctx.events.onPresence?.({ from: number.replace(/\D/g, ''), presence });
  }

  /** A simulated contact writes to this connection; answers the new message's providerId. */
  async simulateInbound(input: SimulatedInbound): Promise<string> {
    if (!this.connected) throw new AppError('ERR_WAPP_NOT_INITIALIZED', 400, 'The sandbox connection is not connected');
    const providerId = input.providerId ?? newProviderId('SBXIN');
    if (input.action) {
      await this.ctx.events.onMessage({
        providerId, from: input.number.replace(/\D/g, ''), pushName: input.name, fromMe: false, isGroup: false,
        kind: input.action, body: input.body, targetProviderId: input.targetProviderId, timestamp: new Date(),
      });
      return providerId;
    }
    const media: InboundMedia | undefined = input.media
      ? { data: input.media.data, mimetype: input.media.mimetype, filename: input.media.filename }
      : undefined;
    await this.ctx.events.onMessage({
      providerId,
      from: input.number.replace(/\D/g, ''),
      pushName: input.name,
      fromMe: false,
      isGroup: false,
      kind: media ? kindOf(media.mimetype) : 'text',
      body: input.body,
      media,
      quotedProviderId: input.quotedProviderId,
      timestamp: new Date(),
    });
    return providerId;
  }

  private clearScan() {
    if (this.scanTimer) clearTimeout(this.scanTimer);
    this.scanTimer = undefined;
  }

  private stopTimers() {
    this.clearScan();
    for (const timer of this.ackTimers) clearTimeout(timer);
    this.ackTimers.clear();
  }
}
