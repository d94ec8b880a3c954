import type { AtriumPlugin } from '@atrium/core/sdk';
import { registerContactLists } from './lists.js';
import { registerImport } from './import.js';
import { registerExport } from './export.js';
import { registerSettings } from './settings-routes.js';
import { registerCampaigns } from './campaigns.js';
import { campaignStore } from './store.js';
import { createDispatcher } from './dispatch.js';
import { createValidityChecker } from './validity.js';
import { registerSample } from './sample.js';
import { registerGate } from './gate.js';
import { registerPrivacy } from './privacy.js';

/**
 * Campaigns (ext §2–§9 "Campaigns", "Contact lists"): contact lists and items, campaign settings, campaigns
 * and their durable, paced dispatch. Mounted at the API root (the spec's /campaigns, /contact-lists …).
 */
const campaignsPlugin: AtriumPlugin = (sdk) => {
  const store = campaignStore(sdk);
  sdk.references.define('contactList', { table: 'contactLists', code: 'ERR_NO_CONTACT_LIST_FOUND' });
  const dispatcher = createDispatcher(sdk, store);
  const validity = createValidityChecker(sdk);
  registerPrivacy(sdk);
  return async (app) => {
    registerGate(app, sdk);
    registerSample(app, sdk);
    registerContactLists(app, sdk, validity);
    registerImport(app, sdk, validity);
    registerExport(app, sdk);
    registerSettings(app, sdk);
    registerCampaigns(app, sdk, store, dispatcher);
  };
};

export default campaignsPlugin;
