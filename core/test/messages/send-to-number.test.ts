import t from 'tap';
import { build } from '../helper.js';
import { Contact, Message, Ticket } from '../../src/db/models/index.js';
import type { MessagesService } from '../../src/messaging/pipeline-plugin.js';
import { connectedSandbox, waitFor } from '../pipeline/http.js';

async function setup(t: Parameters<typeof build>[0]) {
  const env = await build(t);
  const wa = await connectedSandbox(env.app);
  const messages = env.app.services.messages as MessagesService;
  const outbox = async () => (await env.request('GET', `/api/sandbox/${wa.id}/outbox`, { token: env.token })).body.records as Array<{ to: string; body: string }>;
  return { ...env, wa, messages, outbox };
}

const codeOf = (promise: Promise<unknown>) => promise.then(() => 'sent', (err: { code?: string }) => err.code ?? String(err));

t.test('a number that is not a contact yet: checked, the contact created on the canonical number, a ticket opened when asked', async (t) => {
  const { messages, wa, outbox } = await setup(t);
  const sent = await messages.sendToNumber({ companyId: 1, number: '+55 (11) 98888-7777', name: 'Ana Lima', body: 'Olá Ana', openTicket: true });
  t.equal(sent.contact.number, '5511988887777', 'canonical digits');
  t.equal(sent.contact.name, 'Ana Lima');
  t.equal(sent.createdContact, true);
  t.equal(sent.ticket.status, 'pending', 'the conversation waits for agents');
  t.equal(sent.ticket.whatsappId, wa.id, 'through the default connection');
  t.equal(sent.message.status, 'sent');
  t.ok((await outbox()).some((r) => r.to === '5511988887777' && r.body === 'Olá Ana'), 'the phone network got it');

  const again = await messages.sendToNumber({ companyId: 1, number: '5511988887777', body: 'second', openTicket: true });
  t.equal(again.contact.id, sent.contact.id, 'the same contact');
  t.equal(again.createdContact, false);
  t.equal(again.ticket.id, sent.ticket.id, 'the same live ticket');
  t.equal(await Contact.scoped(1).where({ number: '5511988887777' }).resultSize(), 1, 'one contact');
});

t.test('a campaign-style send (openTicket: false) leaves no ticket in the agents\' queues; the customer\'s reply opens one', async (t) => {
  const { messages, request, token, wa, outbox } = await setup(t);
  const sent = await messages.sendToNumber({ companyId: 1, number: '5511977776666', body: 'Promo!', openTicket: false });
  t.equal(sent.message.status, 'sent');
  t.ok((await outbox()).some((r) => r.to === '5511977776666' && r.body === 'Promo!'), 'delivered');
  t.equal(sent.ticket.status, 'closed', 'kept on a closed ticket, for the history');
  t.equal(sent.ticket.closedAt ?? null, null, 'not counted as resolved by anyone');
  const live = await Ticket.scoped(1).where({ contactId: sent.contact.id }).whereIn('status', ['open', 'pending']);
  t.same(live, [], 'no open or pending ticket');
  const pending = await request('GET', '/api/tickets', { token, query: { status: 'pending', showAll: 'true' } });
  t.notOk(pending.body.tickets.some((tk: { contactId: number }) => tk.contactId === sent.contact.id), 'absent from the waiting list');

  const next = await messages.sendToNumber({ companyId: 1, number: '5511977776666', body: 'Promo 2', openTicket: false });
  t.equal(next.ticket.id, sent.ticket.id, 'the next campaign message joins the same closed ticket');
  t.equal(await Ticket.scoped(1).where({ contactId: sent.contact.id }).resultSize(), 1, 'one ticket for the contact');

  await request('POST', `/api/sandbox/${wa.id}/inbound`, { token, body: { number: '5511977776666', body: 'quero saber mais' } });
  const opened = await waitFor(() => Ticket.scoped(1).where({ contactId: sent.contact.id, status: 'pending' }).first(), 5000, 'a ticket for the reply');
  t.not(opened!.id, sent.ticket.id, 'the reply opens a new ticket for agents');
});

t.test('openTicket: false for a contact in a live conversation adds the message to it without changing it', async (t) => {
  const { messages } = await setup(t);
  const first = await messages.sendToNumber({ companyId: 1, number: '5511955554444', body: 'hello', openTicket: true });
  const quiet = await messages.sendToNumber({ companyId: 1, number: '5511955554444', body: 'campaign', openTicket: false });
  t.equal(quiet.ticket.id, first.ticket.id, 'the live ticket');
  t.equal((await Ticket.scoped(1).findById(first.ticket.id))!.status, 'pending', 'status unchanged');
  t.equal(await Message.scoped(1).where({ ticketId: first.ticket.id, fromMe: true }).resultSize(), 2);
});

t.test('an invalid number is refused with ERR_WAPP_INVALID_CONTACT, by format or by the provider\'s check, and creates nothing', async (t) => {
  const { messages } = await setup(t);
  const before = await Contact.scoped(1).resultSize();
  t.equal(await codeOf(messages.sendToNumber({ companyId: 1, number: '12345', body: 'x', openTicket: true })), 'ERR_WAPP_INVALID_CONTACT', 'too short to be a number');
  // 16 digits: a plausible format, but the sandbox network has no such account (it knows 8 to 15 digits).
  t.equal(await codeOf(messages.sendToNumber({ companyId: 1, number: '5511999998888777', body: 'x', openTicket: false })), 'ERR_WAPP_INVALID_CONTACT', 'no account on the channel');
  t.equal(await Contact.scoped(1).resultSize(), before, 'no contact created');
});

t.test('another company\'s connection is not found; a connection that is not connected cannot check numbers', async (t) => {
  const { messages, createTenant, app } = await setup(t);
  const other = await createTenant('Other Co');
  const wa = await connectedSandbox(app);
  t.equal(await codeOf(messages.sendToNumber({ companyId: other.companyId, whatsappId: wa.id, number: '5511944443333', body: 'x', openTicket: true })), 'ERR_NO_WAPP_FOUND');
  t.equal(await codeOf(messages.sendToNumber({ companyId: other.companyId, number: '5511944443333', body: 'x', openTicket: true })), 'ERR_NO_DEF_WAPP_FOUND');
  await app.sessions.stop(wa.id);
  t.equal(await codeOf(messages.sendToNumber({ companyId: 1, number: '5511944443333', body: 'x', openTicket: true })), 'ERR_WAPP_NOT_INITIALIZED');
});
