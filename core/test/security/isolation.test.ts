import t from 'tap';
import { randomUUID } from 'node:crypto';
import {
  Contact, ContactCustomField, FileList, FileListOption, Invoice, Message, Queue, QueueOption, QuickMessage, Schedule, Setting,
  Tag, Ticket, TicketNote, User, Whatsapp,
} from '../../src/db/models/index.js';
import { toDbTime } from '../../src/db/time.js';
import { hashPassword } from '../../src/util/password.js';
import { apiRoutes, buildWithFixturePlugins, FIXTURE_FLAGS, loadedPluginFlags } from './routes.js';
import { assertWalks, foreignCompanyWalk, idsOwnedBy, tablesWithCompanyId } from './walks.js';

/**
 * Company 1 holds one row in every tenant table, each carrying MARKER. A second company's admin calls every
 * /api route (the app's own route table, so routes added later are covered) with company 1's ids. Nothing may
 * leak the marker, no GET/PUT/DELETE on company 1's id may succeed, and company 1's rows must be unchanged.
 */
const MARKER = 'SECRET-ALPHA';
const A = 1;

// Explicit ids far apart per table, so company B's own new rows never share an id with company A's.
const idFor = (slot: number) => 700_000 + slot * 1000;

async function seedCompanyA() {
  const uuids = { contact: randomUUID(), ticket: randomUUID() };
  const queue = await Queue.scoped(A).insertAndFetch({ id: idFor(1), name: `${MARKER} queue`, color: '#a1b2c3', greetingMessage: MARKER } as Partial<Queue>);
  // Stopped on purpose: with Redis the session sweep starts every connection that is not, which would change the row.
  const wa = await Whatsapp.scoped(A).insertAndFetch({ id: idFor(2), name: `${MARKER} wa`, provider: 'sandbox', status: 'DISCONNECTED', isDefault: false, greetingMessage: MARKER, token: `${MARKER}-token`, userStopped: true } as Partial<Whatsapp>);
  const user = await User.scoped(A).insertAndFetch({ id: idFor(3), name: `${MARKER} user`, email: 'secret-alpha@atrium.test', passwordHash: await hashPassword('Secret-1'), profile: 'user', super: false, allTicket: 'enabled' } as Partial<User>);
  const contact = await Contact.scoped(A).insertAndFetch({ id: idFor(4), uuid: uuids.contact, name: `${MARKER} contact`, number: '5511977770001', email: 'secret-alpha-contact@atrium.test' } as Partial<Contact>);
  await ContactCustomField.scoped(A).insert({ id: idFor(5), contactId: contact.id, name: MARKER, value: MARKER } as Partial<ContactCustomField>);
  const tag = await Tag.scoped(A).insertAndFetch({ id: idFor(6), name: `${MARKER} tag`, color: '#123456' } as Partial<Tag>);
  const ticket = await Ticket.scoped(A).insertAndFetch({ id: idFor(7), uuid: uuids.ticket, contactId: contact.id, whatsappId: wa.id, userId: user.id, queueId: queue.id, status: 'open', lastMessage: MARKER } as Partial<Ticket>);
  await Message.scoped(A).insert({ id: idFor(8), ticketId: ticket.id, contactId: contact.id, whatsappId: wa.id, body: MARKER, fromMe: false, ack: 1, providerId: `${MARKER}-msg` } as Partial<Message>);
  await TicketNote.scoped(A).insert({ id: idFor(9), ticketId: ticket.id, contactId: contact.id, userId: user.id, note: MARKER } as Partial<TicketNote>);
  await QuickMessage.scoped(A).insert({ id: idFor(10), userId: user.id, shortcode: `${MARKER}-sc`, message: MARKER } as Partial<QuickMessage>);
  await Schedule.scoped(A).insert({ id: idFor(11), contactId: contact.id, ticketId: ticket.id, userId: user.id, whatsappId: wa.id, body: MARKER, sendAt: toDbTime(Date.now() + 30 * 86_400_000), status: 'PENDENTE' } as Partial<Schedule>);
  const fileList = await FileList.scoped(A).insertAndFetch({ id: idFor(12), name: `${MARKER} files`, message: MARKER } as Partial<FileList>);
  await FileListOption.scoped(A).insert({ id: idFor(13), fileListId: fileList.id, name: MARKER } as Partial<FileListOption>);
  await Invoice.scoped(A).insert({ id: idFor(14), detail: MARKER, value: 1, dueDate: '2030-01-01', status: 'open' } as Partial<Invoice>);
  await Setting.scoped(A).insert({ id: idFor(15), key: 'secretAlpha', value: MARKER } as Partial<Setting>);
  await QueueOption.scoped(A).insert({ id: idFor(16), queueId: queue.id, title: MARKER, message: MARKER, option: '1' } as Partial<QueueOption>);
  // The relay fixture plugin's row (its webhook routes are public): URL, secret and token all carry the marker.
  await Setting.knex()('relaySettings').insert({ id: idFor(17), companyId: A, url: `https://relay.example/${MARKER}`, apiKey: MARKER, inboundToken: `${MARKER}-inbound` });
  // The flow builder plugin's rows: a flow whose graph carries the marker, and a phrase campaign on it.
  const stamp = '2030-01-01 00:00:00.000';
  await Setting.knex()('flowBuilders').insert({ id: idFor(18), companyId: A, name: `${MARKER} flow`, active: true, flow: JSON.stringify({ nodes: [{ id: '1', type: 'message', position: { x: 0, y: 0 }, data: { label: MARKER } }], connections: [] }), createdAt: stamp, updatedAt: stamp });
  await Setting.knex()('flowCampaigns').insert({ id: idFor(19), companyId: A, name: `${MARKER} phrase`, flowId: idFor(18), whatsappId: null, phrase: MARKER, status: true, createdAt: stamp, updatedAt: stamp });
  return { uuids, joins: { userQueues: { companyId: A, userId: user.id, queueId: queue.id }, whatsappQueues: { companyId: A, whatsappId: wa.id, queueId: queue.id }, ticketTags: { companyId: A, ticketId: ticket.id, tagId: tag.id } } };
}

const TENANT_TABLES = [
  'queues', 'whatsapps', 'users', 'contacts', 'contactCustomFields', 'tags', 'tickets', 'messages', 'ticketNotes',
  'quickMessages', 'schedules', 'fileLists', 'fileListOptions', 'invoices', 'settings', 'queueOptions', 'relaySettings',
  'flowBuilders', 'flowCampaigns',
];
const MARKED_SLOTS = TENANT_TABLES.map((_, i) => idFor(i + 1));

t.test('a user of another company can neither see nor change company 1\'s data through any route', async (t) => {
  const { app, createTenant } = await buildWithFixturePlugins(t);
  const { uuids, joins } = await seedCompanyA();
  for (const [table, row] of Object.entries(joins)) await app.knex(table).insert(row);
  const b = await createTenant('Tenant B', { ...loadedPluginFlags(app), ...FIXTURE_FLAGS });

  /** Company A's marker rows (whole rows) and how many rows A has per table. */
  const snapshot = async () => {
    const out: Record<string, unknown> = {};
    for (const table of TENANT_TABLES) {
      out[`${table} rows`] = await app.knex(table).where('companyId', A).whereIn('id', MARKED_SLOTS).orderBy('id');
      out[`${table} count`] = (await app.knex(table).where('companyId', A).count({ n: '*' }))[0].n;
    }
    for (const [table, row] of Object.entries(joins)) out[table] = await app.knex(table).where(row);
    return JSON.parse(JSON.stringify(out));
  };
  const before = await snapshot();
  t.equal((before['tickets rows'] as unknown[]).length, 1, 'marker rows seeded');

  // Every id company A owns, in every tenant table (seeded rows included), and its uuids.
  const aIds = new Set<number>();
  for (const table of TENANT_TABLES) for (const { id } of await app.knex(table).where('companyId', A).select('id')) aIds.add(Number(id));
  aIds.add(A);
  /** Ids company B legitimately owns right now (its rows may be found by id), in the core's and the plugins' tables. */
  const bTables = await tablesWithCompanyId(app.knex);
  const bOwned = async () => new Set<number>([b.companyId, b.planId, ...await idsOwnedBy(app.knex, b.companyId, bTables)]);

  const routes = apiRoutes(app);
  t.ok(routes.some((r) => r.url === '/api/users/:id'), 'route table lists the core routes');
  t.ok(routes.some((r) => r.url === '/api/relay/hooks/:token' && r.isPublic), 'and the plugins\' routes, their declared public ones marked public');
  const isolation = await foreignCompanyWalk({
    app, routes, token: b.admin.token, marker: MARKER, otherValues: [uuids.contact, uuids.ticket],
    probeIds: async () => { const owned = await bOwned(); return [...aIds].filter((id) => !owned.has(id)); },
  });
  t.ok(isolation.sent > routes.length, `${isolation.sent} requests sent as company B`);
  assertWalks(t, { isolation });
  t.same(await snapshot(), before, 'company 1\'s rows are unchanged');
});
