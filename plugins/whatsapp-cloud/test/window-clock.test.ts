import t from 'tap';
import { randomUUID } from 'node:crypto';
import { build } from '../../../core/test/helper.js';
import { Contact, Message, Ticket } from '../../../core/src/db/models/index.js';
import { toDbTime } from '../../../core/src/db/time.js';
import { createClock } from '../../../core/src/clock/index.js';
import * as errors from '../../../core/src/http/errors.js';
import type { PluginServices } from '../../../core/src/sdk/services.js';
import { defaultConnection } from '../../../core/test/pipeline/fixtures.js';
import { serviceWindow } from '../src/window.js';

/** The window is a rule with a duration: on the operator's clock (ATRIUM_TIME_SCALE), like every other (issue 41). */
t.test('the Cloud API 24-hour window closes after 24 scaled hours', async (t) => {
  const { app } = await build(t, { config: { timeScale: 0.0001 } }); // 24 hours: 8.64 s
  const wa = await defaultConnection();
  const contact = await Contact.scoped(1).insertAndFetch({ uuid: randomUUID(), name: 'Janela', number: '5511955550002' } as Partial<Contact>);
  const ticket = await Ticket.scoped(1).insertAndFetch({ uuid: randomUUID(), contactId: contact.id, whatsappId: wa.id, status: 'pending' } as Partial<Ticket>);
  await Message.scoped(1).insert({ ticketId: ticket.id, contactId: contact.id, whatsappId: wa.id, fromMe: false, body: 'oi', providerId: `w-${randomUUID()}`, createdAt: toDbTime(Date.now() - 60_000) } as Partial<Message>);
  t.equal((await serviceWindow({ services: app.services as PluginServices, clock: app.clock, errors }, 1, wa.id, contact.id)).open, false, 'a minute after the last message: past 24 scaled hours');
  t.equal((await serviceWindow({ services: app.services as PluginServices, clock: createClock(1), errors }, 1, wa.id, contact.id)).open, true, 'on the wall clock the window is still open');
  await Message.scoped(1).insert({ ticketId: ticket.id, contactId: contact.id, whatsappId: wa.id, fromMe: false, body: 'de novo', providerId: `w-${randomUUID()}` } as Partial<Message>);
  t.equal((await serviceWindow({ services: app.services as PluginServices, clock: app.clock, errors }, 1, wa.id, contact.id)).open, true, 'a new message opens it again');
});

