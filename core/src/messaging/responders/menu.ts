import type { createChatbot } from '../chatbot.js';
import type { PipelineDeps } from '../deps.js';
import type { Responder } from './types.js';

/**
 * The core's queue option menu (chatbot.ts) as the chain's last responder. It holds the ticket while
 * its menu is open (ticket.chatbot), so the contact's answers come straight back to it, and lets go
 * when a queue or a leaf option is reached.
 */
export function createMenuResponder(deps: PipelineDeps, chatbot: ReturnType<typeof createChatbot>): Responder {
  return {
    id: 'menu',
    place: 'menu',
    async handle(ctx) {
      const conn = await deps.connections.get(ctx.companyId, ctx.connection.id);
      if (!conn) return false;
      const settings = await deps.settings.all(ctx.companyId);
      const acted = await chatbot.handle({
        companyId: ctx.companyId, ticket: ctx.ticket, contact: ctx.contact, conn, settings, body: ctx.message.body ?? '', isNewTicket: ctx.isNewTicket,
      });
      if (acted && !ctx.ticket.chatbot) await ctx.release();
      return acted;
    },
  };
}
