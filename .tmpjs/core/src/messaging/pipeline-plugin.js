import fp from "fastify-plugin";
import { Ticket } from "../db/models/index.js";
import { AppError, notFound } from "../http/errors.js";
import { ticketReads } from "../sdk/data-services.js";
import { createInactivity } from "../domains/tickets/inactivity.js";
import { visibleTicket } from "../domains/tickets/access.js";
import { createTicketService } from "../domains/tickets/service.js";
import { publishTicket } from "../domains/tickets/lifecycle.js";
import { createAssignment } from "../domains/assignment/service.js";
import { createSla } from "../domains/sla/service.js";
import { createChatbot } from "./chatbot.js";
import { ConnectionCache } from "./connection-cache.js";
import { createInboundHandler } from "./inbound.js";
import { createSender } from "./outbound.js";
import { sendResult } from "./send-result.js";
import { createMessageActions } from "./message-actions.js";
import { createResponderChain } from "./responders/chain.js";
import { createMenuResponder } from "./responders/menu.js";
import { createCheckNumber, createSendToNumber } from "./send-to-number.js";
const sessionsOf = (app) => app.sessions;
const pipelinePlugin = fp(async (app) => {
  const connections = new ConnectionCache();
  const deps = {
    knex: app.knex,
    bus: app.bus,
    hooks: app.hooks,
    storage: app.storage,
    jobs: app.jobs,
    settings: app.tenancy.settings,
    connections,
    log: app.log,
    providers: app.providerRegistry,
    clock: app.clock,
    provider(whatsappId) {
      const sessions = sessionsOf(app);
      if (!sessions) throw new AppError("ERR_WAPP_NOT_INITIALIZED", 400, "The connection is not initialized");
      return sessions.provider(whatsappId);
    }
  };
  let responders;
  const sender = createSender(deps, { onLoop: (companyId, ticket) => responders.handOffLoop(companyId, ticket) });
  let tickets;
  const inactivity = createInactivity(deps, () => tickets);
  tickets = createTicketService(deps, sender, (companyId, ticket) => inactivity.schedule(companyId, ticket));
  const sla = createSla({ ...deps, publish: (event) => publishTicket(deps, event) });
  const assignment = createAssignment({ knex: app.knex, hooks: app.hooks, connections, jobs: app.jobs, settings: deps.settings, log: app.log, clock: app.clock, publish: (event) => publishTicket(deps, event) });
  app.bus.onPresence((companyId, userId, online) => {
    void assignment.quietly(online ? "pickup" : "hand-back", online ? assignment.online(companyId, userId) : assignment.offline(companyId, userId));
  });
  app.responders.register(createMenuResponder(deps, createChatbot(deps, sender, (companyId, ticket) => tickets.close(companyId, ticket, null, "timeout"))));
  responders = createResponderChain(deps, {
    registry: app.responders,
    sender,
    hasFlag: (companyId, flag) => app.tenancy.hasFlag(companyId, flag)
  });
  app.reconciler.register("responder turns", () => responders.reconcile());
  app.addHook("preClose", async () => {
    responders.stop();
  });
  const inbound = createInboundHandler(deps, {
    respond: ({ companyId, ticketId, messageId, ticket, message, isNewTicket }) => ticket && message ? responders.onInbound(companyId, ticket, message, !!isNewTicket) : responders.schedule(companyId, ticketId, messageId),
    passes: (companyId, ticket, message) => responders.passes(companyId, ticket, message),
    onNewTicket: (companyId, ticket) => inactivity.schedule(companyId, ticket),
    notify: async (companyId, ticket, contact, body) => {
      await sender.send({ companyId, ticket, contact, body });
    }
  });
  sessionsOf(app)?.setInboundHandler(inbound);
  const actions = createMessageActions(deps, sender, tickets);
  const toNumber = createSendToNumber(deps, sender);
  const messages = {
    async send(input) {
      const ticket = input.ticket instanceof Ticket ? input.ticket : await Ticket.scoped(input.companyId).findById(input.ticket.id);
      if (!ticket) throw notFound("ERR_NO_TICKET_FOUND");
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
    edit: actions.edit,
    history: actions.history,
    react: actions.react,
    forward: actions.forward,
    remove: actions.remove
  };
  app.services.messages = messages;
  app.services.tickets = {
    ...ticketReads(),
    emitChange: tickets.emitChange,
    assertVisible: async (user, ticketId) => {
      await visibleTicket(user, ticketId);
    },
    handOff: responders.handOff,
    release: responders.release
  };
  app.services.responderFailures = { last: responders.failures.last, clear: responders.failures.clear };
  app.decorate("pipeline", { deps, sender, tickets, inbound, connections, responders, actions, assignment, sla });
}, { name: "pipeline", dependencies: ["sessions"] });
export {
  pipelinePlugin
};
