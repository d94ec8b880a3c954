import t from 'tap';
import { AUDIT_EXEMPT } from '../../src/audit/exempt.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../helper.js';
import { Contact, Queue, RefreshTokenFamily, Tag, Ticket } from '../../src/db/models/index.js';
import { toDbTime } from '../../src/db/time.js';
import { apiRoutes, buildWithFixturePlugins, fillUrl, sample } from '../security/routes.js';

/**
 * Every write route of the route table (the core's, its plugins', the test plugins') that succeeds leaves at least
 * one audit entry naming it, written by its caller; routes that are not staff changes are in AUDIT_EXEMPT with why.
 * Creates run first (each later route of the same path gets the id its create answered), deletes last.
 */
const order = (method: string, params: number) => (method === 'DELETE' ? 3 : method === 'POST' && params === 0 ? 0 : 1 + (params > 0 ? 1 : 0));

t.test('every successful staff write leaves an audit entry', async (t) => {
  const env = await buildWithFixturePlugins(t, { config: { allowPrivateUrls: true } });
  const { app, login } = env;
  let token = env.token;
  // A route that ends sessions (a 2FA change, a logout) leaves the walk signed out: sign in again and retry once.
  const request = async (method: string, url: string, body: unknown) => {
    let res = await env.request(method, url, { token, body });
    if (res.status === 403 && res.body?.error === 'ERR_SESSION_EXPIRED') {
      token = await login(ADMIN_EMAIL, ADMIN_PASSWORD);
      res = await env.request(method, url, { token, body });
    }
    return res;
  };
  const queueId = (await Queue.scoped(1).insertAndFetch({ name: 'Audit queue', color: '#abcdef', orderQueue: 9 } as Partial<Queue>)).id;
  const contact = await Contact.scoped(1).insertAndFetch({ uuid: 'audit-contact', name: 'Cliente', number: '5511970000010' } as Partial<Contact>);
  const ticket = await Ticket.scoped(1).insertAndFetch({ uuid: 'audit-ticket', contactId: contact.id, status: 'open', unreadMessages: 0, isGroup: false, chatbot: false, amountUsedBotQueues: 0, useIntegration: false } as Partial<Ticket>);
  // A kanban lane the ticket is in, so moving the card out of it changes something.
  const lane = await Tag.scoped(1).insertAndFetch({ name: 'Audit lane', color: '#000000', kanban: 1 } as Partial<Tag>);
  await app.knex('ticketTags').insert({ companyId: 1, ticketId: ticket.id, tagId: lane.id, createdAt: toDbTime(new Date()) });
  // A colleague, for the routes that need a second person (an internal chat's members).
  const colleague = await env.createUser(1, { name: 'Audit colleague' });
  // Real references where a sample id would point at nothing; optional pointers left empty; values the sample
  // cannot guess (a webhook secret's minimum length, a chat's members).
  const values: Record<string, unknown> = {
    contactId: contact.id, ticketId: ticket.id, queueId, integrationId: null, promptId: null, parentId: null, fileListId: null,
    number: '5511999990000', whatsappId: null, userId: null,
    webhookSecret: 'audit-walk-webhook-secret-0123456789', users: [{ id: colleague.id }],
  };
  // A session of the caller (user 1) to end, made just before each route naming a :sessionId (a sign-in of the walk
  // would end one made earlier): not the walk's own, whose token goes on.
  const anotherSession = async () => (await RefreshTokenFamily.scoped(1).insertAndFetch({ userId: 1, generation: 0 } as Partial<RefreshTokenFamily>)).id;
  const filler = (routeUrl: string, owner: string | undefined, sessionId?: number) => (param: string) => {
    if (param === 'ticketId') return String(ticket.id);
    if (param === 'sessionId') return String(sessionId);
    // A session belongs to its user: the caller, whose sessions were made above.
    if (routeUrl.includes('/sessions/') && param === 'id') return '1';
    return String(owner ? createdIds.get(owner) : queueId);
  };
  const routes = apiRoutes(app);
  const writes = routes.filter((r) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method) && !r.isPublic)
    .sort((a, b) => order(a.method, a.params.length) - order(b.method, b.params.length));
  const stale = Object.keys(AUDIT_EXEMPT).filter((key) => !writes.some((r) => `${r.method} ${r.url}` === key));
  t.same(stale, [], 'every exemption names a write route that exists');
  const createdIds = new Map<string, number>();
  const silent: string[] = [];
  const judged: string[] = [];
  const notRun: string[] = [];
  for (const route of writes) {
    const key = `${route.method} ${route.url}`;
    if (AUDIT_EXEMPT[key]) continue;
    const owner = [...createdIds.keys()].filter((url) => route.url === url || route.url.startsWith(`${url}/`)).sort((a, b) => b.length - a.length)[0];
    const url = fillUrl(route.url, filler(route.url, owner, route.params.includes('sessionId') ? await anotherSession() : undefined));
    const before = Number((await app.knex('auditLogs').max('id as id'))[0]?.id ?? 0);
    const body = route.method === 'DELETE' ? undefined : sample(route.schema.body, { id: queueId, text: `probe${judged.length}`, fitPatterns: true, values });
    const res = await request(route.method, url, body);
    if (res.status < 200 || res.status >= 300) { notRun.push(`${key} → ${res.status} ${JSON.stringify(res.body).slice(0, 120)}`); continue; }
    if (route.method === 'POST' && typeof res.body?.id === 'number') createdIds.set(route.url, res.body.id);
    judged.push(key);
    // Written by the caller (or, for the start of an impersonation, with the caller as the super user behind it).
    const entries = await app.knex('auditLogs').where('id', '>', before).where({ route: key }).where((q) => q.where({ userId: 1 }).orWhere({ impersonatorId: 1 }));
    if (entries.length === 0) silent.push(key);
  }
  t.comment(`judged ${judged.length} routes: ${judged.join(', ')}; silent: ${silent.join(', ')}`);
  t.comment(` not judged (no 2xx with a sample body):\n${notRun.join('\n')}`);
  t.same(silent, [], 'no successful write route leaves no entry');
  t.ok(judged.length >= 76, `${judged.length} write routes succeeded and were judged`);
});
