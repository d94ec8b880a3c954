import type { Contact, Message, Ticket, Whatsapp } from '../db/models/index.js';

/** Who opened a ticket (onTicketCreate). */
export type TicketOrigin = 'agent' | 'contact' | 'send';

/** What plugins (and core domains) can react to. Handlers run in registration order. */
export interface HookEvents {
  /**
   * A message from a contact was stored (observe only: `handled` is ignored). Bots answer through the
   * responder chain (`sdk.responders.register`), which runs after this, off the ingestion path.
   */
  onInboundMessage: { companyId: number; ticket: Ticket; message: Message; contact: Contact; connection: Whatsapp; isNewTicket: boolean };
  /**
   * A ticket was created: by an agent (`agent`, POST /tickets), by a contact's first message (`contact`),
   * or by a send to a contact without a live ticket (`send`, e.g. a schedule or a campaign).
   */
  onTicketCreate: { companyId: number; ticket: Ticket; origin: TicketOrigin; userId?: number };
  /**
   * A ticket's state changed (status, user, queue, connection, bot columns, rating, tags …): once per change,
   * wherever it happened (agents, the inactivity jobs, the chatbot and responders, tag sync, plugins through
   * `sdk.services.tickets.emitChange`). `changed` names the changed columns (and `tags`); `previous` holds
   * status, userId and queueId before the change and the old value of each changed column. Message traffic
   * (last message, unread count) is not a change here: see onInboundMessage / onOutboundMessage.
   */
  onTicketUpdate: { companyId: number; ticket: Ticket; previous: Partial<Ticket>; changed: string[]; userId?: number };
  /** A ticket was deleted (DELETE /tickets/:id); `ticket` is the row as it was. */
  onTicketDelete: { companyId: number; ticket: Ticket; userId?: number };
  /** A message from the agent or a bot was stored (before it is handed to the provider). */
  onOutboundMessage: { companyId: number; ticket: Ticket; message: Message };
}

export type HookResult = void | { handled?: boolean };
export type HookHandler<K extends keyof HookEvents> = (event: HookEvents[K]) => Promise<HookResult> | HookResult;

export class HookRegistry {
  private handlers = new Map<keyof HookEvents, Array<{ owner: string; fn: HookHandler<never> }>>();

  on<K extends keyof HookEvents>(name: K, owner: string, fn: HookHandler<K>) {
    const list = this.handlers.get(name) ?? [];
    list.push({ owner, fn: fn as HookHandler<never> });
    this.handlers.set(name, list);
  }

  /**
   * Runs every handler; one that throws is logged and skipped, so a broken plugin never blocks
   * the core's pipeline. Resolves to true when a handler said it handled the event.
   */
  async run<K extends keyof HookEvents>(name: K, event: HookEvents[K], log?: { error: (o: object, m: string) => void }): Promise<boolean> {
    let handled = false;
    for (const { owner, fn } of (this.handlers.get(name) ?? []) as Array<{ owner: string; fn: HookHandler<K> }>) {
      try {
        const result = await fn(event);
        if (result && result.handled) handled = true;
      } catch (err) {
        log?.error({ err, hook: name, owner }, 'hook handler failed');
      }
    }
    return handled;
  }
}
