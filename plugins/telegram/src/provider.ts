import { readFile } from 'node:fs/promises';
import type {
  AtriumSdk, MessageTarget, MessagingProvider, OutboundMessage, ProviderContext, SentMessage,
} from '@atrium/core/sdk';
import { BotApi, type FilePart } from './bot-api.js';
import { inboundOf, messageIdOf, providerIdOf, type TgUpdate } from './normalize.js';

type Sdk = Pick<AtriumSdk, 'http' | 'errors' | 'secrets' | 'db'>;

/** The Bot API method and file field a file is sent with. */
function sendMethodOf(mimetype: string, asVoice?: boolean): { method: string; field: string } {
  if (asVoice || mimetype === 'audio/ogg') return { method: 'sendVoice', field: 'voice' };
  if (/^image\/(jpeg|png|gif)$/.test(mimetype)) return { method: 'sendPhoto', field: 'photo' };
  if (mimetype.startsWith('video/')) return { method: 'sendVideo', field: 'video' };
  return { method: 'sendDocument', field: 'document' };
}

/**
 * A Telegram bot as a connection: no QR and no socket. Telegram calls the plugin's webhook, which hands each update
 * to `receive` where the session is driven (sdk.providers.run); sends are Bot API calls with the bot's token, read
 * from the connection's row on each call (a token saved anew is used at once).
 */
export class TelegramProvider implements MessagingProvider {
  constructor(private readonly ctx: ProviderContext, private readonly sdk: Sdk) {}

  private async api(): Promise<BotApi> {
    const row = await this.sdk.db.table('telegramBots', this.ctx.companyId).where({ whatsappId: this.ctx.whatsappId }).first('botToken');
    if (!row) throw new this.sdk.errors.AppError('ERR_WAPP_NOT_INITIALIZED', 400, 'The Telegram connection has no bot token');
    return new BotApi(this.sdk, this.sdk.secrets.decrypt(row.botToken));
  }

  /** Connected once getMe answers with the token; a refused token leaves it DISCONNECTED with the reason. */
  async start(): Promise<void> {
    try {
      const me = await (await this.api()).getMe();
      this.ctx.log.info({ botId: me.id }, 'telegram bot connected');
      await this.ctx.events.onStatus('CONNECTED');
    } catch (err) {
      const code = (err as { code?: string }).code ?? 'ERR_TELEGRAM_API';
      this.ctx.log.warn({ err }, 'telegram bot not connected');
      await this.ctx.events.onStatus('DISCONNECTED', { reason: code === 'ERR_WAPP_NOT_INITIALIZED' ? 'not configured' : code, params: (err as { details?: Record<string, unknown> }).details });
    }
  }

  async requestNewQr(): Promise<void> {
    await this.start();
  }

  async stop(): Promise<void> {}

  async send(message: OutboundMessage): Promise<SentMessage> {
    const api = await this.api();
    const chatId = message.to;
    const reply = message.quotedProviderId ? { reply_parameters: { message_id: messageIdOf(message.quotedProviderId), allow_sending_without_reply: true } } : {};
    let sent;
    if (message.media) {
      const { path, mimetype, filename, caption, asVoice } = message.media;
      const { method, field } = sendMethodOf(mimetype, asVoice);
      const file: FilePart = { field, data: await readFile(path), filename, mimetype };
      sent = await api.upload<{ message_id: number }>(method, {
        chat_id: chatId, caption: caption || undefined,
        reply_parameters: reply.reply_parameters ? JSON.stringify(reply.reply_parameters) : undefined,
      }, file);
    } else {
      sent = await api.call<{ message_id: number }>('sendMessage', { chat_id: chatId, text: message.body ?? '', ...reply });
    }
    return { providerId: providerIdOf(chatId, sent.message_id), ack: 1 };
  }

  async deleteMessage(to: string, providerId: string): Promise<void> {
    await (await this.api()).call('deleteMessage', { chat_id: to, message_id: messageIdOf(providerId) });
  }

  async editMessage(target: MessageTarget, body: string): Promise<void> {
    await (await this.api()).call('editMessageText', { chat_id: target.to, message_id: messageIdOf(target.providerId), text: body });
  }

  /** '' removes the bot's reaction. */
  async react(target: MessageTarget, emoji: string): Promise<void> {
    await (await this.api()).call('setMessageReaction', {
      chat_id: target.to, message_id: messageIdOf(target.providerId), reaction: emoji ? [{ type: 'emoji', emoji }] : [],
    });
  }

  /** A bot cannot look a person up: it writes only to chats that wrote to it (the channel does not start conversations). */
  async checkNumber(number: string): Promise<{ exists: boolean; number: string }> {
    return { exists: false, number };
  }

  async profilePictureUrl(): Promise<string | undefined> {
    return undefined;
  }

  /** One webhook update: its message (file fetched lazily with the token), edit or reaction to the pipeline. */
  async receive(update: TgUpdate): Promise<void> {
    for (const item of inboundOf(update)) {
      const { fileId } = item;
      const media = fileId
        ? { data: async () => (await this.api()).download(fileId), mimetype: item.mimetype ?? 'application/octet-stream', filename: item.filename }
        : undefined;
      await this.ctx.events.onMessage({ ...item.message, media });
    }
  }
}
