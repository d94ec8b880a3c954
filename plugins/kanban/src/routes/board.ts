import type { AtriumSdk, TypeBoxTypeProvider } from '@atrium/core/sdk';
import type { FastifyInstance } from 'fastify';
import { boardScope, parseQueueIds } from '../access.js';
import { listBoardTickets, listLaneTags } from '../cards.js';
import type { KanbanSchemas } from '../schemas.js';

/** GET /ticket/kanban (the cards) and GET /tags/kanban (the lanes). */
export function boardRoutes(sdk: AtriumSdk, s: KanbanSchemas) {
  return async (scope: FastifyInstance) => {
    const app = scope.withTypeProvider<TypeBoxTypeProvider>();

    app.get('/ticket/kanban', {
      schema: {
        tags: ['kanban'],
        summary: 'Live tickets for the board: every queue for admins, the user\'s own queues otherwise',
        querystring: s.BoardQuery,
        response: { 200: s.TicketsReply, 400: s.ErrorReply },
      },
    }, async (request) => {
      const requested = parseQueueIds(sdk, request.query.queueIds);
      const access = await boardScope(sdk, request.user, requested, request.query.showAll ?? false);
      return { tickets: await listBoardTickets(sdk, request.user.companyId, access) };
    });

    // The lanes belong to this plan-gated plugin. If the core also defines the route (a clash
    // that would stop the server), keep the server up, say so loudly, and let the tests flag it.
    if (scope.hasRoute({ method: 'GET', url: `${scope.prefix}/tags/kanban` })) {
      sdk.log.warn('kanban: GET /tags/kanban is already defined outside the kanban plugin; the plugin\'s plan-gated route is not registered. Remove the other one.');
      return;
    }
    app.get('/tags/kanban', {
      schema: {
        tags: ['kanban'],
        summary: 'The company\'s kanban tags (one lane each)',
        response: { 200: s.LanesReply },
      },
    }, async (request) => ({ lista: await listLaneTags(sdk, request.user.companyId) }));
  };
}
