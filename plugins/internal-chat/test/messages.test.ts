import t from 'tap';
import { chatWorld, unreadsOf } from './fixtures.js';

t.test('a message: blank refused, stored with its sender, lastMessage and updatedAt kept, others\' counters +1', async (t) => {
  const w = await chatWorld(t);
  const chat = (await w.as(w.ana).createChat('Trio', [{ id: w.bia.id }, { id: w.caio.id }])).body;
  const ana = w.as(w.ana);

  for (const blank of ['', '   ', '\n\t ']) {
    const res = await ana.send(chat.id, blank);
    t.equal(res.status, 400, `${JSON.stringify(blank)} refused`);
    t.equal(res.body.field, 'body/message');
  }
  t.equal(Number((await w.app.knex('chatMessages').count({ n: '*' }))[0].n), 0, 'nothing stored');

  await new Promise((r) => setTimeout(r, 5));
  const res = await ana.send(chat.id, '  hello team  ');
  t.equal(res.status, 200);
  t.match(res.body, { chatId: chat.id, senderId: w.ana.id, sender: { id: w.ana.id, name: w.ana.name }, message: 'hello team' });
  t.match(res.body.createdAt, /Z$/);

  const after = (await ana.chat(chat.id)).body;
  t.equal(after.lastMessage, `${w.ana.name}: hello team`);
  t.ok(after.updatedAt > chat.updatedAt, 'updatedAt moves with the message');
  t.same(unreadsOf(after), { [w.ana.id]: 0, [w.bia.id]: 1, [w.caio.id]: 1 });
});

t.test('someone who is not a member can neither read nor write the chat', async (t) => {
  const w = await chatWorld(t);
  const other = await w.createTenant('Other Co', { useInternalChat: true });
  const chat = (await w.as(w.ana).createChat('Pair', [{ id: w.bia.id }])).body;
  await w.as(w.ana).send(chat.id, 'private');
  for (const [who, token] of [['same-company non-member', w.caio.token], ['another company', other.admin.token]] as const) {
    for (const [method, url, body] of [
      ['GET', `/api/chats/${chat.id}/messages`, undefined],
      ['POST', `/api/chats/${chat.id}/messages`, { message: 'intrusion' }],
      ['POST', `/api/chats/${chat.id}/read`, {}],
    ] as const) {
      const res = await w.request(method, url, { token, body });
      t.equal(res.status, 404, `${who}: ${method} ${url}`);
      t.equal(res.body.error, 'ERR_NO_CHAT_FOUND');
    }
  }
  t.same((await w.as(w.bia).messages(chat.id)).body.records.map((m: { message: string }) => m.message), ['private']);
  t.equal(unreadsOf((await w.as(w.bia).chat(chat.id)).body)[w.bia.id], 1, 'a stranger\'s read changed nothing');
});

t.test('50 messages sent at once leave each other member with exactly 50 unread', async (t) => {
  const w = await chatWorld(t);
  const chat = (await w.as(w.ana).createChat('Busy', [{ id: w.bia.id }, { id: w.caio.id }])).body;
  const replies = await Promise.all(Array.from({ length: 50 }, (_, i) => w.as(w.ana).send(chat.id, `burst ${i}`)));
  t.same(replies.filter((r) => r.status !== 200).map((r) => r.body), [], 'every send answered 200');
  const after = (await w.as(w.bia).chat(chat.id)).body;
  t.same(unreadsOf(after), { [w.ana.id]: 0, [w.bia.id]: 50, [w.caio.id]: 50 });
  t.same((await w.as(w.bia).unreads()).body, { unreads: 50, chats: 1 });
  const last = (await w.as(w.bia).messages(chat.id)).body.records.at(-1);
  t.equal(after.lastMessage, `${w.ana.name}: ${last.message}`, 'lastMessage is the newest stored message');
});

t.test('two members writing at once: each counts only the other\'s messages', async (t) => {
  const w = await chatWorld(t);
  const chat = (await w.as(w.ana).createChat('Duel', [{ id: w.bia.id }, { id: w.caio.id }])).body;
  await Promise.all([
    ...Array.from({ length: 20 }, (_, i) => w.as(w.ana).send(chat.id, `ana ${i}`)),
    ...Array.from({ length: 30 }, (_, i) => w.as(w.bia).send(chat.id, `bia ${i}`)),
  ]);
  t.same(unreadsOf((await w.as(w.caio).chat(chat.id)).body), { [w.ana.id]: 30, [w.bia.id]: 20, [w.caio.id]: 50 });
});

t.test('messages come in pages of 20 from the newest, each page oldest-first', async (t) => {
  const w = await chatWorld(t);
  const chat = (await w.as(w.ana).createChat('Long', [{ id: w.bia.id }])).body;
  for (let i = 1; i <= 45; i += 1) await w.as(i % 2 ? w.ana : w.bia).send(chat.id, `m${i}`);
  const bia = w.as(w.bia);
  const p1 = (await bia.messages(chat.id, 1)).body;
  t.same(p1.records.map((m: { message: string }) => m.message), Array.from({ length: 20 }, (_, i) => `m${26 + i}`));
  t.equal(p1.hasMore, true);
  const p2 = (await bia.messages(chat.id, 2)).body;
  t.same(p2.records.map((m: { message: string }) => m.message), Array.from({ length: 20 }, (_, i) => `m${6 + i}`));
  const p3 = (await bia.messages(chat.id, 3)).body;
  t.same(p3.records.map((m: { message: string }) => m.message), ['m1', 'm2', 'm3', 'm4', 'm5']);
  t.equal(p3.hasMore, false);
  t.same(p1.records[0].sender, { id: w.bia.id, name: w.bia.name });
});

t.test('read resets only the caller\'s own counter; another user\'s id in the body is refused', async (t) => {
  const w = await chatWorld(t);
  const chat = (await w.as(w.ana).createChat('Trio', [{ id: w.bia.id }, { id: w.caio.id }])).body;
  const other = (await w.as(w.ana).createChat('Other', [{ id: w.bia.id }])).body;
  for (let i = 0; i < 3; i += 1) await w.as(w.ana).send(chat.id, `x${i}`);
  await w.as(w.ana).send(other.id, 'y');
  t.same((await w.as(w.bia).unreads()).body, { unreads: 4, chats: 2 }, 'the dot\'s total covers every chat');

  const forged = await w.as(w.caio).read(chat.id, { userId: w.bia.id });
  t.equal(forged.status, 403);
  t.equal(forged.body.error, 'ERR_NO_PERMISSION');
  t.same(unreadsOf((await w.as(w.ana).chat(chat.id)).body), { [w.ana.id]: 0, [w.bia.id]: 3, [w.caio.id]: 3 }, 'nobody\'s counter moved');

  const res = await w.as(w.bia).read(chat.id, { userId: w.bia.id });
  t.equal(res.status, 200);
  t.same(unreadsOf(res.body), { [w.ana.id]: 0, [w.bia.id]: 0, [w.caio.id]: 3 });
  t.equal((await w.as(w.caio).read(chat.id)).status, 200, 'the body\'s userId is optional');
  t.same((await w.as(w.bia).unreads()).body, { unreads: 1, chats: 1 });
  t.same((await w.as(w.caio).unreads()).body, { unreads: 0, chats: 0 });
});

// Issue 27: the family's client posts a chat message as multipart with a file.
t.test('a message with a file (multipart): stored in the company\'s storage, shown with the message, gone with the chat', async (t) => {
  const { existsSync } = await import('node:fs');
  const { multipart } = await import('../../../core/test/contacts/multipart.js');
  const w = await chatWorld(t);
  const chat = (await w.as(w.ana).createChat('Arquivos', [{ id: w.bia.id }])).body;
  const other = await w.createTenant('Outra Arquivos', { useInternalChat: true });
  const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f6b1a20000000049454e44ae426082', 'hex');
  const storedFiles = () => w.app.knex('chatMessages').whereNotNull('mediaKey').pluck('mediaKey');
  const upload = (token: string, chatId: number, fields: Record<string, string>, files: Parameters<typeof multipart>[1]) => {
    const { payload, headers } = multipart(fields, files);
    return w.app.inject({ method: 'POST', url: `/api/chats/${chatId}/messages`, payload, headers: { ...headers, authorization: `Bearer ${token}` } });
  };

  const withText = await upload(w.ana.token, chat.id, { message: '  veja o contrato  ' }, [{ field: 'medias', filename: 'contrato.png', content: png, mimetype: 'image/png' }]);
  t.equal(withText.statusCode, 200, withText.body);
  t.match(withText.json(), { message: 'veja o contrato', media: { name: 'contrato.png', mimetype: 'image/png', url: String } });
  const [key] = await storedFiles();
  t.match(key, new RegExp(`^${w.companyId}/`), 'in the caller\'s company folder');
  t.ok(existsSync(w.app.atrium.storage.resolve(key)!), 'the file is on disk');

  const fileOnly = await upload(w.bia.token, chat.id, {}, [{ field: 'medias', filename: 'foto.png', content: png, mimetype: 'image/png' }]);
  t.equal(fileOnly.statusCode, 200);
  t.equal(fileOnly.json().message, '', 'a file alone is a message');
  t.equal((await w.as(w.ana).chat(chat.id)).body.lastMessage, `${w.bia.name}: 📎 foto.png`);
  const page = (await w.as(w.bia).messages(chat.id)).body.records;
  t.same(page.map((m: { media: { name: string } | null }) => m.media?.name ?? null), ['contrato.png', 'foto.png'], 'the page shows the files');
  t.equal((await w.as(w.ana).send(chat.id, 'e em JSON, como antes')).status, 200, 'JSON still works');

  // Refused: nothing stored.
  const before = (await storedFiles()).length;
  const two = await upload(w.ana.token, chat.id, { message: 'dois' }, [
    { field: 'medias', filename: 'a.png', content: png, mimetype: 'image/png' }, { field: 'medias', filename: 'b.png', content: png, mimetype: 'image/png' }]);
  t.equal(two.statusCode, 400, 'one file per message');
  t.equal((await upload(w.ana.token, chat.id, { message: 'x' }, [{ field: 'medias', filename: 'page.html', content: Buffer.from('<script>alert(1)</script>'), mimetype: 'text/html' }])).json().error, 'ERR_INVALID_MEDIA_TYPE');
  t.equal((await upload(w.ana.token, chat.id, { message: '   ' }, [])).json().field, 'body/message', 'neither text nor file');
  t.equal((await upload(other.admin.token, chat.id, { message: 'intrusão' }, [{ field: 'medias', filename: 'x.png', content: png, mimetype: 'image/png' }])).statusCode, 404, 'another company');
  t.equal((await upload(w.caio.token, chat.id, { message: 'intrusão' }, [{ field: 'medias', filename: 'x.png', content: png, mimetype: 'image/png' }])).statusCode, 404, 'a non-member');
  t.equal((await storedFiles()).length, before, 'no message stored for a refusal');
  const onDisk = (await storedFiles()).map((k: string) => w.app.atrium.storage.resolve(k)!);

  // The chat goes, its files too.
  t.equal((await w.as(w.ana).deleteChat(chat.id)).status, 200);
  t.ok(onDisk.every((file: string) => !existsSync(file)), 'the files are removed with the chat');
});
