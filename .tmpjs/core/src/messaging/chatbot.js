import { QueueOption, Ticket } from "../db/models/index.js";
import { publishTicket, snapshot } from "../domains/tickets/lifecycle.js";
import { isWithinSchedule } from "./hours.js";
import { protocolOf, renderTemplate } from "./templates.js";
const menuOf = (items) => items.map((i) => `*${i.key}* - ${i.title}`).join("\n");
const join = (...parts) => parts.filter((p) => p && p.trim()).join("\n\n");
function createChatbot(deps, sender, closeByRule) {
  async function outOfHours(input, message) {
    await say(input, message);
    if (input.settings.get("outOfHoursAction") !== "closed" || !closeByRule) return;
    Object.assign(input.ticket, await closeByRule(input.companyId, input.ticket));
  }
  async function say(input, text) {
    if (!text.trim()) return;
    const body = renderTemplate(text, { name: input.contact.name, protocol: protocolOf(input.ticket) });
    await sender.send({ companyId: input.companyId, ticket: input.ticket, contact: input.contact, body });
  }
  async function update(input, patch) {
    const before = snapshot(input.ticket);
    const updated = await Ticket.scoped(input.companyId).patchAndFetchById(input.ticket.id, patch);
    Object.assign(input.ticket, updated);
    await publishTicket(deps, {
      kind: "updated",
      companyId: input.companyId,
      ticket: input.ticket,
      before,
      relations: { contacts: [input.contact], queues: input.conn.queues }
    });
  }
  const optionsUnder = async (companyId, queueId, parentId) => {
    const rows = await QueueOption.scoped(companyId).where({ queueId }).where((q) => parentId ? q.where("parentId", parentId) : q.whereNull("parentId"));
    return rows.sort((a, b) => Number(a.option) - Number(b.option) || a.option.localeCompare(b.option));
  };
  const queueMenu = (queues) => menuOf(queues.map((q, i) => ({ key: String(i + 1), title: q.name })));
  const optionMenu = (options) => menuOf(options.map((o) => ({ key: o.option, title: o.title })));
  async function enterQueue(input, queue, greet) {
    if (input.settings.get("scheduleType") === "queue" && !isWithinSchedule(queue.schedules)) {
      await update(input, { queueId: queue.id, chatbot: false, queueOptionId: null });
      await outOfHours(input, queue.outOfHoursMessage ?? input.conn.whatsapp.outOfHoursMessage ?? "");
      return;
    }
    const options = await optionsUnder(input.companyId, queue.id, null);
    await update(input, { queueId: queue.id, chatbot: options.length > 0, queueOptionId: null });
    const greeting = greet ? queue.greetingMessage : null;
    await say(input, join(greeting, options.length ? optionMenu(options) : null));
  }
  async function wrongAnswer(input, menu) {
    const max = input.conn.whatsapp.maxUseBotQueues ?? 3;
    const bumped = await Ticket.scoped(input.companyId).where({ id: input.ticket.id, chatbot: true }).where("amountUsedBotQueues", "<", max).increment("amountUsedBotQueues", 1);
    if (!bumped) {
      await update(input, { chatbot: false });
      return;
    }
    input.ticket.amountUsedBotQueues += 1;
    await say(input, join("Op\xE7\xE3o inv\xE1lida. Responda com o n\xFAmero de uma das op\xE7\xF5es:", menu));
  }
  async function start(input) {
    const { conn, settings } = input;
    const whatsapp = conn.whatsapp;
    if (settings.get("scheduleType") === "company" && !isWithinSchedule(conn.companySchedules)) {
      await outOfHours(input, whatsapp.outOfHoursMessage ?? "");
      return;
    }
    if (conn.queues.length === 0) {
      await say(input, whatsapp.greetingMessage ?? "");
      return;
    }
    if (conn.queues.length === 1) {
      const queue = conn.queues[0];
      const greet = settings.get("sendGreetingMessageOneQueues") === "enabled";
      if (greet && !queue.greetingMessage) await say(input, whatsapp.greetingMessage ?? "");
      await enterQueue(input, queue, greet);
      return;
    }
    await update(input, { chatbot: true, amountUsedBotQueues: 1, queueOptionId: null });
    await say(input, join(whatsapp.greetingMessage, queueMenu(conn.queues)));
  }
  async function answer(input) {
    const { ticket, conn } = input;
    const minutes = conn.whatsapp.timeUseBotQueues ?? 0;
    if (minutes > 0 && deps.clock.now().getTime() - Date.parse(ticket.createdAt ?? "") > deps.clock.scale(minutes * 6e4)) {
      await update(input, { chatbot: false });
      return;
    }
    const choice = input.body.trim().replace(/^\*(.*)\*$/, "$1");
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
    await update(input, { queueOptionId: picked.id, chatbot: children.length > 0 });
    await say(input, join(picked.message, children.length ? optionMenu(children) : null));
  }
  return {
    /** Answers an inbound message as the chain's last responder; true when it said or changed something. */
    async handle(input) {
      if (input.ticket.isGroup || input.ticket.status === "closed") return false;
      if (input.isNewTicket) {
        await start(input);
        return true;
      }
      if (!input.ticket.chatbot || input.ticket.userId) return false;
      await answer(input);
      return true;
    }
  };
}
export {
  createChatbot,
  menuOf
};
