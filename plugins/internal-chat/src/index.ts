import type { AtriumPlugin } from '@atrium/core/sdk';
import { chatAudience } from './audience.js';
import { chatMessages } from './messages.js';
import { chatSchemas } from './schemas.js';
import { chatStore } from './store.js';
import { chatRoutes } from './routes/chats.js';
import { messageRoutes } from './routes/messages.js';

/**
 * The internal chat's backend (core §2, extended spec §3–§9 "Internal chat"): conversations between a
 * company's users. Mounted at the API root (plugin.json: prefix "/", the spec's `/chats`), every route
 * authenticated and guarded by the useInternalChat plan flag by the core. Events go to members only.
 */
const internalChatPlugin: AtriumPlugin = (sdk) => async (app) => {
  const schemas = chatSchemas(sdk.Type);
  const store = chatStore(sdk);
  const audience = chatAudience(sdk);
  await app.register(chatRoutes(sdk, schemas, store, audience));
  await app.register(messageRoutes(sdk, schemas, store, chatMessages(sdk), audience));
};

export default internalChatPlugin;
