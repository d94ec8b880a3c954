/**
 * Domain services the core publishes to plugins through `sdk.services`. Each domain sets its
 * entry when it registers; a plugin reads it at request time. Keep these small and stable: they
 * are part of the public contract.
 */
export interface CoreServices {
  /** Tickets (set by the messaging pipeline). */
  tickets?: TicketsService;
  [name: string]: unknown;
}

/** What a caller of `emitChange` says it changed (all optional). */
export interface TicketChangeNotice {
  /** Names of what changed, e.g. `['tags']`; passed to onTicketUpdate as `changed`. */
  changed?: string[];
  /** The ticket's columns before the change (e.g. `{ botOwner: 'flow' }`): their changes are found and reported too. */
  previous?: Record<string, unknown>;
  /** The user who made the change, when a person did. */
  userId?: number;
}

export interface TicketsService {
  /**
   * After a plugin changed a ticket (its tags, a field of its own): announces the ticket as
   * `company-{id}-ticket` `update` in the core's ticket view (queue, connection, user, tags …), to the
   * sockets whose user may see it (core §6), and runs the onTicketUpdate hook once with what `change`
   * says changed (`changed: []` when it says nothing). Never emit ticket events with `sdk.bus.emit`.
   */
  emitChange(companyId: number, ticketId: number, change?: TicketChangeNotice): Promise<void>;
  /**
   * Whether the signed-in user may see the ticket (core §6, the rule of the tickets routes: admins any,
   * users their own and those of their queues, tickets without a queue users with allTicket). Throws
   * 404 `ERR_NO_TICKET_FOUND` when the user's company has no such ticket and 403 `ERR_NO_PERMISSION`
   * when it is outside what the user sees. Check it before reading or changing a ticket for a user.
   */
  assertVisible(user: { id: number; companyId: number }, ticketId: number): Promise<void>;
}
