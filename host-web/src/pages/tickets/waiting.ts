/** What the Waiting rules read of a ticket (no imports: core/test/tickets/waiting-held.test.ts runs it as it is). */
interface WaitingTicket { status: string; userId: number | null }

/**
 * A Waiting ticket already assigned to someone else (transferred to a colleague, not yet taken up): it is the
 * colleague's work, shown under their name, without the Accept that free work has.
 */
export const heldByColleague = (ticket: WaitingTicket, meId: number | undefined) =>
  ticket.status === 'pending' && ticket.userId != null && ticket.userId !== meId;

/** Whether the Accept button shows: a Waiting ticket nobody holds, or one held for me. */
export const canAccept = (ticket: WaitingTicket, meId: number | undefined) =>
  ticket.status === 'pending' && !heldByColleague(ticket, meId);
