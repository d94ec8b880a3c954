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

export interface TicketsService {
  /**
   * After a plugin changed a ticket (its tags, a field of its own): announces the ticket as
   * `company-{id}-ticket` `update` in the core's ticket view (queue, connection, user, tags …), to the
   * sockets whose user may see it (core §6). Never emit ticket events with `sdk.bus.emit`.
   */
  emitChange(companyId: number, ticketId: number): Promise<void>;
  /**
   * Whether the signed-in user may see the ticket (core §6, the rule of the tickets routes: admins any,
   * users their own and those of their queues, tickets without a queue users with allTicket). Throws
   * 404 `ERR_NO_TICKET_FOUND` when the user's company has no such ticket and 403 `ERR_NO_PERMISSION`
   * when it is outside what the user sees. Check it before reading or changing a ticket for a user.
   */
  assertVisible(user: { id: number; companyId: number }, ticketId: number): Promise<void>;
}
