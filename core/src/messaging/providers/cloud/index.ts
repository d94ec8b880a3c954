import type { OutboundHttp } from '../../../outbound-http/index.js';
import type { Secrets } from '../../../secrets/index.js';
import type { Clock } from '../../../clock/index.js';
import type { ProvidersApi } from '../registry.js';
import { CloudProvider } from './provider.js';
import type { CloudChangeValue } from './normalize.js';
import { assertWindowOpen } from './window.js';

export const CLOUD_KIND = 'cloud';
/** The operation the webhook runs where the connection's session is driven. */
export const CLOUD_RECEIVE = 'cloud.receive';

/**
 * The Cloud API provider is registered like a plugin's would be (sdk.providers): the session manager builds
 * it for `provider: 'cloud'` connections, its window rule runs before every free-form send of theirs, and the
 * webhook hands deliveries to it through `providers.run`.
 */
export function registerCloudProvider(providers: ProvidersApi, deps: { http: OutboundHttp; secrets: Secrets; clock: Clock }) {
  providers.register(CLOUD_KIND, {
    create: (ctx) => new CloudProvider(ctx, deps),
    capabilities: {
      addressing: 'phone', text: true,
      media: { image: { maxBytes: 5 << 20 }, audio: { maxBytes: 16 << 20 }, video: { maxBytes: 16 << 20 }, document: { maxBytes: 100 << 20 }, sticker: { maxBytes: 100 << 10 } },
      reply: true, reactions: true, edit: false, delete: false, templates: true, serviceWindow: { hours: 24, rule: 'templates' },
      typing: false, readReceipts: true, startConversation: true, groups: false,
    },
    async beforeSend({ companyId, whatsappId, contactId }) {
      await assertWindowOpen(companyId, whatsappId, contactId, deps.clock);
    },
    operations: {
      receive: async (provider, [values]) => {
        if (!(provider instanceof CloudProvider)) throw new Error('not a cloud connection');
        await provider.receive(values as CloudChangeValue[]);
        return true;
      },
    },
  });
}
