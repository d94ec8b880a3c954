import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { Ticket } from '../db/models/index.js';
import { AppError, notFound } from '../http/errors.js';
import { ticketReads } from '../sdk/data-services.js';
import { createInactivity } from '../domains/tickets/inactivity.js';
import { visibleTicket } from '../domains/tickets/access.js';
import { createTicketService, type TicketService } from '../domains/tickets/service.js';
import { publishTicket } from '../domains/tickets/lifecycle.js';
import { createAssignment, type Assignment } from '../domains/assignment/service.js';
import { createSla, type Sla } from '../domains/sla/service.js';
import { createChatbot } from './chatbot.js';
import { ConnectionCache } from './connection-cache.js';
import type { InboundHandler, PipelineDeps, SessionsLike } from './deps.js';
import { createInboundHandler } from './inbound.js';
import { createSender, type MessageSender, type SendInput, type SendToContactInput } from './outbound.js';
import { sendResult, type SendResult } from './send-result.js';
import { createMessageActions, type MessageActions } from './message-actions.js';
import { createResponderChain, type ResponderChain } from './responders/chain.js';
import { createMenuResponder } from './responders/menu.js';

import { createCheckNumber, createSendToNumber, type SendToNumberInput, type SendToNumberResult } from './send-to-number.js';

/** The pipeline's parts, for the ticket and message routes (and tests). */
export interface Pipeline {
  deps: PipelineDeps;
  sender: MessageSender;
  tickets: TicketService;
  inbound: InboundHandler;
  connections: ConnectionCache;
  responders: ResponderChain;
  actions: MessageActions;
  /** Automatic assignment of waiting tickets (domains/assignment). */
  assignment: Assignment;
  /** SLA due times and breaches (domains/sla). */
  sla: Sla;
}

declare module 'fastify' {
  interface FastifyInstance { pipeline: Pipeline }
}

/** The published messaging service (sdk.services.messages): schedules, campaigns and the external API send through it. */
export interface MessagesService {
  /**
   * Sends on the company's ticket. `ticket` is the one a responder's ctx or sendToContact gave you, or just `{ id }`
   * (a job of yours that kept the id): it is then read in the company (another company's id: 404 ERR_NO_TICKET_FOUND).
   * A provider that is down or refuses does not throw: the result's `status` is 'failed' (with `code`), the message
   * row stays visible as failed, and a job gives back its claim and retries (send-result.ts). Caller errors throw.
   */
  send(input: Omit<SendInput, 'ticket'> & { ticket: Ticket | { id: number } }): Promise<SendResult>;
  /**
   * Opens or reuses the contact's live ticket (the default connection when `whatsappId` is left out) and sends.
   * Like `send` and `sendToNumber`, it resolves a SendResult: check `status` ('failed' when the provider is down).
   */
  sendToContact(input: SendToContactInput): Promise<SendResult & { ticket: Ticket }>;
  /** To a number that need not be a contact yet, checked with the provider; `openTicket` decides whether agents get a ticket. */
  sendToNumber(input: SendToNumberInput): Promise<SendResult & Omit<SendToNumberResult, 'message'>>;
  /**
   * Asks the connection's provider (the company's default when `whatsappId` is left out) whether a number has an
   * account: `{ exists, number }` with the canonical digits. ERR_WAPP_NOT_INITIALIZED while the connection is down.
   */
  checkNumber: ReturnType<typeof createCheckNumber>;
  /**
   * Message actions for a user of the company (`{ id, companyId }`, as `request.user`), with the rules the routes
   * apply (issue 28): `edit` the user's own text within 15 minutes, `history` (bodies oldest first), `react` ('' removes;
   * one per user and message), `forward` ({ messageId, contactId, ticketId?, queueId? }). Each reaches the phone and
   * is announced as an `appMessage` update. `remove` deletes the user's own message for everyone. A plugin acting
   * for a connection rather than a person passes `{ companyId, connectionId }` (see ActingConnection).
   */
  edit: MessageActions['edit'];
  remove: MessageActions['remove'];
  history: MessageActions['history'];
  react: MessageActions['react'];
  forward: MessageActions['forward'];
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
    settings: app.tenancy.settings, connections, log: app.log, providers: app.providerRegistry, clock: app.clock,
    provider(whatsappId) {
      const sessions = sessionsOf(app);
      if (!sessions) throw new AppError('ERR_WAPP_NOT_INITIALIZED', 400, 'The connection is not initialized');
      return sessions.provider(whatsappId);
    },
  };
  // The responder chain hands a looping ticket to people; it is built after the sender that detects the loop.
  let responders: ResponderChain;
  const sender = createSender(deps, { onLoop: (companyId, ticket) => responders.handOffLoop(companyId, ticket) });
  let tickets: TicketService;
  const inactivity = createInactivity(deps, () => tickets);
  tickets = createTicketService(deps, sender, (companyId, ticket) => inactivity.schedule(companyId, ticket));
  // The SLA's hooks first: a ticket's due times are set before assignment announces it.
  const sla = createSla({ ...deps, publish: (event) => publishTicket(deps, event) });
  const assignment = createAssignment({ knex: app.knex, hooks: app.hooks, connections, jobs: app.jobs, settings: deps.settings, log: app.log, clock: app.clock, publish: (event) => publishTicket(deps, event) });
  // An agent's first socket: the waiting tickets of their queues may now be theirs.
  // Their last socket gone: after the company's grace their pending tickets go back to the queue (hand-back).
  app.bus.onPresence((companyId, userId, online) => {
    void assignment.quietly(online ? 'pickup' : 'hand-back', online ? assignment.online(companyId, userId) : assignment.offline(companyId, userId));
  });
  // The queue option menu is the chain's last responder; plugins add theirs through sdk.responders.
  app.responders.register(createMenuResponder(deps, createChatbot(deps, sender, (companyId, ticket) => tickets.close(companyId, ticket, null, 'timeout'))));
  responders = createResponderChain(deps, {
    registry: app.responders, sender,
    hasFlag: (companyId, flag) => app.tenancy.hasFlag(companyId, flag),
  });
  app.reconciler.register('responder turns', () => responders.reconcile());
  app.reconciler.register('inactivity timers', () => inactivity.reconcile());
  app.reconciler.register('SLA timers', () => sla.reconcile());
  app.reconciler.register('assignment hand-backs', () => assignment.reconcile());
  app.addHook('preClose', async () => { responders.stop(); });
  const inbound = createInboundHandler(deps, {
    respond: ({ companyId, ticketId, messageId, ticket, message, isNewTicket }) => (ticket && message
      ? responders.onInbound(companyId, ticket, message, !!isNewTicket)
      : responders.schedule(companyId, ticketId, messageId)),
    passes: (companyId, ticket, message) => responders.passes(companyId, ticket, message),
    onNewTicket: (companyId, ticket) => inactivity.schedule(companyId, ticket),
    notify: async (companyId, ticket, contact, body) => { await sender.send({ companyId, ticket, contact, body }); },
  });

  sessionsOf(app)?.setInboundHandler(inbound);
  const actions = createMessageActions(deps, sender, tickets);
  const toNumber = createSendToNumber(deps, sender);
  const messages: MessagesService = {
    async send(input) {
      const ticket = input.ticket instanceof Ticket ? input.ticket : await Ticket.scoped(input.companyId).findById(input.ticket.id);
      if (!ticket) throw notFound('ERR_NO_TICKET_FOUND');
      return sendResult(await sender.send({ ...input, ticket }));
    },
    async sendToContact(input) {
      const { ticket, message } = await sender.sendToContact(input);
      return { ...sendResult(message), ticket };
    },
    async sendToNumber(input) {
      const sent = await toNumber(input);
      return { ...sent, ...sendResult(sent.message) };
    },
    checkNumber: createCheckNumber(deps),
    edit: actions.edit, history: actions.history, react: actions.react, forward: actions.forward, remove: actions.remove,
  };
  app.services.messages = messages;
  app.services.tickets = {
    ...ticketReads(), emitChange: tickets.emitChange, assertVisible: async (user, ticketId) => { await visibleTicket(user, ticketId); },
    handOff: responders.handOff, release: responders.release,
  };
  app.services.responderFailures = { last: responders.failures.last, clear: responders.failures.clear };
  app.decorate('pipeline', { deps, sender, tickets, inbound, connections, responders, actions, assignment, sla } satisfies Pipeline);
}, { name: 'pipeline', dependencies: ['sessions'] });
