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
