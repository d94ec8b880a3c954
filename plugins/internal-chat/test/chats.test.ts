import t from 'tap';
import { chatWorld, unreadsOf } from './fixtures.js';

t.test('creating a chat: title and another user are required, the owner is a member exactly once', async (t) => {
  const w = await chatWorld(t);
  const ana = w.as(w.ana);

  const blank = await ana.createChat('   ', [{ id: w.bia.id }]);
  t.equal(blank.status, 400, 'a blank title is refused');
  t.equal(blank.body.error, 'ERR_VALIDATION');
  t.equal(blank.body.field, 'body/title');
  const noUsers = await ana.createChat('Team', []);
  t.equal(noUsers.status, 400, 'no users is refused');
  t.equal(noUsers.body.field, 'body/users');
  const onlyMe = await ana.createChat('Team', [{ id: w.ana.id }]);
  t.equal(onlyMe.status, 400, 'the owner alone is refused');
  t.equal(onlyMe.body.field, 'body/users');

  const res = await ana.createChat('  Team  ', [{ id: w.ana.id }, { id: w.bia.id }, { id: w.bia.id }, { id: w.caio.id }]);
  t.equal(res.status, 200);
  const chat = res.body;
  t.equal(chat.title, 'Team');
  t.equal(chat.ownerId, w.ana.id);
  t.match(chat.uuid, /^[0-9a-f-]{36}$/);
  t.equal(chat.lastMessage, null);
  t.match(chat.updatedAt, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  t.same(chat.users.map((m: { userId: number }) => m.userId).sort(), [w.ana.id, w.bia.id, w.caio.id].sort(), 'owner once, duplicates dropped');
  t.same(Object.values(unreadsOf(chat)), [0, 0, 0]);
  t.same(chat.users.find((m: { userId: number }) => m.userId === w.bia.id).user, { id: w.bia.id, name: w.bia.name });
  t.equal((await w.app.knex('chats').count({ n: '*' }))[0].n, 1, 'the refused requests stored nothing');
});

t.test('a user id of another company is refused as not found, and no chat is stored', async (t) => {
  const w = await chatWorld(t);
  const other = await w.createTenant('Other Co', { useInternalChat: true });
  const res = await w.as(w.ana).createChat('Leak', [{ id: w.bia.id }, { id: other.admin.id }]);
  t.equal(res.status, 404);
  t.equal(res.body.error, 'ERR_NO_USER_FOUND');
  t.equal((await w.app.knex('chats').count({ n: '*' }))[0].n, 0);
  t.equal((await w.app.knex('chatUsers').count({ n: '*' }))[0].n, 0);
});

t.test('the list holds only the caller\'s chats, most recent activity first, with search and paging', async (t) => {
  const w = await chatWorld(t);
  const ana = w.as(w.ana);
  const first = (await ana.createChat('Sales', [{ id: w.bia.id }])).body;
  const second = (await ana.createChat('Support 100%', [{ id: w.bia.id }])).body;
  const notMine = (await w.as(w.bia).createChat('Bia and Caio', [{ id: w.caio.id }])).body;

  const titles = async (query = {}) => (await ana.list(query)).body.records.map((c: { title: string }) => c.title);
  t.same(await titles(), ['Support 100%', 'Sales'], 'newest first; a chat without the caller is absent');
  await new Promise((r) => setTimeout(r, 5));
  t.equal((await w.as(w.bia).send(first.id, 'hi')).status, 200);
  t.same(await titles(), ['Sales', 'Support 100%'], 'a message moves its chat to the top');
  t.same(await titles({ searchParam: 'SUPP' }), ['Support 100%'], 'search by title, any case');
  t.same(await titles({ searchParam: '%' }), ['Support 100%'], 'LIKE wildcards are literal');
  t.same((await w.as(w.caio).list()).body.records.map((c: { id: number }) => c.id), [notMine.id]);
  void second;

  for (let i = 0; i < 20; i += 1) await ana.createChat(`Bulk ${i}`, [{ id: w.caio.id }]);
  const page1 = (await ana.list()).body;
  t.equal(page1.records.length, 20);
  t.equal(page1.hasMore, true);
  const page2 = (await ana.list({ pageNumber: 2 })).body;
  t.equal(page2.records.length, 2);
  t.equal(page2.hasMore, false);
  t.same(new Set([...page1.records, ...page2.records].map((c: { id: number }) => c.id)).size, 22, 'pages do not overlap');
});

t.test('a chat is found by uuid or id by its members only; anyone else gets ERR_NO_CHAT_FOUND', async (t) => {
  const w = await chatWorld(t);
  const other = await w.createTenant('Other Co', { useInternalChat: true });
  const chat = (await w.as(w.ana).createChat('Pair', [{ id: w.bia.id }])).body;
  t.equal((await w.as(w.bia).chat(chat.uuid)).body.id, chat.id);
  t.equal((await w.as(w.bia).chat(chat.id)).body.uuid, chat.uuid);
  for (const [who, token] of [['same-company non-member', w.caio.token], ['company admin, not a member', w.admin.token], ['another company', other.admin.token]] as const) {
    const res = await w.request('GET', `/api/chats/${chat.uuid}`, { token });
    t.equal(res.status, 404, who);
    t.equal(res.body.error, 'ERR_NO_CHAT_FOUND', who);
  }
});

t.test('only the owner edits or deletes a chat', async (t) => {
  const w = await chatWorld(t);
  const chat = (await w.as(w.ana).createChat('Pair', [{ id: w.bia.id }])).body;
  const put = await w.as(w.bia).updateChat(chat.id, 'Mine now', [{ id: w.bia.id }, { id: w.caio.id }]);
  t.equal(put.status, 403);
  t.equal(put.body.error, 'ERR_NO_PERMISSION');
  const del = await w.as(w.bia).deleteChat(chat.id);
  t.equal(del.status, 403);
  t.equal(del.body.error, 'ERR_NO_PERMISSION');
  const adminPut = await w.as(w.admin).updateChat(chat.id, 'Admin', [{ id: w.caio.id }]);
  t.equal(adminPut.status, 404, 'a company admin who is not a member does not even see it');
  const unchanged = (await w.as(w.ana).chat(chat.id)).body;
  t.equal(unchanged.title, 'Pair');
  t.same(unchanged.users.map((m: { userId: number }) => m.userId).sort(), [w.ana.id, w.bia.id].sort());
});

t.test('the owner\'s edit keeps the unread counts of the members who stay', async (t) => {
  const w = await chatWorld(t);
  const ana = w.as(w.ana);
  const chat = (await ana.createChat('Trio', [{ id: w.bia.id }, { id: w.caio.id }])).body;
  for (const text of ['one', 'two', 'three']) await ana.send(chat.id, text);
  await w.as(w.bia).send(chat.id, 'from bia');

  const res = await ana.updateChat(chat.id, 'Renamed', [{ id: w.bia.id }, { id: w.admin.id }]);
  t.equal(res.status, 200);
  t.equal(res.body.title, 'Renamed');
  t.same(unreadsOf(res.body), { [w.ana.id]: 1, [w.bia.id]: 3, [w.admin.id]: 0 }, 'bia keeps 3, caio is gone, the admin starts at 0, the owner stays');
  t.equal(res.body.lastMessage, `${w.bia.name}: from bia`, 'the edit keeps the last message');
  t.equal((await w.as(w.caio).chat(chat.id)).status, 404, 'a dropped member no longer sees it');
});

t.test('deleting a chat removes its members and messages', async (t) => {
  const w = await chatWorld(t);
  const chat = (await w.as(w.ana).createChat('Gone', [{ id: w.bia.id }])).body;
  await w.as(w.bia).send(chat.id, 'bye');
  const res = await w.as(w.ana).deleteChat(chat.id);
  t.equal(res.status, 200);
  t.equal((await w.as(w.bia).chat(chat.id)).status, 404);
  for (const table of ['chats', 'chatUsers', 'chatMessages']) t.equal(Number((await w.app.knex(table).count({ n: '*' }))[0].n), 0, `${table} empty`);
});

t.test('deleting a user drops them from chats; a chat whose owner is gone is managed by an admin member', async (t) => {
  const w = await chatWorld(t);
  const chat = (await w.as(w.ana).createChat('Orphan', [{ id: w.bia.id }, { id: w.admin.id }])).body;
  await w.as(w.ana).send(chat.id, 'before leaving');
  t.equal((await w.request('DELETE', `/api/users/${w.ana.id}`, { token: w.admin.token })).status, 200);

  const seen = (await w.as(w.bia).chat(chat.id)).body;
  t.equal(seen.ownerId, null);
  t.same(seen.users.map((m: { userId: number }) => m.userId).sort(), [w.admin.id, w.bia.id].sort());
  const msgs = (await w.as(w.bia).messages(chat.id)).body.records;
  t.same(msgs.map((m: { message: string; sender: unknown }) => [m.message, m.sender]), [['before leaving', null]], 'the message stays, without its sender');
  t.equal((await w.as(w.bia).updateChat(chat.id, 'x', [{ id: w.caio.id }])).status, 403, 'a plain member still may not');
  t.equal((await w.as(w.admin).updateChat(chat.id, 'Adopted', [{ id: w.bia.id }])).status, 200, 'an admin member may');
});
