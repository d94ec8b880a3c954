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

    app.get('/tags/kanban', {
      schema: {
        tags: ['kanban'],
        summary: 'The company\'s kanban tags (one lane each)',
        response: { 200: s.LanesReply },
      },
    }, async (request) => ({ lista: await listLaneTags(sdk, request.user.companyId) }));
  };
}
