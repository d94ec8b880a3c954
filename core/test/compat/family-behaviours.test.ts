import t from 'tap';
import { build } from '../helper.js';
import { Company, Contact, Ticket, Whatsapp } from '../../src/db/models/index.js';
import { defaultConnection, inbound, useFakeProvider } from '../pipeline/fixtures.js';
import { connectedSandbox } from '../pipeline/http.js';

/**
 * What the family's client's settings and calls do here (issue 43), beyond answering: the behaviours built for
 * its settings keys, the key mapped to ours, the phone's contacts import and the answer to a cross-origin preflight.
 */

const ALL_DAYS_CLOSED = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']
  .map((weekdayEn) => ({ weekday: weekdayEn, weekdayEn, startTime: '00:00', endTime: '00:00' }));

async function withConversation(t: Parameters<typeof build>[0]) {
  const ctx = await build(t);
  const provider = useFakeProvider(ctx.app);
  const wa = await defaultConnection();
  const write = async (from: string, body = 'oi') => {
    await ctx.app.pipeline.inbound.onMessage({ companyId: 1, whatsappId: wa.id }, inbound(from, body));
    await ctx.app.jobs.idle();
    return (await Ticket.scoped(1).join('contacts', 'contacts.id', 'tickets.contactId').where('contacts.number', from).select('tickets.*').orderBy('tickets.id', 'desc').first())!;
  };
  const setting = async (key: string, value: string) => {
    const res = await ctx.request('PUT', `/api/settings/${key}`, { token: ctx.token, body: { value } });
    t.equal(res.status, 200, `${key} = ${value}`);
  };
  return { ...ctx, provider, wa, write, setting };
}

t.test('ticketAcceptedMessage and transferMessage are the texts the contact gets on accept and on transfer', async (t) => {
  const { request, token, provider, write, setting } = await withConversation(t);
  const me = (await request('GET', '/api/auth/me', { token })).body;
  const ticket = await write('5511955550001');
  await setting('ticketAcceptedMessage', 'Sou {{user}} e já te atendo.');
  await setting('transferMessage', 'Você foi transferido para {{queue}}.');
  const sentBefore = provider.sent.length;
  t.equal((await request('PUT', `/api/tickets/${ticket.id}`, { token, body: { status: 'open', userId: me.id } })).status, 200);
  t.equal(provider.sent.at(-1)!.body, `Sou ${me.name} e já te atendo.`, 'the accept text, sent although sendGreetingAccepted is off');
  const queue = await request('POST', '/api/queue', { token, body: { name: 'Financeiro', color: '#00aa00' } });
  t.equal((await request('PUT', `/api/tickets/${ticket.id}`, { token, body: { queueId: queue.body.id } })).status, 200);
  t.equal(provider.sent.at(-1)!.body, 'Você foi transferido para Financeiro.', 'the transfer text');
  t.equal(provider.sent.length, sentBefore + 2, 'one message each');

  await setting('ticketAcceptedMessage', '');
  const other = await write('5511955550002');
  const count = provider.sent.length;
  await request('PUT', `/api/tickets/${other.id}`, { token, body: { status: 'open', userId: me.id } });
  t.equal(provider.sent.length, count, 'emptied, and sendGreetingAccepted off: nothing is sent on accept');
});

t.test('noQueueTimeout closes a ticket left waiting without a queue, quietly; one with a queue or an agent stays', async (t) => {
  const { app, provider, write, setting, request, token } = await withConversation(t);
  await setting('noQueueTimeout', '30');
  const waiting = await write('5511955550003');
  t.same([waiting.status, waiting.queueId], ['pending', null], 'a new ticket without a queue');
  const sent = provider.sent.length;
  await app.jobs.enqueue('tickets.noQueueTimeout', { companyId: 1, ticketId: waiting.id });
  await new Promise((r) => setTimeout(r, 200));
  await app.jobs.idle();
  t.equal((await Ticket.scoped(1).findById(waiting.id))!.status, 'pending', 'not before its 30 minutes');
  await app.knex('tickets').where({ id: waiting.id }).update({ createdAt: '2020-01-01 00:00:00.000' });
  await app.jobs.enqueue('tickets.noQueueTimeout', { companyId: 1, ticketId: waiting.id });
  await new Promise((r) => setTimeout(r, 200));
  await app.jobs.idle();
  t.equal((await Ticket.scoped(1).findById(waiting.id))!.status, 'closed', 'closed after them');
  t.equal(provider.sent.length, sent, 'without a completion message or a rating question');

  const queue = await request('POST', '/api/queue', { token, body: { name: 'Suporte', color: '#0000aa' } });
  const queued = await write('5511955550004');
  await Ticket.scoped(1).findById(queued.id).patch({ queueId: queue.body.id, createdAt: '2020-01-01 00:00:00.000' } as Partial<Ticket>);
  await app.jobs.enqueue('tickets.noQueueTimeout', { companyId: 1, ticketId: queued.id });
  await new Promise((r) => setTimeout(r, 200));
  await app.jobs.idle();
  t.equal((await Ticket.scoped(1).findById(queued.id))!.status, 'pending', 'a ticket in a queue is not touched');
});

t.test('outOfHoursAction "closed" closes the ticket after the out-of-hours message; "pending" leaves it waiting', async (t) => {
  const { app, provider, write, setting, wa } = await withConversation(t);
  await Company.query().findById(1).patch({ schedules: ALL_DAYS_CLOSED } as Partial<Company>);
  await Whatsapp.scoped(1).findById(wa.id).patch({ outOfHoursMessage: 'Estamos fechados.' } as Partial<Whatsapp>);
  app.pipeline.connections.invalidate();
  await setting('scheduleType', 'company');
  const kept = await write('5511955550005');
  t.same([kept.status, provider.sent.at(-1)!.body], ['pending', 'Estamos fechados.'], 'by default: the message, and the ticket waits');
  await setting('outOfHoursAction', 'closed');
  const closed = await write('5511955550006');
  t.same([closed.status, provider.sent.at(-1)!.body], ['closed', 'Estamos fechados.'], '"closed": the message, then the ticket is closed');
});

t.test('autoReopenTimeout: a contact writing soon after the close goes on in that ticket, pending and still its agent\'s', async (t) => {
  const { app, request, token, write, setting } = await withConversation(t);
  const me = (await request('GET', '/api/auth/me', { token })).body;
  const first = await write('5511955550007');
  await request('PUT', `/api/tickets/${first.id}`, { token, body: { status: 'open', userId: me.id } });
  await request('PUT', `/api/tickets/${first.id}`, { token, body: { status: 'closed' } });
  const offByDefault = await write('5511955550007', 'voltei');
  t.not(offByDefault.id, first.id, 'off by default: a new ticket');
  await request('PUT', `/api/tickets/${offByDefault.id}`, { token, body: { status: 'closed' } });

  await setting('autoReopenTimeout', '10');
  const again = await write('5511955550007', 'esqueci uma coisa');
  t.equal(again.id, offByDefault.id, 'within 10 minutes: the same ticket');
  t.same([again.status, again.userId, again.unreadMessages], ['pending', me.id, 1], 'pending again, its agent kept, the message unread');
  t.equal(Number((await Ticket.scoped(1).where({ contactId: again.contactId }).count('* as n').first() as unknown as { n: number | string }).n), 2, 'no new ticket');

  await request('PUT', `/api/tickets/${again.id}`, { token, body: { status: 'closed' } });
  await app.knex('tickets').where({ id: again.id }).update({ closedAt: '2020-01-01 00:00:00.000' });
  const later = await write('5511955550007', 'outro assunto');
  t.not(later.id, again.id, 'closed longer ago: a new ticket');
  t.equal((await Ticket.scoped(1).findById(first.id))!.status, 'closed', 'and not an older one closed within the window either');
});

t.test('the family\'s settings keys: validated like ours; _paymentGateway is the super user\'s billingGateway', async (t) => {
  const { request, token, createTenant } = await build(t);
  const bad = await request('PUT', '/api/settings/outOfHoursAction', { token, body: { value: 'later' } });
  t.same([bad.status, bad.body.error], [400, 'ERR_INVALID_SETTING_VALUE'], 'a value the key does not take');
  const negative = await request('PUT', '/api/settings/noQueueTimeout', { token, body: { value: '-5' } });
  t.same([negative.status, negative.body.error], [400, 'ERR_INVALID_SETTING_VALUE'], 'minutes are a whole number from 0');
  t.equal((await request('PUT', '/api/settings/notAKey', { token, body: { value: 'x' } })).status, 404, 'an unknown key is still a 404');

  const gateway = await request('PUT', '/api/settings/_paymentGateway', { token, body: { value: 'sandbox' } });
  t.same([gateway.status, gateway.body], [200, { key: '_paymentGateway', value: 'sandbox' }]);
  t.equal((await request('GET', '/api/settings/billingGateway', { token })).body.value, 'sandbox', 'stored as billingGateway');
  t.equal((await request('PUT', '/api/settings/_paymentGateway', { token, body: { value: '' } })).body.value, 'none', 'the client\'s "no gateway"');
  const other = await createTenant('Outra Empresa');
  const refused = await request('PUT', '/api/settings/_paymentGateway', { token: other.admin.token, body: { value: 'pix' } });
  t.same([refused.status, refused.body.error], [403, 'ERR_NO_PERMISSION'], 'a company admin may not choose the platform\'s gateway');

  const pasted = await request('PUT', '/api/settings/apiToken', { token, body: { value: 'tk_secret_0123456789' } });
  t.equal(pasted.status, 200, 'apiToken is accepted');
  const shown = (await request('GET', '/api/settings', { token })).body;
  t.notOk(JSON.stringify(shown).includes('tk_secret_0123456789'), 'but its value is not kept (it would travel to every user)');
  const me = (await request('GET', '/api/auth/me', { token })).body;
  t.notOk(JSON.stringify(me).includes('tk_secret_0123456789'), 'nor in the session\'s user');
  const listed = (await request('GET', '/api/settings', { token: other.admin.token })).body.map((s: { key: string }) => s.key);
  t.ok(['groupsTab', 'defaultLanguage', 'noQueueTimeout'].every((k) => listed.includes(k)), 'the family\'s keys are listed with their defaults');
});

t.test('POST /contacts/import without a file takes the connection\'s phone contacts, where the provider can list them', async (t) => {
  const { app, request, token, createTenant } = await build(t);
  await connectedSandbox(app);
  const unsupported = await request('POST', '/api/contacts/import', { token });
  t.same([unsupported.status, unsupported.body.error], [400, 'ERR_CONTACTS_IMPORT_UNSUPPORTED'], 'the sandbox has no address book');
  t.equal((await request('POST', '/api/contacts', { token, body: { name: 'Já Existe', number: '5511966660001' } })).status, 200);
  const phone = { listContacts: async () => [{ number: '5511966660001', name: 'Já Existe' }, { number: '5511966660002', name: 'Carla' }, { number: '5511966660003', name: 'Davi' }] };
  (app.sessions as unknown as { provider: () => unknown }).provider = () => phone;
  const imported = await request('POST', '/api/contacts/import', { token, body: {} });
  t.equal(imported.status, 200);
  t.same(imported.body.newContacts.map((c: { contactName: string }) => c.contactName).sort(), ['Carla', 'Davi'], 'the new numbers are added');
  t.equal(imported.body.errorBag.length, 1, 'the existing one is reported, not duplicated');
  t.ok(await Contact.scoped(1).findOne({ number: '5511966660003' }), 'stored in the caller\'s company');
  const other = await createTenant('Outra Agenda');
  const foreign = await request('POST', '/api/contacts/import', { token: other.admin.token, body: { whatsappId: (await defaultConnection()).id } });
  t.same([foreign.status, foreign.body.error], [404, 'ERR_NO_WAPP_FOUND'], 'another company\'s connection is not found');
});

t.test('a cross-origin preflight is answered: a clear refusal without CORS_ORIGINS or for an unlisted origin', async (t) => {
  const preflight = (app: Awaited<ReturnType<typeof build>>['app'], origin: string) =>
    app.inject({ method: 'OPTIONS', url: '/api/auth/me', headers: { origin, 'access-control-request-method': 'GET' } });
  const closed = await build(t, { config: { publicUrl: 'https://atrium.example.com' } });
  const refused = await preflight(closed.app, 'https://app.example.com');
  t.same([refused.statusCode, refused.json().error], [403, 'ERR_ORIGIN_NOT_ALLOWED'], 'no CORS_ORIGINS: 403 with the code, not 404');
  t.equal(refused.headers['access-control-allow-origin'], undefined, 'and no CORS header');
  const open = await build(t, { config: { publicUrl: 'https://atrium.example.com', corsOrigins: ['https://app.example.com'] } });
  t.equal((await preflight(open.app, 'https://app.example.com')).statusCode, 204, 'a listed origin is answered');
  const unlisted = await preflight(open.app, 'https://evil.example');
  t.same([unlisted.statusCode, unlisted.json().error], [403, 'ERR_ORIGIN_NOT_ALLOWED'], 'an unlisted one is refused clearly');
});
