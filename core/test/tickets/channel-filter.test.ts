import t from 'tap';
import { randomUUID } from 'node:crypto';
import { build } from '../helper.js';
import { Contact, Ticket, Whatsapp } from '../../src/db/models/index.js';

/** Issue 44: a ticket carries its connection's channel kind (the list's icon) and the list filters by channel. */
t.test('GET /tickets: whatsapp.provider on every ticket, `channels` keeps those kinds only, scoped to the company', async (t) => {
  const env = await build(t);
  const make = async (companyId: number, provider: string, name: string) => {
    const wa = await Whatsapp.scoped(companyId).insertAndFetch({ name, provider, status: 'DISCONNECTED', isDefault: false, token: randomUUID() } as Partial<Whatsapp>);
    const contact = await Contact.scoped(companyId).insertAndFetch({ uuid: randomUUID(), name, number: `55119${Math.floor(Math.random() * 1e8)}` } as Partial<Contact>);
    return Ticket.scoped(companyId).insertAndFetch({ uuid: randomUUID(), contactId: contact.id, whatsappId: wa.id, status: 'open' } as Partial<Ticket>);
  };
  const onSandbox = await make(1, 'sandbox', 'Canal sandbox');
  const onBeta = await make(1, 'beta', 'Canal beta');
  const other = await env.createTenant('Outra');
  const theirs = await make(other.companyId, 'sandbox', 'Canal alheio');

  const list = async (query: Record<string, string>, token = env.token) => env.request('GET', '/api/tickets', { token, query: { showAll: 'true', ...query } });
  const all = await list({});
  const byId = new Map(all.body.tickets.map((x: { id: number; whatsapp: { provider?: string } }) => [x.id, x.whatsapp?.provider]));
  t.same([byId.get(onSandbox.id), byId.get(onBeta.id)], ['sandbox', 'beta'], 'each ticket names its channel kind');

  const sandboxOnly = await list({ channels: 'sandbox' });
  const ids = sandboxOnly.body.tickets.map((x: { id: number }) => x.id);
  t.ok(ids.includes(onSandbox.id) && !ids.includes(onBeta.id), 'only the sandbox tickets');
  t.notOk(ids.includes(theirs.id), 'never another company\'s');
  t.equal(sandboxOnly.body.count, ids.length, 'the count follows the filter');
  const both = (await list({ channels: 'sandbox,beta' })).body.tickets.map((x: { id: number }) => x.id);
  t.ok(both.includes(onSandbox.id) && both.includes(onBeta.id), 'several kinds');
  t.same((await list({ channels: 'telegraph' })).body.tickets, [], 'a kind without connections: none');
  const theirList = (await list({ channels: 'sandbox' }, other.admin.token)).body.tickets.map((x: { id: number }) => x.id);
  t.same(theirList, [theirs.id], 'the other company sees its own only');

  const bad = await list({ channels: 'Beta;drop' });
  t.same([bad.status, bad.body.error], [400, 'ERR_VALIDATION'], 'a malformed list is refused');
});
