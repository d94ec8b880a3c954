import { randomUUID } from 'node:crypto';
import { Contact, Ticket } from '../../src/db/models/index.js';
import type { TicketStatus } from '../../src/db/models/index.js';

let seq = 0;

/** A contact written straight to the database (tests of other domains need one without the HTTP round trip). */
export async function makeContact(companyId: number, fields: Partial<Contact> = {}) {
  seq += 1;
  return Contact.scoped(companyId).insertAndFetch({ uuid: randomUUID(), name: `Contact ${seq}`, number: `55119${String(Date.now() % 1e6).padStart(6, '0')}${String(seq).padStart(3, '0')}`, isGroup: false, ...fields } as Partial<Contact>);
}

/** A ticket written straight to the database; the tickets domain is not needed for it. */
export async function makeTicket(companyId: number, fields: Partial<Ticket> & { status?: TicketStatus } = {}) {
  const contactId = fields.contactId ?? (await makeContact(companyId)).id;
  return Ticket.scoped(companyId).insertAndFetch({ uuid: randomUUID(), status: 'pending', unreadMessages: 0, isGroup: false, chatbot: false, amountUsedBotQueues: 0, useIntegration: false, ...fields, contactId } as Partial<Ticket>);
}

/** Records the actions of `company-{companyId}-{event}` emitted on the app's bus (the sockets still get them). */
export function captureEvents(app: { bus: { emit: (companyId: number, event: string, payload: unknown, room?: string) => void } }, companyId: number, event: string) {
  const actions: string[] = [];
  const original = app.bus.emit.bind(app.bus);
  app.bus.emit = (id, name, payload, room) => {
    if (id === companyId && name === event) actions.push((payload as { action: string }).action);
    return original(id, name, payload, room);
  };
  return actions;
}
