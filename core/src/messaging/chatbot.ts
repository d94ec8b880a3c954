import { Contact, QueueOption, Ticket, type Queue } from '../db/models/index.js';
import { publishTicket, snapshot } from '../domains/tickets/lifecycle.js';
import type { CachedConnection } from './connection-cache.js';
import type { PipelineDeps } from './deps.js';
import { isWithinSchedule } from './hours.js';
import type { MessageSender } from './outbound.js';
import { protocolOf, renderTemplate } from './templates.js';

/**
 * The queue chatbot (extended §2-§4). State lives on the ticket: `chatbot` (the bot is talking),
 * `queueId` (the chosen queue), `queueOptionId` (the option menu node reached), `amountUsedBotQueues`
 * (menus sent after wrong answers, bounded by the connection's maxUseBotQueues).
 */
export interface ChatbotInput {
  companyId: number;
  ticket: Ticket;
  contact: Contact;
  conn: CachedConnection;
  settings: Map<string, string | null>;
  body: string;
  isNewTicket: boolean;
}

export const menuOf = (items: Array<{ key: string; title: string }>) => items.map((i) => `*${i.key}* - ${i.title}`).join('\n');
const join = (...parts: Array<string | null | undefined>) => parts.filter((p) => p && p.trim()).join('\n\n');

/** Closes a ticket by a company rule (the ticket service's close, reason `timeout`). */
export type CloseByRule = (companyId: number, ticket: Ticket) => Promise<Ticket>;

export function createChatbot(deps: PipelineDeps, sender: MessageSender, closeByRule?: CloseByRule) {
  /**
   * Out of hours: the out-of-hours message, then the company's `outOfHoursAction` (the family's setting):
   * 'closed' closes the ticket, 'pending' (the default) leaves it waiting for the next working hours.
   */
  async function outOfHours(input: ChatbotInput, message: string) {
    await say(input, message);
    if (input.settings.get('outOfHoursAction') !== 'closed' || !closeByRule) return;
    Object.assign(input.ticket, await closeByRule(input.companyId, input.ticket));
  }

  async function say(input: ChatbotInput, text: string) {
    if (!text.trim()) return;
    const body = renderTemplate(text, { name: input.contact.name, protocol: protocolOf(input.ticket) });
    await sender.send({ companyId: input.companyId, ticket: input.ticket, contact: input.contact, body });
  }

  async function update(input: ChatbotInput, patch: Partial<Ticket>) {
    const before = snapshot(input.ticket);
    const updated = await Ticket.scoped(input.companyId).patchAndFetchById(input.ticket.id, patch);
    Object.assign(input.ticket, updated);
    await publishTicket(deps, {
      kind: 'updated', companyId: input.companyId, ticket: input.ticket, before, relations: { contacts: [input.contact], queues: input.conn.queues },
    });
  }

  /** The options under a node (top level when parentId is null), in their menu order. */
  const optionsUnder = async (companyId: number, queueId: number, parentId: number | null) => {
    const rows = await QueueOption.scoped(companyId).where({ queueId })
      .where((q) => (parentId ? q.where('parentId', parentId) : q.whereNull('parentId')));
    return rows.sort((a, b) => (Number(a.option) - Number(b.option)) || a.option.localeCompare(b.option));
  };

  const queueMenu = (queues: Queue[]) => menuOf(queues.map((q, i) => ({ key: String(i + 1), title: q.name })));
  const optionMenu = (options: QueueOption[]) => menuOf(options.map((o) => ({ key: o.option, title: o.title })));

  /** A queue was chosen (from the menu, or the only one): greet, then its option menu when it has one. */
  async function enterQueue(input: ChatbotInput, queue: Queue, greet: boolean) {
    if (input.settings.get('scheduleType') === 'queue' && !isWithinSchedule(queue.schedules)) {
      await update(input, { queueId: queue.id, chatbot: false, queueOptionId: null });
      await outOfHours(input, queue.outOfHoursMessage ?? input.conn.whatsapp.outOfHoursMessage ?? '');
      return;
    }
    const options = await optionsUnder(input.companyId, queue.id, null);
    await update(input, { queueId: queue.id, chatbot: options.length > 0, queueOptionId: null });
    const greeting = greet ? queue.greetingMessage : null;
    await say(input, join(greeting, options.length ? optionMenu(options) : null));
  }

  /** A wrong answer repeats the menu, at most maxUseBotQueues times; then the bot gives way to a human. */
  async function wrongAnswer(input: ChatbotInput, menu: string) {
    const max = input.conn.whatsapp.maxUseBotQueues ?? 3;
    // Atomic: concurrent wrong answers cannot push the count past the bound (nor send extra menus).
    const bumped = await Ticket.scoped(input.companyId).where({ id: input.ticket.id, chatbot: true })
      .where('amountUsedBotQueues', '<', max).increment('amountUsedBotQueues', 1);
    if (!bumped) {
      await update(input, { chatbot: false });
      return;
    }
    input.ticket.amountUsedBotQueues += 1;
    await say(input, join('Opção inválida. Responda com o número de uma das opções:', menu));
  }

  async function start(input: ChatbotInput) {
    const { conn, settings } = input;
    const whatsapp = conn.whatsapp;
    if (settings.get('scheduleType') === 'company' && !isWithinSchedule(conn.companySchedules)) {
      await outOfHours(input, whatsapp.outOfHoursMessage ?? '');
      return;
    }
    if (conn.queues.length === 0) {
      await say(input, whatsapp.greetingMessage ?? '');
      return;
    }
    if (conn.queues.length === 1) {
      const queue = conn.queues[0];
      const greet = settings.get('sendGreetingMessageOneQueues') === 'enabled';
      if (greet && !queue.greetingMessage) await say(input, whatsapp.greetingMessage ?? '');
      await enterQueue(input, queue, greet);
      return;
    }
    await update(input, { chatbot: true, amountUsedBotQueues: 1, queueOptionId: null });
    await say(input, join(whatsapp.greetingMessage, queueMenu(conn.queues)));
  }

  async function answer(input: ChatbotInput) {
    const { ticket, conn } = input;
    const minutes = conn.whatsapp.timeUseBotQueues ?? 0;
    if (minutes > 0 && deps.clock.now().getTime() - Date.parse(ticket.createdAt ?? '') > deps.clock.scale(minutes * 60_000)) {
      await update(input, { chatbot: false });
      return;
    }
    const choice = input.body.trim().replace(/^\*(.*)\*$/, '$1');
    if (!ticket.queueId) {
      const index = /^\d+$/.test(choice) ? Number(choice) - 1 : -1;
      const queue = conn.queues[index];
      if (queue) await enterQueue(input, queue, true);
      else await wrongAnswer(input, queueMenu(conn.queues));
      return;
    }
    const current = await optionsUnder(input.companyId, ticket.queueId, ticket.queueOptionId ?? null);
    const picked = current.find((o) => o.option.trim().toLowerCase() === choice.toLowerCase());
    if (!picked) {
      if (current.length === 0) await update(input, { chatbot: false });
      else await wrongAnswer(input, optionMenu(current));
      return;
    }
    const children = await optionsUnder(input.companyId, ticket.queueId, picked.id);
    // A leaf ends the bot: the ticket waits in the chosen queue for a human.
    await update(input, { queueOptionId: picked.id, chatbot: children.length > 0 });
    await say(input, join(picked.message, children.length ? optionMenu(children) : null));
  }

  return {
    /** Answers an inbound message as the chain's last responder; true when it said or changed something. */
    async handle(input: ChatbotInput): Promise<boolean> {
      if (input.ticket.isGroup || input.ticket.status === 'closed') return false;
      if (input.isNewTicket) { await start(input); return true; }
      if (!input.ticket.chatbot || input.ticket.userId) return false;
      await answer(input);
      return true;
    },
  };
}
