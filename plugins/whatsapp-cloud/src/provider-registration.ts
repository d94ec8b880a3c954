import type { AtriumSdk } from '@atrium/core/sdk';
import { CloudProvider } from './provider.js';
import type { CloudChangeValue } from './normalize.js';
import { CLOUD_KIND } from './kind.js';
import { settingsSchemas, type SettingsBody as SettingsBodyValues } from './schemas.js';
import { CLOUD_TABLE, type WhatsappCloudRow } from './settings.js';
import { cloudSettingsValues } from './settings-values.js';
import type { CloudTemplates } from './templates.js';
import { assertWindowOpen } from './window.js';

/**
 * The Cloud API as a connection kind (sdk.providers): the session manager builds a CloudProvider for `provider:
 * 'cloud'` connections, the settings door stores the Graph settings with the connection, the window rule runs
 * before every free-form send of theirs, and the webhook hands deliveries to the provider through `providers.run`.
 */
export function registerCloudProvider(sdk: AtriumSdk, templates: CloudTemplates) {
  const { SettingsBody } = settingsSchemas(sdk);
  sdk.providers.register(CLOUD_KIND, {
    create: (ctx) => new CloudProvider(ctx, sdk),
    capabilities: {
      addressing: 'phone', text: true,
      media: { image: { maxBytes: 5 << 20 }, audio: { maxBytes: 16 << 20 }, video: { maxBytes: 16 << 20 }, document: { maxBytes: 100 << 20 }, sticker: { maxBytes: 100 << 10 } },
      reply: true, reactions: true, edit: false, delete: false, templates: true, serviceWindow: { hours: 24, rule: 'templates' },
      typing: false, readReceipts: true, startConversation: true, groups: false,
    },
    icon: 'pi pi-whatsapp',
    label: { pt: 'API Cloud do WhatsApp (oficial)', en: 'WhatsApp Cloud API (official)', es: 'API Cloud de WhatsApp (oficial)' },
    // A connection is created with its Graph settings in one step (none exists without them); a PUT may change them.
    settings: {
      schema: SettingsBody,
      required: true,
      async save({ companyId, whatsappId, values, db }) {
        const table = () => db!.table(CLOUD_TABLE, companyId);
        const current = await table().where({ whatsappId }).first() as WhatsappCloudRow | undefined;
        const row = cloudSettingsValues(sdk.secrets, values as SettingsBodyValues, current);
        const at = new Date().toISOString().replace('T', ' ').replace('Z', '');
        if (current) await table().where({ id: current.id }).update({ ...row, updatedAt: at });
        else await table().insert({ whatsappId, ...row, createdAt: at, updatedAt: at });
        await templates.forget(companyId, whatsappId);
      },
    },
    templates,
    async beforeSend({ companyId, whatsappId, contactId }) {
      await assertWindowOpen(sdk, companyId, whatsappId, contactId);
    },
    operations: {
      // New settings saved: the running provider reads them again and checks the token (no QR to show).
      reload: async (provider) => {
        if (!(provider instanceof CloudProvider)) throw new Error('not a cloud connection');
        await provider.start();
        return true;
      },
      receive: async (provider, [values]) => {
        if (!(provider instanceof CloudProvider)) throw new Error('not a cloud connection');
        await provider.receive(values as CloudChangeValue[]);
        return true;
      },
    },
  });
}
