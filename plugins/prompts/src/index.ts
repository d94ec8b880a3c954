import type { AtriumPlugin } from '@atrium/core/sdk';
import { promptStore } from './store.js';
import { promptRoutes } from './routes.js';
import { promptResponder } from './responder.js';

/**
 * AI prompts (plan flag useOpenAi): CRUD at the spec's root paths (/prompt) and a responder at the chain's
 * `prompt` place that answers with an OpenAI-compatible model (the core's `sdk.bots.openai`).
 */
const promptsPlugin: AtriumPlugin = (sdk) => {
  const store = promptStore(sdk);
  // Queues and connections point at prompts: the core checks their promptId against this table.
  sdk.references.define('prompt', { table: 'prompts', code: 'ERR_NO_PROMPT_FOUND' });
  sdk.responders.register(promptResponder(sdk, store));
  return promptRoutes(sdk, store);
};

export default promptsPlugin;
