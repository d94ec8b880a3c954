import t from 'tap';
import ExcelJS from 'exceljs';
import { Secret, TOTP } from 'otpauth';
import { AUDIT_EXEMPT } from '../../src/audit/exempt.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../helper.js';
import { Contact, Queue, RefreshTokenFamily, Tag, Ticket, Whatsapp } from '../../src/db/models/index.js';
import { toDbTime } from '../../src/db/time.js';
import { multipart } from '../contacts/multipart.js';
import { PNG } from '../pipeline/http.js';
import { configureBilling, openInvoice } from '../billing/fixtures.js';
import { apiRoutes, buildWithFixturePlugins, fillUrl, sample, type ApiRoute } from '../security/routes.js';

/**
 * Every write route of the route table (the core's, its plugins', the test plugins') that succeeds leaves at least
 * one audit entry naming it, written by its caller; routes that are not staff changes are in AUDIT_EXEMPT with why.
 * Creates run first (each later route of the same path gets the id its create answered), then updates and actions,
 * deletes last (a sub-resource's before its owner's). What a route needs beyond its sample body is data (NEEDS):
 * references built first, a body, an upload, the route whose state it needs. The routes the walk still cannot run
 * to success are listed in NOT_JUDGED with why: a write route neither judged nor listed fails the test.
 */

/** Routes the walk does not run to success, and why. */
const NOT_JUDGED: Record<string, string> = {
  // Its success needs a contact met on an opaque channel (a plugin's provider; the walk's contacts are phone contacts,
  // two of which are refused 409): its audit entries are checked in core/test/contacts/identities.test.ts.
  'POST /api/contacts/:id/merge': 'needs a contact of an opaque-addressed channel (identities.test.ts checks its audit)',
};

// A number not imported before: an import of numbers already there changes nothing.
let imported = 0;
const xlsx = async () => {
  const wb = new ExcelJS.Workbook();
  wb.addWorksheet('Contacts').addRows([['name', 'number'], ['Audit Import', `55119555502${String(imported++).padStart(2, '0')}`]]);
  return Buffer.from(await wb.xlsx.writeBuffer());
};
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const WEEK = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

/** What the walk builds before it starts, for the bodies and paths to name. */
interface Refs {
  connectionId: number; offlineConnectionId: number; contactListId: number; flowId: number; tenantCompanyId: number; invoiceId: number;
  /** The id a create route of the walk answered (by its URL). */
  created(url: string): number | undefined;
  /** The body a route of the walk answered. */
  reply(key: string): any;
}
interface Upload { filename: string; content: () => Promise<Buffer> | Buffer; mimetype: string }
interface Need {
  /** Fields over the sample body. */
  body?: (refs: Refs) => Record<string, unknown>;
  /** Path parameters by name. */
  params?: (refs: Refs) => Record<string, string | number>;
  /** A multipart body with this one file. */
  upload?: Upload;
  /** Routes that must have run first (the state this one needs). */
  after?: string[];
  /** Run just before the route (a state to restore). */
  prepare?: (refs: Refs, call: (method: string, url: string, body?: unknown) => Promise<unknown>) => Promise<void>;
  /** Another caller's token (an impersonation's). */
  token?: (refs: Refs) => string;
}

const png: Upload = { filename: 'probe.png', content: () => PNG, mimetype: 'image/png' };
const sheet: Upload = { filename: 'contacts.xlsx', content: xlsx, mimetype: XLSX_TYPE };
const totp = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate();
// A campaign on a connection that is not connected: started, it stays running without sending anything.
const campaignBody = (refs: Refs) => ({ whatsappId: refs.offlineConnectionId, contactListId: refs.contactListId, tagId: null, tagListId: null, fileListId: null, scheduledAt: null, template: null });
const integrationBody = () => ({ type: 'n8n', urlN8N: 'https://example.test/hook', jsonContent: null, flowId: null, typebotSlug: null });

const NEEDS: Record<string, Need> = {
  // A replaced external API token needs 16 characters (the sampled 'probe…' is refused, as it should be).
  'PUT /api/whatsapp/:id': { body: () => ({ token: `replaced-api-token-${Date.now()}` }) },
  'POST /api/auth/2fa/enable': { after: ['POST /api/auth/2fa/setup'], body: (refs) => ({ code: totp(refs.reply('POST /api/auth/2fa/setup').secret) }) },
  // Right after its enrolment: signed in with a second factor, the walk could not sign in again.
  'POST /api/auth/2fa/disable': { after: ['POST /api/auth/2fa/enable'], body: () => ({ password: ADMIN_PASSWORD }) },
  'POST /api/subscription': { body: (refs) => ({ invoiceId: refs.invoiceId }) },
  'POST /api/subscription/sandbox/pay': { after: ['POST /api/subscription'], body: (refs) => ({ invoiceId: refs.invoiceId }) },
  'POST /api/contacts/upload': { upload: sheet },
  'POST /api/contacts/import': { upload: sheet },
  'POST /api/contacts/importCsv': { upload: { filename: 'contacts.csv', content: () => Buffer.from('name;number\nAudit Csv;5511955550102\n'), mimetype: 'text/csv' } },
  'POST /api/files': { body: () => ({ options: [{ name: 'A' }] }) },
  'PUT /api/files/:id': { body: () => ({ options: [{ name: 'B' }] }) },
  'POST /api/files/uploadList/:id': { upload: png },
  'POST /api/auth/impersonate/:companyId': { params: (refs) => ({ companyId: refs.tenantCompanyId }) },
  'POST /api/auth/impersonate/back': { after: ['POST /api/auth/impersonate/:companyId'], token: (refs) => refs.reply('POST /api/auth/impersonate/:companyId').token },
  'POST /api/campaigns': { body: campaignBody },
  'PUT /api/campaigns/:id': { body: campaignBody },
  'POST /api/campaigns/:id/cancel': { after: ['POST /api/campaigns/:id/start'] },
  'POST /api/campaigns/:id/media-upload': { after: ['POST /api/campaigns/:id/cancel'], upload: png },
  'POST /api/campaigns/:id/restart': { after: ['POST /api/campaigns/:id/media-upload'] },
  // Restarted, it runs: a running campaign is cancelled before its media and itself are deleted. Its one-contact list
  // may be sent already (then it is finished, and cancelling answers ERR_INVALID_TRANSITION: nothing to stop).
  'DELETE /api/campaigns/:id/media-upload': {
    prepare: async (refs, call) => {
      await call('POST', `/api/campaigns/${refs.created('/api/campaigns')}/cancel`).catch((err: Error) => {
        if (!err.message.includes('ERR_INVALID_TRANSITION')) throw err;
      });
    },
  },
  'POST /api/flowbuilder/flow': { body: (refs) => ({ idFlow: refs.flowId, nodes: [{ id: 'start', type: 'start', position: { x: 0, y: 0 }, data: {} }], connections: [] }) },
  'POST /api/flowbuilder/img': { upload: png },
  'POST /api/flowbuilder/content': { upload: png },
  'POST /api/flowbuilder/audio': { upload: { filename: 'probe.ogg', content: () => Buffer.from('OggS probe audio'), mimetype: 'audio/ogg' } },
  'POST /api/flowbuilder/video': { upload: { filename: 'probe.mp4', content: () => Buffer.from('probe video'), mimetype: 'video/mp4' } },
  'PUT /api/flowcampaign': { body: (refs) => ({ id: refs.created('/api/flowcampaign') }) },
  'POST /api/queueIntegration': { body: integrationBody },
  'PUT /api/queueIntegration/:id': { body: integrationBody },
  'PUT /api/companies/:id/schedules': {
    body: () => ({ schedules: WEEK.map((weekdayEn) => ({ weekday: weekdayEn, weekdayEn, startTime: '08:00', endTime: '18:00' })) }),
  },
  'POST /api/users/set-language/:lang': { params: () => ({ lang: 'en' }) },
  'PUT /api/settings/:key': { params: () => ({ key: 'userRating' }), body: () => ({ value: 'enabled' }) },
  'POST /api/settings/branding/:key': { params: () => ({ key: 'appLogoLight' }), upload: png },
  'DELETE /api/settings/branding/:key': { params: () => ({ key: 'appLogoLight' }) },
  'POST /api/quick-messages/:id/media-upload': { upload: png },
  'POST /api/copilot/articles/import/file': { upload: { filename: 'article.md', content: () => Buffer.from('# Audit article\n\nText.\n'), mimetype: 'text/markdown' } },
  'POST /api/announcements/:id/media-upload': { upload: png },
  'POST /api/schedules/:id/media-upload': { upload: png },
  'POST /api/contact-lists/:id/upload': { upload: sheet },
};

const keyOf = (r: Pick<ApiRoute, 'method' | 'url'>) => `${r.method} ${r.url}`;
const depth = (url: string) => url.split('/').length;
/** Creates first, then the other writes without and with path parameters, deletes last (the deeper path first). */
const phase = (r: ApiRoute) => (r.method === 'DELETE' ? 3 : r.method === 'POST' && r.params.length === 0 ? 0 : 1 + (r.params.length > 0 ? 1 : 0));
const byPhase = (a: ApiRoute, b: ApiRoute) => phase(a) - phase(b) || (phase(a) === 3 ? depth(b.url) - depth(a.url) : 0);

t.test('every successful staff write leaves an audit entry', async (t) => {
  const env = await buildWithFixturePlugins(t, { config: { allowPrivateUrls: true } });
  const { app, login } = env;
  let token = env.token;
  // A route that ends sessions (a 2FA change, a logout) leaves the walk signed out: sign in again and retry once.
  const request = async (method: string, url: string, body: unknown, headers?: Record<string, string>, as?: string) => {
    let res = await env.request(method, url, { token: as ?? token, body, headers });
    if (!as && res.status === 403 && res.body?.error === 'ERR_SESSION_EXPIRED') {
      token = await login(ADMIN_EMAIL, ADMIN_PASSWORD);
      res = await env.request(method, url, { token, body, headers });
    }
    return res;
  };
  const call = async (method: string, url: string, body?: unknown) => {
    const res = await request(method, url, body);
    if (res.status !== 200) throw new Error(`${method} ${url} → ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const queueId = (await Queue.scoped(1).insertAndFetch({ name: 'Audit queue', color: '#abcdef', orderQueue: 9 } as Partial<Queue>)).id;
  const contact = await Contact.scoped(1).insertAndFetch({ uuid: 'audit-contact', name: 'Cliente', number: '5511970000010' } as Partial<Contact>);
  const ticket = await Ticket.scoped(1).insertAndFetch({ uuid: 'audit-ticket', contactId: contact.id, status: 'open', unreadMessages: 0, isGroup: false, chatbot: false, amountUsedBotQueues: 0, useIntegration: false } as Partial<Ticket>);
  // A kanban lane the ticket is in, so moving the card out of it changes something.
  const lane = await Tag.scoped(1).insertAndFetch({ name: 'Audit lane', color: '#000000', kanban: 1 } as Partial<Tag>);
  await app.knex('ticketTags').insert({ companyId: 1, ticketId: ticket.id, tagId: lane.id, createdAt: toDbTime(new Date()) });
  // A colleague, for the routes that need a second person (an internal chat's members).
  const colleague = await env.createUser(1, { name: 'Audit colleague' });
  // What the plugins' bodies name (a contact list with a number, a flow, a connection), a company with an admin to view
  // as, and an open invoice the sandbox gateway can charge and settle.
  const connection = (await Whatsapp.scoped(1).where({ isDefault: true }).first())!;
  // Stopped on purpose: a connection merely DISCONNECTED is started by the session manager's sweep (a sandbox one then
  // connects by itself), and a campaign on it would finish before the walk deletes its media (seen under load).
  const offline = await Whatsapp.scoped(1).insertAndFetch({ name: 'Audit offline', provider: connection.provider, status: 'DISCONNECTED', isDefault: false, userStopped: true } as Partial<Whatsapp>);
  const list = await call('POST', '/api/contact-lists', { name: 'Audit list' });
  await call('POST', '/api/contact-list-items', { name: 'Audit item', number: '5511955550100', contactListId: list.id });
  const flow = await call('POST', '/api/flowbuilder', { name: 'Audit flow' });
  const tenant = await env.createTenant('Audit Tenant');
  await configureBilling(env, { billingGateway: 'sandbox' });
  const invoice = await openInvoice(1);

  const createdIds = new Map<string, number>();
  const replies = new Map<string, any>();
  const refs: Refs = {
    connectionId: connection.id, offlineConnectionId: offline.id, contactListId: list.id, flowId: flow.id, tenantCompanyId: tenant.companyId, invoiceId: invoice.id,
    created: (url) => createdIds.get(url), reply: (key) => replies.get(key),
  };
  // Real references where a sample id would point at nothing; optional pointers left empty; values the sample
  // cannot guess (a webhook secret's minimum length, a chat's members, a schedule still to be sent).
  const values: Record<string, unknown> = {
    contactId: contact.id, ticketId: ticket.id, queueId, integrationId: null, promptId: null, parentId: null, fileListId: null,
    number: '5511999990000', whatsappId: null, userId: null, contactListId: list.id, flowId: flow.id,
    webhookSecret: 'audit-walk-webhook-secret-0123456789', users: [{ id: colleague.id }],
    sendAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
  };
  // A session of the caller (user 1) to end, made just before each route naming a :sessionId (a sign-in of the walk
  // would end one made earlier): not the walk's own, whose token goes on.
  const anotherSession = async () => (await RefreshTokenFamily.scoped(1).insertAndFetch({ userId: 1, generation: 0 } as Partial<RefreshTokenFamily>)).id;
  const filler = (routeUrl: string, owner: string | undefined, given: Record<string, string | number>, sessionId?: number) => (param: string) => {
    if (param in given) return String(given[param]);
    if (param === 'ticketId') return String(ticket.id);
    if (param === 'sessionId') return String(sessionId);
    // A session belongs to its user: the caller, whose sessions were made above.
    if (routeUrl.includes('/sessions/') && param === 'id') return '1';
    return String(owner ? createdIds.get(owner) : queueId);
  };
  const routes = apiRoutes(app);
  const writes = routes.filter((r) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method) && !r.isPublic).sort(byPhase);
  const stale = Object.keys(AUDIT_EXEMPT).filter((key) => !writes.some((r) => keyOf(r) === key));
  t.same(stale, [], 'every exemption names a write route that exists');
  t.same(Object.keys(NEEDS).filter((key) => !writes.some((r) => keyOf(r) === key)), [], 'every need names a write route that exists');
  const silent: string[] = [];
  const judged: string[] = [];
  const notRun = new Map<string, string>();
  const pending = writes.filter((r) => !AUDIT_EXEMPT[keyOf(r)]);
  const ran = new Set<string>();
  // In phase order, each route once the routes it needs have run.
  const ready = (r: ApiRoute) => (NEEDS[keyOf(r)]?.after ?? []).every((k) => ran.has(k) || !pending.some((p) => keyOf(p) === k));
  while (pending.length > 0) {
    const route = pending.splice(Math.max(0, pending.findIndex(ready)), 1)[0];
    const key = keyOf(route);
    ran.add(key);
    const need = NEEDS[key] ?? {};
    await need.prepare?.(refs, call);
    const owner = [...createdIds.keys()].filter((url) => route.url === url || route.url.startsWith(`${url}/`)).sort((a, b) => b.length - a.length)[0];
    const url = fillUrl(route.url, filler(route.url, owner, need.params?.(refs) ?? {}, route.params.includes('sessionId') ? await anotherSession() : undefined));
    const before = Number((await app.knex('auditLogs').max('id as id'))[0]?.id ?? 0);
    let body: unknown;
    let headers: Record<string, string> | undefined;
    if (need.upload) {
      ({ payload: body, headers } = multipart({}, [{ field: 'medias', filename: need.upload.filename, content: await need.upload.content(), mimetype: need.upload.mimetype }]));
    } else if (route.method !== 'DELETE') {
      const sampled = sample(route.schema.body, { id: queueId, text: `probe${judged.length}`, fitPatterns: true, values });
      body = need.body ? { ...(sampled as object), ...need.body(refs) } : sampled;
    }
    const res = await request(route.method, url, body, headers, need.token?.(refs));
    if (res.status < 200 || res.status >= 300) { notRun.set(key, `${res.status} ${JSON.stringify(res.body).slice(0, 120)}`); continue; }
    replies.set(key, res.body);
    if (route.method === 'POST' && typeof res.body?.id === 'number') createdIds.set(route.url, res.body.id);
    judged.push(key);
    // Written by the caller (or, for the start of an impersonation, with the caller as the super user behind it).
    const entries = await app.knex('auditLogs').where('id', '>', before).where({ route: key }).where((q) => q.where({ userId: 1 }).orWhere({ impersonatorId: 1 }));
    if (entries.length === 0) silent.push(key);
  }
  t.comment(`judged ${judged.length} routes: ${judged.join(', ')}; silent: ${silent.join(', ')}`);
  t.comment(` not judged:\n${[...notRun].map(([key, why]) => `${key} → ${why}`).join('\n')}`);
  t.same(silent, [], 'no successful write route leaves no entry');
  t.same([...notRun.keys()].sort(), Object.keys(NOT_JUDGED).sort(), 'the routes not judged are the listed ones (each with why)');
  t.ok(judged.length >= 120, `${judged.length} write routes succeeded and were judged`);
});
