import t from 'tap';
import { chatWorld } from './fixtures.js';

const MARKER = 'SECRET-CHAT-ALPHA';

t.test('another company cannot see, write, read-mark, edit or delete a chat through any chat route', async (t) => {
  const w = await chatWorld(t, 'Alpha Co');
  const chat = (await w.as(w.ana).createChat(`${MARKER} title`, [{ id: w.bia.id }])).body;
  await w.as(w.ana).send(chat.id, `${MARKER} message`);
  const b = await w.createTenant('Beta Co', { useInternalChat: true });
  const bPeer = await w.createUser(b.companyId);
  const snapshot = async () => JSON.parse(JSON.stringify({
    chats: await w.app.knex('chats').orderBy('id'),
    chatUsers: await w.app.knex('chatUsers').orderBy('id'),
    chatMessages: await w.app.knex('chatMessages').orderBy('id'),
  }));
  const before = await snapshot();

  const refs = [chat.id, chat.uuid];
  const probes: Array<[string, string, unknown]> = [
    ['GET', '/api/chats', undefined],
    ['GET', `/api/chats?searchParam=${MARKER}`, undefined],
    ['GET', '/api/chats/unreads', undefined],
    ...refs.map((ref) => ['GET', `/api/chats/${ref}`, undefined] as [string, string, unknown]),
    ['PUT', `/api/chats/${chat.id}`, { title: 'hijack', users: [{ id: bPeer.id }] }],
    ['DELETE', `/api/chats/${chat.id}`, undefined],
    ['GET', `/api/chats/${chat.id}/messages`, undefined],
    ['POST', `/api/chats/${chat.id}/messages`, { message: 'intrusion' }],
    ['POST', `/api/chats/${chat.id}/read`, {}],
    // A chat of B's own may not pull A's users in.
    ['POST', '/api/chats', { title: 'pull', users: [{ id: w.ana.id }] }],
  ];
  for (const [method, url, body] of probes) {
    const res = await w.request(method, url, { token: b.admin.token, body });
    t.notOk(JSON.stringify(res.body).includes(MARKER), `${method} ${url} shows nothing of Alpha's`);
    if (url.includes(String(chat.id)) || url.includes(chat.uuid)) t.equal(res.body.error, 'ERR_NO_CHAT_FOUND', `${method} ${url} → not found`);
  }
  t.same((await w.request('GET', '/api/chats', { token: b.admin.token })).body, { records: [], hasMore: false });
  t.same((await w.request('GET', '/api/chats/unreads', { token: b.admin.token })).body, { unreads: 0, chats: 0 });
  t.same(await snapshot(), before, 'Alpha\'s chat, members and messages are unchanged');
});
