import t from 'tap';
import { build } from '../../../core/test/helper.js';

t.test('contact lists: created, counted, searched, paged and removed within the company', async (t) => {
  const { request, createTenant } = await build(t);
  const { admin } = await createTenant('Lists Co');
  const token = admin.token;
  t.match((await request('POST', '/api/contact-lists', { token, body: { name: 'A' } })).body, { error: 'ERR_VALIDATION', field: 'body/name' });
  const created = await request('POST', '/api/contact-lists', { token, body: { name: 'Clientes' } });
  t.match(created.body, { name: 'Clientes', contactsCount: 0 });
  for (let i = 0; i < 20; i++) await request('POST', '/api/contact-lists', { token, body: { name: `Lista ${String(i).padStart(2, '0')}` } });
  const page1 = await request('GET', '/api/contact-lists/', { token });
  t.equal(page1.body.records.length, 20);
  t.equal(page1.body.hasMore, true);
  t.same((await request('GET', '/api/contact-lists', { token, query: { searchParam: 'cli' } })).body.records.map((r: { name: string }) => r.name), ['Clientes']);
  t.equal((await request('GET', '/api/contact-lists/list', { token })).body.length, 21);

  const item = await request('POST', '/api/contact-list-items', { token, body: { name: 'Ana', number: '+55 11 99999-0001', email: 'a@b.co', contactListId: created.body.id } });
  t.match(item.body, { name: 'Ana', number: '5511999990001', isWhatsappValid: null, contactListId: created.body.id });
  const dup = await request('POST', '/api/contact-list-items', { token, body: { name: 'Ana 2', number: '5511999990001', contactListId: created.body.id } });
  t.equal(dup.status, 409, 'the same canonical number twice in one list');
  t.equal(dup.body.error, 'ERR_DUPLICATED_CONTACT');
  t.equal((await request('POST', '/api/contact-list-items', { token, body: { name: 'Bo', number: '1234567', contactListId: created.body.id } })).status, 400, 'number under 8');
  t.match((await request('POST', '/api/contact-list-items', { token, body: { name: 'Bo', number: '5511999990002', email: 'x', contactListId: created.body.id } })).body, { field: 'body/email' });
  await request('POST', '/api/contact-list-items', { token, body: { name: 'Bruno', number: '5511999990002', contactListId: created.body.id } });
  t.equal((await request('GET', `/api/contact-lists/${created.body.id}`, { token })).body.contactsCount, 2);
  const found = await request('GET', '/api/contact-list-items', { token, query: { contactListId: created.body.id, searchParam: 'bru' } });
  t.same(found.body.contacts.map((c: { name: string }) => c.name), ['Bruno']);
  t.equal(found.body.hasMore, false);

  const changed = await request('PUT', `/api/contact-list-items/${item.body.id}`, { token, body: { name: 'Ana Lima', number: '5511999990001', contactListId: created.body.id } });
  t.equal(changed.body.name, 'Ana Lima');
  t.equal((await request('DELETE', `/api/contact-list-items/${item.body.id}`, { token })).status, 200);
  t.equal((await request('DELETE', `/api/contact-lists/${created.body.id}`, { token })).status, 200);
  t.equal((await request('GET', `/api/contact-lists/${created.body.id}`, { token })).body.error, 'ERR_NO_CONTACT_LIST_FOUND');
});

t.test('another company\'s list and items are not found and cannot be changed', async (t) => {
  const { request, createTenant } = await build(t);
  const a = await createTenant('Owner Co');
  const b = await createTenant('Other Co');
  const list = (await request('POST', '/api/contact-lists', { token: a.admin.token, body: { name: 'Mine' } })).body;
  const foreignCompany = await request('POST', '/api/contact-list-items', { token: a.admin.token, body: { name: 'Ana', number: '5511999990001', contactListId: list.id, companyId: b.companyId } });
  t.match({ status: foreignCompany.status, ...foreignCompany.body }, { status: 404, error: 'ERR_NO_COMPANY_FOUND', field: 'body/companyId' }, 'a body naming another company is refused');
  const item = (await request('POST', '/api/contact-list-items', { token: a.admin.token, body: { name: 'Ana', number: '5511999990001', contactListId: list.id, companyId: a.companyId } })).body;
  t.equal(item.companyId, a.companyId, 'the caller\'s own companyId (as the spec\'s client sends it) is accepted');
  const token = b.admin.token;
  for (const [method, url, body] of [
    ['GET', `/api/contact-lists/${list.id}`], ['PUT', `/api/contact-lists/${list.id}`, { name: 'Taken' }], ['DELETE', `/api/contact-lists/${list.id}`],
    ['GET', `/api/contact-list-items?contactListId=${list.id}`],
    ['POST', '/api/contact-list-items', { name: 'Intruder', number: '5511999990009', contactListId: list.id }],
  ] as const) t.equal((await request(method, url, { token, body })).body.error, 'ERR_NO_CONTACT_LIST_FOUND', `${method} ${url}`);
  for (const method of ['GET', 'DELETE'] as const) t.equal((await request(method, `/api/contact-list-items/${item.id}`, { token })).status, 404);
  t.equal((await request('GET', `/api/contact-lists/${list.id}`, { token: a.admin.token })).body.contactsCount, 1, 'nothing changed');
});

t.test('campaign settings: defaults 20/20/60, the spec\'s option lists, unique variable keys, per company', async (t) => {
  const { request, createTenant } = await build(t);
  const a = await createTenant('Settings A');
  const b = await createTenant('Settings B');
  const asMap = (list: { key: string; value: string }[]) => Object.fromEntries(list.map((s) => [s.key, JSON.parse(s.value)]));
  t.same(asMap((await request('GET', '/api/campaign-settings', { token: a.admin.token })).body), { messageInterval: 20, longerIntervalAfter: 20, greaterInterval: 60, variables: [] });
  t.equal((await request('POST', '/api/campaign-settings', { token: a.admin.token, body: { settings: { messageInterval: 7 } } })).status, 400, '7 is not an option');
  const dup = await request('POST', '/api/campaign-settings', { token: a.admin.token, body: { settings: { variables: [{ key: 'loja', value: 'Centro' }, { key: 'loja', value: 'X' }] } } });
  t.match(dup.body, { error: 'ERR_VALIDATION', field: 'body/settings/variables' });
  await request('POST', '/api/campaign-settings', { token: a.admin.token, body: { settings: { messageInterval: 5, greaterInterval: 120, variables: [{ key: 'loja', value: 'Centro' }] } } });
  t.same(asMap((await request('GET', '/api/campaign-settings', { token: a.admin.token })).body), { messageInterval: 5, longerIntervalAfter: 20, greaterInterval: 120, variables: [{ key: 'loja', value: 'Centro' }] });
  t.equal(asMap((await request('GET', '/api/campaign-settings', { token: b.admin.token })).body).messageInterval, 20, 'company B unaffected');
});
