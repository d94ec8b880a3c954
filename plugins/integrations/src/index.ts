import type { AtriumPlugin } from '@atrium/core/sdk';
import { integrationStore } from './store.js';
import { integrationRoutes } from './routes.js';
import { integrationResponder } from './responder.js';
import { dialogflowClient } from './dialogflow.js';
import { registerPrivacy } from './privacy.js';

/**
 * Queue integrations (plan flag useIntegrations): CRUD at the spec's root paths (/queueIntegration) and a
 * responder at the chain's `integration` place running Typebot sessions, Dialogflow
 * detectIntent and signed n8n/webhook calls.
 */
const integrationsPlugin: AtriumPlugin = (sdk) => {
  const store = integrationStore(sdk);
  // Queues, connections and tickets point at integrations: the core checks their integrationId against this table.
  sdk.references.define('integration', { table: 'queueIntegrations', code: 'ERR_NO_INTEGRATION_FOUND' });
  const dialogflow = dialogflowClient(sdk);
  sdk.responders.register(integrationResponder(sdk, store, dialogflow));
  registerPrivacy(sdk);
  return integrationRoutes(sdk, store, dialogflow);
};

export default integrationsPlugin;
