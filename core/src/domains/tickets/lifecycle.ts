import { randomUUID } from 'node:crypto';
import type { Bus } from '../../bus/index.js';
import type { Ticket } from '../../db/models/index.js';
import type { HookRegistry, TicketOrigin } from '../../sdk/hooks.js';
import { ticketView, type KnownRelations, type TicketView } from './view.js';

/**
 * The ticket lifecycle's one exit: every place that creates, changes or deletes a ticket announces it
 * through `publishTicket`, which sends the socket event to the ticket's audience and runs the matching
 * hook (onTicketCreate, onTicketUpdate, onTicketDelete), so listeners and plugins see every change the
 * same way. New tickets start from `newTicketFields` whichever path inserts them.
 */
export interface LifecycleDeps {
  bus: Bus;
  hooks: HookRegistry;
  log?: { error: (o: object, m: string) => void };
}

export type TicketEvent =
  /** A ticket was inserted (by an agent, a contact's first message, a send to a contact). */
  | {
    kind: 'created'; companyId: number; ticket: Ticket; origin: TicketOrigin; userId?: number; view?: TicketView; relations?: KnownRelations;
    /** No socket event (a ticket created closed, outside the agents' lists): the hook only. */
    silent?: boolean;
  }
  /**
   * A ticket's state changed. `before` is the ticket (or its changed columns) before the change: the
   * changed columns are found by comparing it with `ticket`; `also` names changes outside the row
   * (`tags`). `declared` runs the hook even when nothing was found (a plugin that did not say what changed).
   */
  | {
    kind: 'updated'; companyId: number; ticket: Ticket; before: Partial<Ticket>; also?: string[]; declared?: boolean;
    userId?: number; view?: TicketView; relations?: KnownRelations;
  }
  | { kind: 'deleted'; companyId: number; ticket: Ticket; userId?: number }
  /** Message activity (last message, unread count): the event only; onInboundMessage/onOutboundMessage cover it. */
  | { kind: 'activity'; companyId: number; ticket: Ticket; view?: TicketView; relations?: KnownRelations }
  /** The agent read the ticket: `updateUnread`. */
  | { kind: 'read'; companyId: number; ticket: Ticket };

/**
 * Columns that are no change of the ticket's state, so no onTicketUpdate: what message traffic moves, the
 * responder chain's cursor and turn lock, and what the database derives (liveSlot).
 */
const UNTRACKED_COLUMNS = new Set([
  'lastMessage', 'unreadMessages', 'lastInboundAt', 'updatedAt', 'createdAt', 'botCursor', 'botLockUntil', 'botLockToken', 'liveSlot',
]);

const comparable = (value: unknown) => (value === undefined ? null : typeof value === 'boolean' ? Number(value) : value instanceof Date ? value.toISOString() : value);

/** The columns whose value differs between `before` and `after` (relations and activity columns left out). */
export function changedColumns(before: Partial<Ticket>, after: Ticket): string[] {
  const changed: string[] = [];
  for (const [key, was] of Object.entries(before)) {
    if (UNTRACKED_COLUMNS.has(key) || key === 'id') continue;
    const now = (after as unknown as Record<string, unknown>)[key];
    if (now === undefined) continue;
    if ((was !== null && typeof was === 'object' && !(was instanceof Date)) || (now !== null && typeof now === 'object' && !(now instanceof Date))) continue;
    if (comparable(was) !== comparable(now)) changed.push(key);
  }
  return changed;
}

/** A copy of a ticket's columns, taken before changing it (callers that mutate the model in place). */
export function snapshot(ticket: Ticket): Partial<Ticket> {
  return { ...ticket } as Partial<Ticket>;
}

/** The columns every new ticket starts with; the caller adds what it knows (contact, connection, status …). */
export function newTicketFields<F extends Partial<Ticket> & { contactId: number }>(fields: F): Partial<Ticket> {
  return {
    uuid: randomUUID(), status: 'pending', isGroup: false, unreadMessages: 0, chatbot: false, amountUsedBotQueues: 0,
    useIntegration: false, ...fields,
  };
}

/** Announces a ticket change to the sockets that may see it and to the hooks. Resolves to the view sent (if any). */
export async function publishTicket(deps: LifecycleDeps, event: TicketEvent): Promise<TicketView | undefined> {
  const { bus, hooks, log } = deps;
  const { companyId, ticket } = event;
  switch (event.kind) {
    case 'created': {
      const view = event.silent ? undefined : event.view ?? await ticketView(companyId, ticket, event.relations);
      if (view) bus.emitTicketChange(companyId, 'update', view);
      await hooks.run('onTicketCreate', { companyId, ticket, origin: event.origin, userId: event.userId }, log);
      return view;
    }
    case 'updated': {
      const { before } = event;
      const view = event.view ?? await ticketView(companyId, ticket, event.relations);
      bus.emitTicketChange(companyId, 'update', view, 'queueId' in before || 'userId' in before ? { queueId: before.queueId, userId: before.userId } : undefined);
      const changed = [...changedColumns(before, ticket), ...(event.also ?? [])];
      if (!changed.length && !event.declared) return view;
      // The hook's `previous`: status, user and queue always, and every changed column's old value.
      const previous: Partial<Ticket> = {};
      for (const key of ['status', 'userId', 'queueId', ...changed] as Array<keyof Ticket>) {
        if (key in before) (previous as Record<string, unknown>)[key] = before[key];
      }
      await hooks.run('onTicketUpdate', { companyId, ticket, previous, changed, userId: event.userId }, log);
      return view;
    }
    case 'deleted':
      bus.emitTicketChange(companyId, 'delete', ticket);
      await hooks.run('onTicketDelete', { companyId, ticket, userId: event.userId }, log);
      return undefined;
    case 'activity': {
      const view = event.view ?? await ticketView(companyId, ticket, event.relations);
      bus.emitTicketChange(companyId, 'update', view);
      return view;
    }
    case 'read':
      bus.emitTicketChange(companyId, 'updateUnread', ticket);
      return undefined;
  }
}
