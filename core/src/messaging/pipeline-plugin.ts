import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../http/errors.js';
import { createInactivity } from '../domains/tickets/inactivity.js';
import { createTicketService, type TicketService } from '../domains/tickets/service.js';
import { createChatbot } from './chatbot.js';
import { ConnectionCache } from './connection-cache.js';
import type { InboundHandler, PipelineDeps, SessionsLike } from './deps.js';
import { createInboundHandler } from './inbound.js';
import { createSender, type MessageSender } from './outbound.js';

/** The pipeline's parts, for the ticket and message routes (and tests). */
export interface Pipeline {
  deps: PipelineDeps;
  sender: MessageSender;
  tickets: TicketService;
  inbound: InboundHandler;
  connections: ConnectionCache;
}

declare module 'fastify' {
  interface FastifyInstance { pipeline: Pipeline }
}

/** The published messaging service (sdk.services.messages): schedules, campaigns and the external API send through it. */
export interface MessagesService {
  send: MessageSender['send'];
  sendToContact: MessageSender['sendToContact'];
}

const sessionsOf = (app: FastifyInstance) => (app as unknown as { sessions?: SessionsLike }).sessions;

/**
 * Inbound pipeline and outbound sender, wired to the session manager: providers report messages,
 * acks and calls to the handler set here; sends go to `app.sessions.provider(whatsappId)`.
 */
export const pipelinePlugin = fp(async (app: FastifyInstance) => {
  const connections = new ConnectionCache();
  const deps: PipelineDeps = {
    knex: app.knex, bus: app.bus, hooks: app.hooks, storage: app.storage, jobs: app.jobs,
    settings: app.tenancy.settings, connections, log: app.log,
    provider(whatsappId) {
      const sessions = sessionsOf(app);
      if (!sessions) throw new AppError('ERR_WAPP_NOT_INITIALIZED', 400, 'The connection is not initialized');
      return sessions.provider(whatsappId);
    },
  };
  const sender = createSender(deps);
  let tickets: TicketService;
  const inactivity = createInactivity(deps, () => tickets);
  tickets = createTicketService(deps, sender, (companyId, ticket) => inactivity.schedule(companyId, ticket));
  const chatbot = createChatbot(deps, sender);
  const inbound = createInboundHandler(deps, {
    chatbot: (input) => chatbot.handle(input),
    onNewTicket: (companyId, ticket) => inactivity.schedule(companyId, ticket),
    notify: async (companyId, ticket, contact, body) => { await sender.send({ companyId, ticket, contact, body }); },
  });

  sessionsOf(app)?.setInboundHandler(inbound);
  const messages: MessagesService = { send: sender.send, sendToContact: sender.sendToContact };
  app.services.messages = messages;
  app.decorate('pipeline', { deps, sender, tickets, inbound, connections } satisfies Pipeline);
}, { name: 'pipeline', dependencies: ['sessions'] });
