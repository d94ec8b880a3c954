import type { AtriumPlugin } from '@atrium/core/sdk';
import { integrationStore } from './store.js';
import { integrationRoutes } from './routes.js';
import { integrationResponder } from './responder.js';
import { dialogflowClient } from './dialogflow.js';

/**
 * Queue integrations (plan flag useIntegrations): CRUD at the spec's root paths (/queueIntegration) and a
 * responder at the chain's `integration` place running Typebot sessions, Dialogflow
 * detectIntent and signed n8n/webhook calls.
 */
const integrationsPlugin: AtriumPlugin = (sdk) => {
  const store = integrationStore(sdk);
  const dialogflow = dialogflowClient(sdk);
  sdk.responders.register(integrationResponder(sdk, store, dialogflow));
  return integrationRoutes(sdk, store, dialogflow);
};

export default integrationsPlugin;
