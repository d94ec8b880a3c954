import type { AtriumSdk, TypeBoxTypeProvider } from '@atrium/core/sdk';
import type { FastifyInstance } from 'fastify';
import { findTicketCard } from '../cards.js';
import { addTag, assertKanbanTag, assertTicket, removeKanbanTags } from '../ticket-tags.js';
import type { KanbanSchemas } from '../schemas.js';

/**
 * Moving a card: DELETE /ticket-tags/:ticketId takes the ticket out of its lane, PUT
 * /ticket-tags/:ticketId/:tagId puts it in another. Each change is announced by the core
 * (company-{id}-ticket with the core's ticket view, to those who may see the ticket); the
 * answer is the card.
 */
export function ticketTagRoutes(sdk: AtriumSdk, s: KanbanSchemas) {
  async function announce(companyId: number, ticketId: number, userId: number) {
    await sdk.services.tickets.emitChange(companyId, ticketId, { changed: ['tags'], userId });
    return { ticket: (await findTicketCard(sdk, companyId, ticketId))! };
  }

  return async (scope: FastifyInstance) => {
    const app = scope.withTypeProvider<TypeBoxTypeProvider>();

    app.delete('/ticket-tags/:ticketId', {
      schema: {
        tags: ['kanban'],
        summary: 'Removes the ticket\'s kanban tags (back to the open lane)',
        params: s.TicketParams,
        response: { 200: s.TicketReply, 403: s.ErrorReply, 404: s.ErrorReply },
      },
    }, async (request) => {
      const { companyId } = request.user;
      await assertTicket(sdk, request.user, request.params.ticketId);
      await removeKanbanTags(sdk, companyId, request.params.ticketId);
      return announce(companyId, request.params.ticketId, request.user.id);
    });

    app.put('/ticket-tags/:ticketId/:tagId', {
      schema: {
        tags: ['kanban'],
        summary: 'Adds a kanban tag to the ticket (after DELETE: moves it to that lane)',
        params: s.TicketTagParams,
        response: { 200: s.TicketReply, 400: s.ErrorReply, 403: s.ErrorReply, 404: s.ErrorReply },
      },
    }, async (request) => {
      const { companyId } = request.user;
      const { ticketId, tagId } = request.params;
      await assertTicket(sdk, request.user, ticketId);
      await assertKanbanTag(sdk, companyId, tagId);
      await addTag(sdk, companyId, ticketId, tagId);
      return announce(companyId, ticketId, request.user.id);
    });
  };
}
