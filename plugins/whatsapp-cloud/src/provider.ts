import { readFile } from 'node:fs/promises';
import type { AtriumSdk, MessageTarget, MessagingProvider, OutboundMessage, ProviderContext, SentMessage } from '@atrium/core/sdk';
import { GraphClient } from './graph.js';
import { acksOf, inboundOf, type CloudChangeValue } from './normalize.js';
import { CLOUD_TABLE, type CloudCredentials, type WhatsappCloudRow } from './settings.js';

export type CloudProviderDeps = Pick<AtriumSdk, 'http' | 'secrets' | 'db' | 'errors'>;

/** A template to send (the only message that may open a conversation outside the service window). */
export interface TemplateSend { name: string; language: string; parameters: string[] }

const graphMediaType = (mimetype: string, asVoice?: boolean): 'image' | 'audio' | 'video' | 'document' | 'sticker' => {
  if (mimetype === 'image/webp') return 'sticker';
  if (mimetype.startsWith('image/')) return 'image';
  if (mimetype.startsWith('audio/') || asVoice) return 'audio';
  if (mimetype.startsWith('video/')) return 'video';
  return 'document';
};

/**
 * The official WhatsApp Business Cloud API as a connection: no QR and no socket. Meta calls the
 * connection's webhook (whatsapp-cloud routes), which hands each delivery to `receive` in the process
 * that drives the session; sends are Graph API calls with the connection's token.
 */
export class CloudProvider implements MessagingProvider {
  private graph?: GraphClient;

  constructor(private readonly ctx: ProviderContext, private readonly deps: CloudProviderDeps) {}

  private async credentials(): Promise<CloudCredentials | undefined> {
    const row = await this.deps.db.table(CLOUD_TABLE, this.ctx.companyId).where({ whatsappId: this.ctx.whatsappId }).first() as WhatsappCloudRow | undefined;
    if (!row) return undefined;
    return {
      phoneNumberId: row.phoneNumberId, wabaId: row.wabaId, accessToken: this.deps.secrets.decrypt(row.accessToken),
      graphVersion: row.graphVersion, baseUrl: row.baseUrl,
    };
  }

  /** Connected once the Graph API answers for the number with the token; a refusal leaves it DISCONNECTED with the reason. */
  async start(): Promise<void> {
    const creds = await this.credentials();
    if (!creds) {
      await this.ctx.events.onStatus('DISCONNECTED', { reason: 'not configured' });
      return;
    }
    this.graph = new GraphClient(this.deps.http, creds, this.deps.errors);
    try {
      const phone = await this.graph.phoneNumber();
      await this.ctx.events.onStatus('CONNECTED', { number: (phone.display_phone_number ?? '').replace(/\D/g, '') || undefined });
    } catch (err) {
      this.ctx.log.warn({ err }, 'cloud connection refused by the Graph API');
      this.graph = undefined;
      await this.ctx.events.onStatus('DISCONNECTED', err instanceof this.deps.errors.AppError ? { reason: err.code, params: err.details } : { reason: 'ERR_CLOUD_API' });
    }
  }

  /** There is no QR: starting again re-reads the settings and checks the token. */
  async requestNewQr(): Promise<void> {
    await this.start();
  }

  async stop(): Promise<void> {
    this.graph = undefined;
  }

  private client(): GraphClient {
    if (!this.graph) throw new this.deps.errors.AppError('ERR_WAPP_NOT_INITIALIZED', 400, 'The cloud connection is not connected');
    return this.graph;
  }

  async send(message: OutboundMessage): Promise<SentMessage> {
    try {
      return await this.sendWith(this.client(), message);
    } catch (err) {
      // A token revoked or expired since the start: the connection shows it (no retry loop); saving a new one restarts it.
      if (err instanceof this.deps.errors.AppError && err.code === 'ERR_CLOUD_TOKEN_INVALID') {
        this.graph = undefined;
        await this.ctx.events.onStatus('DISCONNECTED', { reason: err.code, params: err.details });
      }
      throw err;
    }
  }

  private async sendWith(graph: GraphClient, message: OutboundMessage): Promise<SentMessage> {
    const context = message.quotedProviderId ? { context: { message_id: message.quotedProviderId } } : {};
    if (message.template) {
      const { name, language, parameters } = message.template;
      const components = parameters.length ? [{ type: 'body', parameters: parameters.map((text) => ({ type: 'text', text })) }] : [];
      return { providerId: await graph.sendMessage({ to: message.to, type: 'template', template: { name, language: { code: language }, components } }), ack: 1 };
    }
    if (message.media) {
      const { path, mimetype, filename, caption, asVoice } = message.media;
      const type = graphMediaType(mimetype, asVoice);
      const id = await graph.uploadMedia(await readFile(path), mimetype, filename);
      const media: Record<string, string> = { id };
      if (caption && type !== 'audio' && type !== 'sticker') media.caption = caption;
      if (type === 'document') media.filename = filename;
      return { providerId: await graph.sendMessage({ to: message.to, type, [type]: media, ...context }), ack: 1 };
    }
    return { providerId: await graph.sendMessage({ to: message.to, type: 'text', text: { body: message.body ?? '' }, ...context }), ack: 1 };
  }

  /** The Cloud API cannot delete a sent message for the customer. */
  async deleteMessage(): Promise<void> {
    throw new this.deps.errors.AppError('ERR_DELETE_WAPP_MSG', 400, 'The WhatsApp Cloud API cannot delete a sent message');
  }

  /** The Cloud API has no way to edit a sent message (Meta offers it only in its own apps). */
  async editMessage(): Promise<void> {
    throw new this.deps.errors.AppError('ERR_EDIT_WAPP_MSG', 400, 'The WhatsApp Cloud API cannot edit a sent message');
  }

  /** A reaction is a message of type "reaction" pointing at the message's id; an empty emoji removes it. */
  async react(target: MessageTarget, emoji: string): Promise<void> {
    await this.client().sendMessage({ to: target.to, type: 'reaction', reaction: { message_id: target.providerId, emoji } });
  }

  /** The Cloud API has no number lookup: a number is tried at send time (Meta answers 131026 when it cannot deliver). */
  async checkNumber(number: string): Promise<{ exists: boolean; number: string }> {
    const digits = number.replace(/\D/g, '');
    return { exists: /^\d{8,15}$/.test(digits), number: digits };
  }

  async profilePictureUrl(): Promise<string | undefined> {
    return undefined;
  }

  /** One webhook delivery's changes: messages to the pipeline (media downloaded lazily with the token), statuses as acks. */
  async receive(values: CloudChangeValue[]): Promise<void> {
    for (const value of values) {
      for (const item of inboundOf(value)) {
        const { mediaId } = item;
        const media = mediaId
          ? { data: async () => (await this.client().downloadMedia(mediaId)).data, mimetype: item.mimetype ?? 'application/octet-stream', filename: item.filename }
          : undefined;
        await this.ctx.events.onMessage({ ...item.message, media });
      }
      const { acks, failed } = acksOf(value);
      for (const ack of acks) await this.ctx.events.onAck(ack);
      for (const f of failed) await this.ctx.events.onAck({ providerId: f.providerId, ack: 0, error: `ERR_CLOUD_API: ${f.code ?? ''} ${f.title ?? ''}`.trim() });
    }
  }
}
