import type { AtriumPlugin } from '@atrium/core/sdk';
import { kanbanSchemas } from './schemas.js';
import { boardRoutes } from './routes/board.js';
import { ticketTagRoutes } from './routes/ticket-tags.js';

/**
 * The kanban plugin's backend (extended spec §2, §6, §7): lanes are the company's kanban tags;
 * a card moves by swapping its kanban tag. Mounted at the API root (plugin.json: prefix "/"),
 * every route authenticated and guarded by the useKanban plan flag by the core.
 */
const kanbanPlugin: AtriumPlugin = (sdk) => async (app) => {
  const schemas = kanbanSchemas(sdk.Type);
  await app.register(boardRoutes(sdk, schemas));
  await app.register(ticketTagRoutes(sdk, schemas));
};

export default kanbanPlugin;
