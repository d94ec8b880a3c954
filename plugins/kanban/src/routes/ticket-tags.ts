import type { AtriumSdk, TypeBoxTypeProvider } from '@atrium/core/sdk';
import type { FastifyInstance } from 'fastify';
import { findTicketCard } from '../cards.js';
import { addTag, assertKanbanTag, assertTicket, removeKanbanTags } from '../ticket-tags.js';
import type { KanbanSchemas } from '../schemas.js';

/**
 * Moving a card: DELETE /ticket-tags/:ticketId takes the ticket out of its lane, PUT
 * /ticket-tags/:ticketId/:tagId puts it in another. Each change emits company-{id}-ticket.
 */
export function ticketTagRoutes(sdk: AtriumSdk, s: KanbanSchemas) {
  async function announce(companyId: number, ticketId: number) {
    const ticket = (await findTicketCard(sdk, companyId, ticketId))!;
    sdk.bus.emit(companyId, 'ticket', { action: 'update', ticket });
    return { ticket };
  }

  return async (scope: FastifyInstance) => {
    const app = scope.withTypeProvider<TypeBoxTypeProvider>();

    app.delete('/ticket-tags/:ticketId', {
      schema: {
        tags: ['kanban'],
        summary: 'Removes the ticket\'s kanban tags (back to the open lane)',
        params: s.TicketParams,
        response: { 200: s.TicketReply, 404: s.ErrorReply },
      },
    }, async (request) => {
      const { companyId } = request.user;
      await assertTicket(sdk, companyId, request.params.ticketId);
      await removeKanbanTags(sdk, companyId, request.params.ticketId);
      return announce(companyId, request.params.ticketId);
    });

    app.put('/ticket-tags/:ticketId/:tagId', {
      schema: {
        tags: ['kanban'],
        summary: 'Adds a kanban tag to the ticket (after DELETE: moves it to that lane)',
        params: s.TicketTagParams,
        response: { 200: s.TicketReply, 400: s.ErrorReply, 404: s.ErrorReply },
      },
    }, async (request) => {
      const { companyId } = request.user;
      const { ticketId, tagId } = request.params;
      await assertTicket(sdk, companyId, ticketId);
      await assertKanbanTag(sdk, companyId, tagId);
      await addTag(sdk, ticketId, tagId);
      return announce(companyId, ticketId);
    });
  };
}
