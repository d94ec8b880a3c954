import t from 'tap';
import { readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { build } from '../../../core/test/helper.js';
import { multipart } from '../../../core/test/contacts/multipart.js';
import { node } from './graphs.js';

const MB = 1024 * 1024;
const bytes = (n: number) => Buffer.alloc(Math.round(n), 7);

t.test('media node uploads: each kind within its limit is stored in the caller\'s company and served back; over the limit or of another type is refused and nothing stays behind', async (t) => {
  const { app, createTenant } = await build(t);
  const { companyId, admin } = await createTenant('Media Co');
  const upload = async (route: string, files: { filename: string; mimetype: string; content: Buffer }[]) => {
    const { payload, headers } = multipart({ body: '', fromMe: 'true' }, files.map((f) => ({ field: 'medias', ...f })));
    const res = await app.inject({ method: 'POST', url: `/api/flowbuilder/${route}`, payload, headers: { ...headers, authorization: `Bearer ${admin.token}` } });
    return { status: res.statusCode, body: res.json() };
  };
  const companyDir = path.dirname(app.storage.resolve(`${companyId}/${'0'.repeat(32)}-probe.png`)!);
  const storedFiles = () => (existsSync(companyDir) ? readdirSync(companyDir) : []);

  const image = await upload('img', [{ filename: 'logo.png', mimetype: 'image/png', content: bytes(1.9 * MB) }]);
  t.equal(image.status, 200);
  t.match(image.body, [{ key: new RegExp(`^${companyId}/`), url: String, name: 'logo.png', size: Math.round(1.9 * MB), mimetype: 'image/png' }]);
  const served = await app.inject({ method: 'GET', url: image.body[0].url });
  t.equal(served.statusCode, 200, 'the stored file is served at its url');
  t.equal(served.rawPayload.length, Math.round(1.9 * MB));
  t.equal(storedFiles().length, 1);

  for (const [route, filename, mimetype, size] of [
    ['img', 'big.jpg', 'image/jpeg', 2.1 * MB],
    ['audio', 'big.mp3', 'audio/mpeg', 5.1 * MB],
    ['video', 'big.mp4', 'video/mp4', 21 * MB],
  ] as const) {
    const res = await upload(route, [{ filename, mimetype, content: bytes(size) }]);
    t.equal(res.status, 400, `${filename} over the ${route} limit is refused`);
    t.equal(res.body.error, 'ERR_FILE_TOO_LARGE');
  }
  t.equal(storedFiles().length, 1, 'no refused file stays in storage');

  const gif = await upload('img', [{ filename: 'anim.gif', mimetype: 'image/gif', content: bytes(1000) }]);
  t.equal(gif.status, 400);
  t.equal(gif.body.error, 'ERR_INVALID_MEDIA_TYPE');
  const videoAsImage = await upload('img', [{ filename: 'clip.mp4', mimetype: 'video/mp4', content: bytes(1000) }]);
  t.equal(videoAsImage.body.error, 'ERR_INVALID_MEDIA_TYPE', 'the image route takes only images');

  const audio = await upload('audio', [{ filename: 'voz.ogg', mimetype: 'audio/ogg', content: bytes(4.9 * MB) }]);
  t.equal(audio.status, 200);
  const content = await upload('content', [
    { filename: 'a.png', mimetype: 'image/png', content: bytes(1000) },
    { filename: 'b.mp3', mimetype: 'audio/mpeg', content: bytes(2000) },
    { filename: 'c.mp4', mimetype: 'video/mp4', content: bytes(3000) },
  ]);
  t.equal(content.status, 200);
  t.same(content.body.map((f: { name: string; size: number }) => [f.name, f.size]), [['a.png', 1000], ['b.mp3', 2000], ['c.mp4', 3000]], 'the content route answers the files in order');
  const before = storedFiles().length;
  const mixed = await upload('content', [
    { filename: 'ok.png', mimetype: 'image/png', content: bytes(1000) },
    { filename: 'huge.png', mimetype: 'image/png', content: bytes(2.5 * MB) },
  ]);
  t.equal(mixed.body.error, 'ERR_FILE_TOO_LARGE');
  t.equal(storedFiles().length, before, 'a refused request removes the files it had already stored');

  const empty = await upload('img', []);
  t.equal(empty.body.error, 'ERR_NO_FILE');
});

t.test('an upload is stored under the caller\'s company, never another\'s', async (t) => {
  const { app, createTenant } = await build(t);
  const a = await createTenant('Upload A');
  const b = await createTenant('Upload B');
  for (const tenant of [a, b]) {
    const { payload, headers } = multipart({}, [{ field: 'medias', filename: 'x.png', mimetype: 'image/png', content: bytes(100) }]);
    const res = await app.inject({ method: 'POST', url: '/api/flowbuilder/img', payload, headers: { ...headers, authorization: `Bearer ${tenant.admin.token}` } });
    t.equal(res.statusCode, 200);
    t.ok(res.json()[0].key.startsWith(`${tenant.companyId}/`), `company ${tenant.companyId}'s folder`);
  }
});

t.test('a saved flow may use only its own company\'s uploads in media nodes and content items', async (t) => {
  const { app, request, createTenant } = await build(t);
  const a = await createTenant('Owner A');
  const b = await createTenant('Other B');
  const uploadAs = async (token: string) => {
    const { payload, headers } = multipart({}, [{ field: 'medias', filename: 'p.png', mimetype: 'image/png', content: bytes(100) }]);
    return (await app.inject({ method: 'POST', url: '/api/flowbuilder/img', payload, headers: { ...headers, authorization: `Bearer ${token}` } })).json()[0];
  };
  const own = await uploadAs(a.admin.token);
  const theirs = await uploadAs(b.admin.token);
  const flow = await request('POST', '/api/flowbuilder', { token: a.admin.token, body: { name: 'Mídia' } });
  const save = (nodes: unknown[]) => request('POST', '/api/flowbuilder/flow', { token: a.admin.token, body: { idFlow: flow.body.id, nodes, connections: [] } });
  const imgNode = (file: typeof own) => node('i1', 'img', { ...file });
  const content = (file: typeof own) => node('c1', 'singleBlock', { seq: ['img1'], elements: [{ type: 'img', value: file.url, key: file.key, mimetype: file.mimetype, name: file.name, size: file.size, number: 1 }] });

  t.equal((await save([node('1', 'start', { label: 'Inicio do fluxo' }), imgNode(own), content(own)])).status, 200, 'own uploads are accepted');
  t.match(await save([imgNode(theirs)]), { status: 400, body: { error: 'ERR_INVALID_FLOW', field: 'body/nodes/0/data/key' } });
  t.match(await save([content(theirs)]), { status: 400, body: { error: 'ERR_INVALID_FLOW', field: 'body/nodes/0/data/elements/0/key' } });
});
