import type { Contact, Message, Ticket, Whatsapp } from '../db/models/index.js';

/** What plugins (and core domains) can react to. Handlers run in registration order. */
export interface HookEvents {
  /**
   * A message from a contact was stored (observe only: `handled` is ignored). Bots answer through the
   * responder chain (`sdk.responders.register`), which runs after this, off the ingestion path.
   */
  onInboundMessage: { companyId: number; ticket: Ticket; message: Message; contact: Contact; connection: Whatsapp; isNewTicket: boolean };
  /** A ticket changed status, user or queue. */
  onTicketUpdate: { companyId: number; ticket: Ticket; previous: Partial<Ticket>; userId?: number };
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
