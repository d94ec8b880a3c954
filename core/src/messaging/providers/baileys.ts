import { AppError } from '../../http/errors.js';
import type { MessagingProvider, OutboundMessage, ProviderContext, SentMessage } from '../provider.js';

// Placeholder until the Baileys provider lands (next commit): the session reports DISCONNECTED.
export class BaileysProvider implements MessagingProvider {
  constructor(private readonly ctx: ProviderContext) {}
  async start() { await this.ctx.events.onStatus('DISCONNECTED', { reason: 'baileys provider not built yet' }); }
  async requestNewQr() { await this.start(); }
  async stop() {}
  async send(_m: OutboundMessage): Promise<SentMessage> { throw new AppError('ERR_WAPP_NOT_INITIALIZED', 400); }
  async deleteMessage() { throw new AppError('ERR_WAPP_NOT_INITIALIZED', 400); }
  async checkNumber(number: string) { return { exists: false, number }; }
  async profilePictureUrl() { return undefined; }
}
