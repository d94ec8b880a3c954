import { randomBytes } from 'node:crypto';
import { Type as T, type AtriumPlugin, type ChannelCapabilities, type TypeBoxTypeProvider } from '@atrium/core/sdk';
import { BOT_TOKEN, BotApi } from './bot-api.js';
import { TelegramProvider } from './provider.js';
import type { TgUpdate } from './normalize.js';

export const TELEGRAM_KIND = 'telegram';
const RECEIVE = 'telegram.receive';

/**
 * What a bot can do (core.telegram.org/bots/api): files sent up to 50 MB (photos 10 MB), edits and deletions of its
 * messages for 48 hours, reactions, replies; no templates and no service window; a bot writes only to chats that
 * started it, so it does not start conversations; private chats only for now.
 */
export const TELEGRAM_CAPABILITIES: ChannelCapabilities = {
  addressing: 'opaque', text: true,
  media: { image: { maxBytes: 10 << 20 }, audio: { maxBytes: 50 << 20 }, video: { maxBytes: 50 << 20 }, document: { maxBytes: 50 << 20 } },
  reply: true, reactions: true, edit: { windowMinutes: 48 * 60 }, delete: true, templates: false, serviceWindow: null,
  typing: false, readReceipts: false, startConversation: false, groups: false,
};

/** The updates the webhook asks for. */
const ALLOWED_UPDATES = ['message', 'edited_message', 'message_reaction'];

const Settings = T.Object({ botToken: T.String({ minLength: 1, maxLength: 200 }) }, { additionalProperties: false });
const ConnectionParams = T.Object({ whatsappId: T.Integer({ minimum: 1, maximum: 2_147_483_647 }) });
const WebhookParams = T.Object({ publicId: T.String({ minLength: 1, maxLength: 40, pattern: '^[a-f0-9]+$' }) });
const Update = T.Object({ update_id: T.Integer({ minimum: 0 }) }, { additionalProperties: true });

/**
 * Telegram (plan flag useTelegram): a connection kind whose settings are a bot token (sealed), a webhook per
 * connection checked by its secret token, and a provider speaking the Bot API (docs/channels.md, "Telegram").
 */
const telegramPlugin: AtriumPlugin = (sdk) => {
  const SettingsView = T.Object({
    whatsappId: T.Integer(), configured: T.Boolean(), botToken: T.Union([sdk.secrets.SecretString(), T.Null()]),
    botUsername: T.Union([T.String(), T.Null()]), webhookUrl: T.Union([T.String(), T.Null()]),
  });
  const webhookUrl = (publicId: string) => sdk.publicRoutes.publicUrl(`/webhook/${publicId}`);

  sdk.providers.register(TELEGRAM_KIND, {
    create: (ctx) => new TelegramProvider(ctx, sdk),
    capabilities: TELEGRAM_CAPABILITIES,
    // How the console shows the channel (ticket list, header, channel filter, connection form).
    icon: 'pi pi-telegram',
    label: { pt: 'Telegram', en: 'Telegram', es: 'Telegram' },
    settings: {
      schema: Settings,
      required: true,
      // In the connection's transaction: the token is checked (getMe) and the webhook set before anything is kept.
      async save({ companyId, whatsappId, values, trx }) {
        // A connection route is the core's (no plan check of this plugin's): a plan without Telegram makes no bot.
        if (!(await sdk.tenancy.hasFlag(companyId, 'useTelegram'))) {
          throw new sdk.errors.AppError('ERR_PLAN_FEATURE_DISABLED', 403, 'The company\'s plan does not include Telegram');
        }
        const current = await trx('telegramBots').where({ companyId, whatsappId }).first();
        const sealed = sdk.secrets.keepSecretIfMasked(values.botToken as string, current?.botToken);
        const token = sealed ? sdk.secrets.decrypt(sealed) : '';
        if (!BOT_TOKEN.test(token)) {
          throw new sdk.errors.AppError('ERR_VALIDATION', 400, 'Not a bot token (BotFather gives "123456:ABC…")', { field: 'body/settings/botToken' });
        }
        const publicId: string = current?.publicId ?? randomBytes(16).toString('hex');
        const secretToken = current ? sdk.secrets.decrypt(current.secretToken) : randomBytes(32).toString('base64url');
        const api = new BotApi(sdk, token);
        let me;
        try {
          me = await api.getMe();
        } catch (err) {
          const code = (err as { code?: string }).code;
          if (code === 'ERR_TELEGRAM_TOKEN_INVALID') throw new sdk.errors.AppError(code, 400, 'Telegram does not accept the bot token', { field: 'body/settings/botToken' });
          throw err;
        }
        await api.call('setWebhook', { url: webhookUrl(publicId), secret_token: secretToken, allowed_updates: ALLOWED_UPDATES });
        const row = { botToken: sealed, secretToken: sdk.secrets.encrypt(secretToken), botId: String(me.id), botUsername: me.username ?? null };
        if (current) await trx('telegramBots').where({ companyId, id: current.id }).update(row);
        else await trx('telegramBots').insert({ companyId, whatsappId, publicId, ...row });
      },
    },
    operations: {
      receive: async (provider, [update]) => {
        if (!(provider instanceof TelegramProvider)) throw new Error('not a telegram connection');
        await provider.receive(update as TgUpdate);
        return true;
      },
    },
  });

  return async (scope) => {
    const app = scope.withTypeProvider<TypeBoxTypeProvider>();

    // The connection form's read: the token masked, the bot's name and the webhook Telegram calls.
    app.get('/connections/:whatsappId', {
      preHandler: sdk.requireAdmin,
      schema: { params: ConnectionParams, response: { 200: SettingsView } },
    }, async (request) => {
      const { companyId } = request.user;
      const connection = await sdk.services.connections.find(companyId, request.params.whatsappId);
      if (!connection) throw sdk.errors.notFound('ERR_NO_WAPP_FOUND');
      const row = await sdk.db.table('telegramBots', companyId).where({ whatsappId: connection.id }).first();
      return {
        whatsappId: connection.id, configured: Boolean(row), botToken: row?.botToken ?? null,
        botUsername: row?.botUsername ?? null, webhookUrl: row ? webhookUrl(row.publicId) : null,
      };
    });

    // Telegram's deliveries: the secret token header (constant time), then each update once, where the session runs.
    app.post('/webhook/:publicId', {
      config: { public: true },
      schema: { params: WebhookParams, body: Update, response: { 200: T.Object({ ok: T.Boolean() }) } },
    }, async (request) => {
      const bot = await sdk.publicRoutes.authenticate<{ companyId: number; whatsappId: number }>(request, {
        table: 'telegramBots', publicId: request.params.publicId, secretColumn: 'secretToken',
        check: { secretHeader: 'x-telegram-bot-api-secret-token' },
      });
      const companyId = Number(bot.companyId);
      const key = { whatsappId: Number(bot.whatsappId), updateId: request.body.update_id };
      try {
        await sdk.db.table('telegramUpdates', companyId).insert({ ...key, receivedAt: new Date().toISOString().replace('T', ' ').slice(0, 23) });
      } catch (err) {
        if (sdk.errors.isUniqueViolation(err)) return { ok: true }; // delivered again: taken already
        throw err;
      }
      try {
        await sdk.providers.run(key.whatsappId, RECEIVE, [request.body]);
      } catch (err) {
        // Not taken: Telegram delivers it again.
        await sdk.db.table('telegramUpdates', companyId).where(key).delete();
        throw err;
      }
      return { ok: true };
    });
  };
};

export default telegramPlugin;
