import t from 'tap';
import { randomUUID } from 'node:crypto';
import {
  Contact, FileList, FileListOption, Invoice, Message, Queue, QueueOption, Schedule, Setting, Tag, Ticket, User, Whatsapp,
} from '../../src/db/models/index.js';
import { toDbTime } from '../../src/db/time.js';
import { hashPassword } from '../../src/util/password.js';
import { apiRoutes, buildWithFixturePlugins, fillUrl, FIXTURE_FLAGS, loadedPluginFlags, sample, type ApiRoute, type Schema } from './routes.js';

/**
 * Issue 26 finding 10, as a rule over the route table (core, plugins and fixture plugins): a row may not point at
 * another company's rows. Every id-shaped field of every write route's body (`id`, `…Id`, `…Ids`, `idFlow`, and
 * the `id` of array items), filled with an id of company A's row of the table it names, is refused with 404, as
 * for a missing row. Each route is also called with company B's own ids (the same body otherwise), which must
 * succeed: so the refusal is the foreign id's, not another rule's.
 */

/** The table a body field points at, by its name; null: not a reference to a tenant row (why in the comment). */
const REFERENCES: Record<string, string | null> = {
  queueId: 'queues', queueIds: 'queues', transferQueueId: 'queues',
  whatsappId: 'whatsapps', userId: 'users', 'users[].id': 'users', 'users[].userId': 'users', contactId: 'contacts', sourceContactId: 'contacts', ticketId: 'tickets',
  tagId: 'tags', tagListId: 'tags', 'tags[].id': 'tags', fileListId: 'fileLists', 'options[].id': 'fileListOptions',
  parentId: 'queueOptions', invoiceId: 'invoices',
  promptId: 'prompts', integrationId: 'queueIntegrations', flowId: 'flowBuilders', idFlow: 'flowBuilders',
  contactListId: 'contactLists',
  // Message actions (issue 28): forward names the message it copies.
  messageId: 'messages',
  // A body's companyId (sent by the spec's client) must be the caller's own.
  companyId: 'companies',
  // Plans are the operator's, shared by every company: not a tenant row.
  planId: null,
  // Meta's ids of a Cloud API number and business account (Graph API ids), not rows.
  phoneNumberId: null, wabaId: null,
  // The flow graph's node and edge ids are the editor's names inside one graph, not rows.
  'nodes[].id': null, 'connections[].id': null,
};
/** A route's own `id` body field names the row it changes: its table. */
const BODY_ID_TABLE: Record<string, string> = {
  'PUT /api/flowcampaign': 'flowCampaigns',
  'POST /api/queueIntegration/testSession': 'queueIntegrations',
};
/** The table of a route's `:id` (the row a PUT changes): company B's own row is used. */
const PARAM_TABLE: [RegExp, string][] = [
  [/^\/api\/users\/:id/, 'users'], [/^\/api\/whatsapp\/:id/, 'whatsapps'], [/^\/api\/tickets\/:id/, 'tickets'],
  [/^\/api\/queue\/:id/, 'queues'], [/^\/api\/queue-options\/:id/, 'queueOptions'], [/^\/api\/schedules\/:id/, 'schedules'],
  [/^\/api\/files\/:id/, 'fileLists'], [/^\/api\/contact-list-items\/:id/, 'contactListItems'], [/^\/api\/campaigns\/:id/, 'campaigns'],
  [/^\/api\/messages\/react\/:messageId/, 'messages'], [/^\/api\/queueIntegration\/:id/, 'queueIntegrations'], [/^\/api\/chats\/:id/, 'chats'], [/^\/api\/prompt\/:id/, 'prompts'],
];
/** Routes whose id fields the suite does not probe, with why. */
const NOT_PROBED: Record<string, string> = {
  'POST /api/companies': 'super user only: the operator manages every company',
  'PUT /api/companies/:id': 'super user only',
  'POST /api/invoices': 'super user only: invoices are created for any company',
  'POST /api/contacts/:id/merge': 'needs a contact of an opaque-addressed channel to succeed: its foreign ids (both the path and the body) are refused in core/test/contacts/identities.test.ts',
  'POST /api/subscription/webhook/asaas': 'public: the gateway\'s own payment ids, authenticated by the gateway token',
  'POST /api/meta-messaging/webhook/:publicId': 'public: Meta\'s own Page and message ids (entry[].id), authenticated by the app secret\'s signature',
  ...Object.fromEntries(['POST /api/external/messages/:messageId/edit', 'POST /api/external/messages/:messageId/react', 'POST /api/external/messages/forward']
    .map((key) => [key, 'a connection token, not a session, authenticates it: its foreign ids are refused in core/test/external-api/actions.test.ts'])),
};

const isIdName = (name: string) => name === 'id' || /Ids?$/.test(name) || /^id[A-Z]/.test(name);

/** Every id-shaped field of a body schema: `name` (top level) or `list[].id` (items of an array of objects). */
function idFields(schema: Schema | undefined): string[] {
  const out = new Set<string>();
  const visit = (s: Schema | undefined, prefix: string) => {
    if (!s) return;
    for (const branch of [...(s.anyOf ?? []), ...(s.oneOf ?? [])]) visit(branch, prefix);
    for (const [key, child] of Object.entries(s.properties ?? {})) {
      if (isIdName(key)) out.add(`${prefix}${key}`);
      const items = [child, ...(child.anyOf ?? [])].find((c) => c.items)?.items;
      if (items) visit(items, `${prefix}${key}[].`);
    }
  };
  visit(schema, '');
  return [...out];
}

type Ids = Record<string, number[]>;

/** One row per tenant table for a company (two of some, so a write can pick a free one). Answers the ids per table. */
async function seed(app: Awaited<ReturnType<typeof buildWithFixturePlugins>>['app'], companyId: number, tag: string, me?: number): Promise<Ids> {
  const knex = app.knex;
  const stamp = '2030-01-01 00:00:00.000';
  const queue = await Queue.scoped(companyId).insertAndFetch({ name: `${tag} queue`, color: '#a1b2c3' } as Partial<Queue>);
  const queue2 = await Queue.scoped(companyId).insertAndFetch({ name: `${tag} queue 2`, color: '#a1b2c4' } as Partial<Queue>);
  const wa = await Whatsapp.scoped(companyId).insertAndFetch({ name: `${tag} wa`, provider: 'sandbox', status: 'DISCONNECTED', isDefault: false, userStopped: true } as Partial<Whatsapp>);
  const user = await User.scoped(companyId).insertAndFetch({ name: `${tag} user`, email: `${tag.toLowerCase()}-user@refs.test`, passwordHash: await hashPassword('Secret-1'), profile: 'user', super: false, allTicket: 'enabled' } as Partial<User>);
  const contact = await Contact.scoped(companyId).insertAndFetch({ uuid: randomUUID(), name: `${tag} contact`, number: `55119777${companyId}0001` } as Partial<Contact>);
  const contact2 = await Contact.scoped(companyId).insertAndFetch({ uuid: randomUUID(), name: `${tag} contact 2`, number: `55119777${companyId}0002` } as Partial<Contact>);
  const tagRow = await Tag.scoped(companyId).insertAndFetch({ name: `${tag} tag`, color: '#123456' } as Partial<Tag>);
  const ticket = await Ticket.scoped(companyId).insertAndFetch({ uuid: randomUUID(), contactId: contact.id, whatsappId: wa.id, queueId: queue.id, status: 'pending' } as Partial<Ticket>);
  const message = await Message.scoped(companyId).insertAndFetch({
    ticketId: ticket.id, contactId: contact.id, whatsappId: wa.id, body: `${tag} message`, fromMe: false, ack: 0, read: true,
    isDeleted: false, isEdited: false, status: 'received',
  } as Partial<Message>);
  const fileList = await FileList.scoped(companyId).insertAndFetch({ name: `${tag} files`, message: 'm' } as Partial<FileList>);
  const option = await FileListOption.scoped(companyId).insertAndFetch({ fileListId: fileList.id, name: `${tag} option` } as Partial<FileListOption>);
  const queueOption = await QueueOption.scoped(companyId).insertAndFetch({ queueId: queue.id, title: `${tag} option`, message: 'm', option: '1' } as Partial<QueueOption>);
  const schedule = await Schedule.scoped(companyId).insertAndFetch({ contactId: contact.id, whatsappId: wa.id, body: 'b', sendAt: toDbTime(Date.now() + 30 * 86_400_000), status: 'PENDENTE' } as Partial<Schedule>);
  const invoice = await Invoice.scoped(companyId).insertAndFetch({ detail: `${tag} invoice`, value: 1, dueDate: '2030-01-01', status: 'open' } as Partial<Invoice>);
  const insert = async (table: string, row: Record<string, unknown>) => Number((await knex(table).insert({ companyId, ...row }))[0]);
  const prompt = await insert('prompts', { name: `${tag} prompt`, prompt: 'p', model: 'gpt-4o-mini', maxTokens: 100, temperature: 1, apiKey: app.atrium.secrets.encrypt('sk-x'), queueId: queue.id, maxMessages: 10 });
  const flow = await insert('flowBuilders', { name: `${tag} flow`, active: true, flow: null, createdAt: stamp, updatedAt: stamp });
  const integration = await insert('queueIntegrations', { type: 'flowbuilder', name: `${tag} integration`, projectName: `${tag} integration`, flowId: flow, typebotDelayMessage: 1000, typebotExpires: 1 });
  const flowCampaign = await insert('flowCampaigns', { name: `${tag} phrase`, flowId: flow, whatsappId: null, phrase: `${tag} phrase`, status: true, createdAt: stamp, updatedAt: stamp });
  const contactList = await insert('contactLists', { name: `${tag} list`, createdAt: stamp, updatedAt: stamp });
  const contactListItem = await insert('contactListItems', { contactListId: contactList, name: `${tag} item`, number: `55119888${companyId}0001`, createdAt: stamp, updatedAt: stamp });
  const campaign = await insert('campaigns', { name: `${tag} campaign`, status: 'INATIVA', whatsappId: wa.id, contactListId: contactList, createdAt: stamp, updatedAt: stamp });
  // The chat is the writer's (`me`), with the company's user as a member.
  const chat = await insert('chats', { uuid: randomUUID(), title: `${tag} chat`, ownerId: me ?? user.id, createdAt: stamp, updatedAt: stamp });
  for (const member of new Set([me ?? user.id, user.id])) await knex('chatUsers').insert({ chatId: chat, userId: member, unreads: 0, createdAt: stamp, updatedAt: stamp });
  return {
    queues: [queue.id, queue2.id], whatsapps: [wa.id], users: [user.id], contacts: [contact.id, contact2.id], tags: [tagRow.id], tickets: [ticket.id],
    fileLists: [fileList.id], fileListOptions: [option.id], queueOptions: [queueOption.id], schedules: [schedule.id], invoices: [invoice.id],
    prompts: [prompt], flowBuilders: [flow], queueIntegrations: [integration], flowCampaigns: [flowCampaign], contactLists: [contactList],
    contactListItems: [contactListItem], campaigns: [campaign], chats: [chat], messages: [message.id], companies: [companyId], me: [me ?? user.id],
  };
}

/**
 * Fields set over the generated sample where it cannot be acceptable (a rule beyond the schema), per route. An id
 * field set here keeps this value in the calls with company B's ids (a field probed is still replaced by A's id).
 */
const BASELINE: Record<string, (b: Ids) => Record<string, unknown>> = {
  'POST /api/users': () => ({ super: false, profile: 'user' }),
  'PUT /api/users/:id': () => ({ super: false, profile: 'user' }),
  'POST /api/tickets': (b) => ({ contactId: b.contacts[1], status: 'open' }), // the first contact has a live ticket
  'POST /api/queue': () => ({ schedules: [] }),
  'PUT /api/queue/:id': () => ({ schedules: [] }),
  'PUT /api/queue-options/:id': () => ({ parentId: null }), // the option itself: not its own parent
  'POST /api/flowbuilder/flow': () => ({ nodes: [], connections: [] }),
  'POST /api/queueIntegration': () => ({ type: 'flowbuilder', urlN8N: null, jsonContent: null, typebotSlug: null, webhookSecret: null }),
  'PUT /api/queueIntegration/:id': () => ({ type: 'flowbuilder', urlN8N: null, jsonContent: null, typebotSlug: null, webhookSecret: null }),
  'POST /api/contact-list-items': () => ({ number: '5511933330001' }),
  'PUT /api/contact-list-items/:id': () => ({ number: '5511933330002' }),
  // A contact list or a tag, not both: the tag fields are still probed one by one. A Cloud API template needs a
  // Cloud connection (the seeded one is the sandbox).
  'POST /api/campaigns': () => ({ tagListId: null, tagId: null, template: null }),
  'PUT /api/campaigns/:id': () => ({ tagListId: null, tagId: null, template: null }),
  'POST /api/files': () => ({ options: [{ name: 'new option' }] }), // a new list has no options to name by id
  'POST /api/chats/:id/read': (b) => ({ userId: b.me[0] }), // only the caller's own counter
  'POST /api/prompt': () => ({ model: 'gpt-4o-mini' }),
  'PUT /api/prompt/:id': () => ({ model: 'gpt-4o-mini' }),
  'POST /api/messages/react/:messageId': () => ({ emoji: '👍' }), // a reaction is an emoji
  // No channel settings (they belong to a plugin's connection kind); the connection keeps its API token.
  'POST /api/whatsapp': () => ({ settings: undefined }),
  'PUT /api/whatsapp/:id': () => ({ token: undefined }),
};
/** Routes whose call with company B's own ids cannot succeed here, with why: it must then fail for another reason than a 404. */
const BASELINE_UNREACHABLE: Record<string, string> = {
  'POST /api/queueIntegration/testSession': 'it calls Dialogflow (not reachable from the tests)',
  ...Object.fromEntries(['suggest', 'summarise', 'improve', 'translate'].map((r) => [`POST /api/copilot/${r}`,
    'B has no model set up: ERR_COPILOT_NOT_CONFIGURED once the ticket (or message) is found to be its own'])),
};

t.test('no write route stores a reference to another company\'s row', async (t) => {
  const { app, createTenant } = await buildWithFixturePlugins(t);
  const b = await createTenant('Tenant Refs', { ...loadedPluginFlags(app), ...FIXTURE_FLAGS });
  // Company B's admin writes; company A (1) owns the rows whose ids B tries to reach.
  const aIds = await seed(app, 1, 'ALPHA');
  const bIds = await seed(app, b.companyId, 'BRAVO', b.admin.id);
  // The sandbox gateway takes B's invoice (the operator's setting, company 1's).
  await app.knex('settings').where({ companyId: 1, key: 'billingGateway' }).delete();
  await Setting.scoped(1).insert({ key: 'billingGateway', value: 'sandbox' } as Partial<Setting>);
  app.tenancy.invalidate();
  const routes = apiRoutes(app).filter((r) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method) && r.schema.body && !r.url.startsWith('/api/auth/'));
  const withIds = routes.map((route) => ({ route, fields: idFields(route.schema.body) })).filter((r) => r.fields.length > 0);
  t.ok(withIds.length >= 30, `${withIds.length} write routes take ids in their body`);

  const unknownFields: string[] = [];
  const baselineRefused: string[] = [];
  const foreignAccepted: string[] = [];
  let n = 0;
  const call = (route: ApiRoute, url: string, body: unknown) => app.inject({
    method: route.method as 'POST', url, payload: JSON.stringify(body),
    headers: { authorization: `Bearer ${b.admin.token}`, 'content-type': 'application/json' },
  });
  const tableOf = (key: string, field: string) => (field === 'id' ? BODY_ID_TABLE[key] : REFERENCES[field]);

  for (const { route, fields } of withIds) {
    const key = `${route.method} ${route.url}`;
    if (NOT_PROBED[key]) continue;
    const probed = fields.filter((f) => tableOf(key, f) !== null);
    const missing = probed.filter((f) => tableOf(key, f) === undefined);
    if (missing.length) { unknownFields.push(...missing.map((f) => `${key} ${f}`)); continue; }
    if (probed.length === 0) continue;
    const paramTable = PARAM_TABLE.find(([re]) => re.test(route.url))?.[1];
    const url = fillUrl(route.url, () => String(paramTable ? bIds[paramTable][0] : 1));
    /** The body with company B's own ids in every id field, `field` replaced by company A's when given. */
    const body = (foreign?: string) => {
      n += 1;
      const out = sample(route.schema.body, { id: 1, text: `probe ${n}` }) as Record<string, unknown>;
      const fixed = BASELINE[key]?.(bIds) ?? {};
      Object.assign(out, fixed);
      for (const field of probed) {
        if (field !== foreign && (field in fixed || field.split('[].')[0] in fixed)) continue;
        const table = tableOf(key, field)!;
        const own = bIds[table][0];
        const value = field === foreign ? aIds[table][0] : own;
        const [list, prop] = field.split('[].');
        if (prop) out[list] = [{ ...((out[list] as Record<string, unknown>[] | undefined)?.[0] ?? {}), [prop]: value }];
        else if (/Ids$/.test(field)) out[field] = field === foreign ? [own, value] : [own];
        else out[field] = value;
      }
      return out;
    };
    for (const field of probed) {
      const res = await call(route, url, body(field));
      if (res.statusCode !== 404) foreignAccepted.push(`${key} ${field} → ${res.statusCode} ${res.body.slice(0, 160)}`);
    }
    const own = await call(route, url, body());
    const refused = BASELINE_UNREACHABLE[key] ? own.statusCode === 404 : own.statusCode >= 300;
    if (refused) baselineRefused.push(`${key} → ${own.statusCode} ${own.body.slice(0, 160)}`);
  }
  t.same(unknownFields, [], 'every id field names a known table (REFERENCES) or says why it is not a reference');
  t.same(baselineRefused, [], 'with company B\'s own ids each route succeeds (so the refusals below are the foreign id\'s)');
  t.same(foreignAccepted, [], 'an id of company A\'s row in any id field is refused with 404');
});
