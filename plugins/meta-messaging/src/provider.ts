import { readFile } from 'node:fs/promises';
import type { AtriumSdk, MessagingProvider, OutboundMessage, ProviderContext, SentMessage } from '@atrium/core/sdk';
import { GraphClient } from './graph.js';
import { inboundOf, receiptOf, type MetaEvent, type Receipt } from './normalize.js';
import { PAGES_TABLE, SENT_TABLE, THREADS_TABLE, type MetaPageRow } from './settings.js';
import { windowRefusal, windowState } from './window.js';
import { INSTAGRAM_KIND, type MetaKind } from './kinds.js';

type Sdk = Pick<AtriumSdk, 'http' | 'errors' | 'secrets' | 'db' | 'clock'>;

/** The Send API's attachment type of a file. */
const attachmentType = (mimetype: string): 'image' | 'audio' | 'video' | 'file' => {
  if (mimetype.startsWith('image/')) return 'image';
  if (mimetype.startsWith('audio/')) return 'audio';
  if (mimetype.startsWith('video/')) return 'video';
  return 'file';
};

/**
 * A Page's Messenger conversations, or its Instagram account's, as a connection: no QR and no socket. Meta calls the
 * connection's webhook, which hands each delivery's events to `receive` where the session is driven; sends are Send
 * API calls with the Page access token, read from the connection's row on each call (a token saved anew is used at once).
 */
export class MetaProvider implements MessagingProvider {
  constructor(private readonly kind: MetaKind, private readonly ctx: ProviderContext, private readonly sdk: Sdk) {}

  private table(name: string) { return this.sdk.db.table(name, this.ctx.companyId); }

  private async page(): Promise<{ row: MetaPageRow; graph: GraphClient }> {
    const row = await this.table(PAGES_TABLE).where({ whatsappId: this.ctx.whatsappId }).first() as MetaPageRow | undefined;
    if (!row) throw new this.sdk.errors.AppError('ERR_WAPP_NOT_INITIALIZED', 400, 'The connection has no Page settings');
    return { row, graph: new GraphClient(this.sdk, this.sdk.secrets.decrypt(row.pageAccessToken), row.graphVersion) };
  }

  /** The id Meta addresses this connection by: the Page's, or its Instagram account's. */
  private ownId(row: MetaPageRow) { return this.kind === INSTAGRAM_KIND ? (row.instagramId ?? '') : row.pageId; }

  /** Connected once the Graph API answers for the Page (or the Instagram account) with the token. */
  async start(): Promise<void> {
    try {
      const { row, graph } = await this.page();
      await graph.node(this.ownId(row));
      await this.ctx.events.onStatus('CONNECTED');
    } catch (err) {
      const code = (err as { code?: string }).code ?? 'ERR_META_API';
      this.ctx.log.warn({ err }, 'meta page not connected');
      await this.ctx.events.onStatus('DISCONNECTED', { reason: code === 'ERR_WAPP_NOT_INITIALIZED' ? 'not configured' : code, params: (err as { details?: Record<string, unknown> }).details });
    }
  }

  async requestNewQr(): Promise<void> {
    await this.start();
  }

  async stop(): Promise<void> {}

  /**
   * A message through the Send API: RESPONSE within 24 hours of the person's last message, MESSAGE_TAG with
   * HUMAN_AGENT up to 7 days (the core's pre-send rule has let only a person's message through then), refused beyond.
   */
  async send(message: OutboundMessage): Promise<SentMessage> {
    try {
      return await this.sendNow(message);
    } catch (err) {
      // A token revoked or expired since the start: the connection shows it (no retry loop); saving a new one restarts it.
      if (err instanceof this.sdk.errors.AppError && err.code === 'ERR_META_TOKEN_INVALID') {
        await this.ctx.events.onStatus('DISCONNECTED', { reason: err.code, params: err.details });
      }
      throw err;
    }
  }

  private async sendNow(message: OutboundMessage): Promise<SentMessage> {
    const { row, graph } = await this.page();
    const thread = await this.table(THREADS_TABLE).where({ whatsappId: this.ctx.whatsappId, address: message.to }).first('lastInboundAt');
    const state = windowState(this.sdk.clock, thread ? Number(thread.lastInboundAt) : null);
    if (state === 'closed') throw windowRefusal(this.sdk.errors, 'closed', thread ? new Date(Number(thread.lastInboundAt)).toISOString() : null);
    const type = state === 'response' ? { messaging_type: 'RESPONSE' } : { messaging_type: 'MESSAGE_TAG', tag: 'HUMAN_AGENT' };
    const replyTo = message.quotedProviderId ? { reply_to: { mid: message.quotedProviderId.split('#')[0] } } : {};
    const recipient = { id: message.to };
    let mid: string;
    if (message.media) {
      const { path, mimetype, filename, caption } = message.media;
      const file = { data: await readFile(path), filename, mimetype };
      mid = await graph.send(row.pageId, { recipient, ...type, message: { attachment: { type: attachmentType(mimetype), payload: { is_reusable: false } } } }, file);
      // The Send API takes no caption with a file: it follows as its own message.
      if (caption) await graph.send(row.pageId, { recipient, ...type, message: { text: caption } });
    } else {
      mid = await graph.send(row.pageId, { recipient, ...type, message: { text: message.body ?? '', ...replyTo } });
    }
    await this.table(SENT_TABLE).insert({ whatsappId: this.ctx.whatsappId, address: message.to, mid, sentAt: this.sdk.clock.now().getTime() });
    return { providerId: mid, ack: 1 };
  }

  async deleteMessage(): Promise<void> {
    throw new this.sdk.errors.AppError('ERR_DELETE_WAPP_MSG', 400, 'Meta\'s Send API cannot delete a sent message');
  }

  async editMessage(): Promise<void> {
    throw new this.sdk.errors.AppError('ERR_EDIT_WAPP_MSG', 400, 'Meta\'s Send API cannot edit a sent message');
  }

  /** Not offered (capabilities.reactions is false): customers' reactions are read, the Page's are not sent. */
  async react(): Promise<void> {
    throw new this.sdk.errors.AppError('ERR_META_API', 400, 'Reactions are not sent on this channel');
  }

  /** A Page writes only to people who wrote to it (the channel does not start conversations). */
  async checkNumber(number: string): Promise<{ exists: boolean; number: string }> {
    return { exists: false, number };
  }

  async profilePictureUrl(): Promise<string | undefined> {
    return undefined;
  }

  /** One delivery's events: messages to the pipeline (attachments fetched lazily), receipts as acks. */
  async receive(events: MetaEvent[]): Promise<void> {
    const { row, graph } = await this.page();
    const own = this.ownId(row);
    for (const event of events) {
      const items = inboundOf(event, own);
      const firstMessage = items.length && event.message ? await this.touchThread(items[0].message.from, event.timestamp) : false;
      // A person first heard on this connection: their name from Meta, so the new contact is not shown as an id.
      const pushName = firstMessage ? await this.personName(graph, items[0].message.from) : undefined;
      for (const item of items) {
        const { url } = item;
        const media = url ? { data: () => graph.download(url), mimetype: item.mimetype ?? 'application/octet-stream', filename: item.filename } : undefined;
        await this.ctx.events.onMessage({ ...item.message, media, ...(pushName ? { pushName } : {}) });
      }
      const receipt = receiptOf(event);
      if (receipt) await this.acknowledge(receipt);
    }
  }

  /** A name is a courtesy: a refusal (a missing permission, a person who hid it) leaves the contact named by its id. */
  private async personName(graph: GraphClient, address: string): Promise<string | undefined> {
    try { return await graph.personName(address, this.kind === INSTAGRAM_KIND); } catch (err) {
      this.ctx.log.info({ err }, 'meta: no name for a new person');
      return undefined;
    }
  }

  /** The person's last message time on this connection (the window the next send is chosen by); true for their first. */
  private async touchThread(address: string, timestamp?: number): Promise<boolean> {
    const at = Math.min(timestamp && Number.isFinite(timestamp) ? timestamp : Infinity, this.sdk.clock.now().getTime());
    const key = { whatsappId: this.ctx.whatsappId, address };
    const current = await this.table(THREADS_TABLE).where(key).first('lastInboundAt');
    if (!current) {
      await this.table(THREADS_TABLE).insert({ ...key, lastInboundAt: at }).onConflict(['whatsappId', 'address']).merge(['lastInboundAt']);
      return true;
    }
    if (Number(current.lastInboundAt) < at) await this.table(THREADS_TABLE).where(key).update({ lastInboundAt: at });
    return false;
  }

  /** Delivered or read: the mids it names, and every message sent to the person up to its watermark. Read ones are forgotten. */
  private async acknowledge(receipt: Receipt) {
    const key = { whatsappId: this.ctx.whatsappId, address: receipt.address };
    let upTo = receipt.watermark;
    if (upTo === undefined && receipt.ack === 4 && receipt.mids.length) {
      const named = await this.table(SENT_TABLE).where(key).whereIn('mid', receipt.mids).max('sentAt as at').first() as { at?: number | string | null } | undefined;
      if (named?.at != null) upTo = Number(named.at);
    }
    const mids = new Set(receipt.mids);
    if (upTo !== undefined) {
      const rows = await this.table(SENT_TABLE).where(key).where('sentAt', '<=', upTo).select('mid') as Array<{ mid: string }>;
      for (const r of rows) mids.add(r.mid);
    }
    for (const providerId of mids) await this.ctx.events.onAck({ providerId, ack: receipt.ack });
    if (receipt.ack === 4 && mids.size) await this.table(SENT_TABLE).where(key).whereIn('mid', [...mids]).delete();
  }
}
