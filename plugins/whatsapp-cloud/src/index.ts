import type { AtriumPlugin } from '@atrium/core/sdk';
import { registerCloudProvider } from './provider-registration.js';
import { cloudRoutes } from './routes.js';
import { cloudTemplates } from './templates.js';

/**
 * The official WhatsApp Business Cloud API as a channel (plan flag useWhatsappCloud): the `cloud` connection kind
 * (sdk.providers: the provider, its capabilities, its settings door, its templates and 24-hour window rule) and its
 * routes under /api/whatsapp-cloud (settings, Meta's webhook, templates, a ticket's service window).
 */
const whatsappCloudPlugin: AtriumPlugin = (sdk) => {
  const templates = cloudTemplates(sdk);
  registerCloudProvider(sdk, templates);
  return cloudRoutes(sdk, templates);
};

export default whatsappCloudPlugin;
