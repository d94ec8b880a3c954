import t from 'tap';
import { existsSync } from 'node:fs';
import { multipart } from '../../../core/test/contacts/multipart.js';
import { campaignsApp, numbers, waitFor } from './fixtures.js';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
const soon = (ms = 300) => new Date(Date.now() + ms).toISOString();

t.test('a campaign\'s media: png/jpg up to 2 MB, other types and sizes refused, replaced and deleted with its file', async (t) => {
  const { app, list, campaign, request, token, createTenant } = await campaignsApp(t, 1);
  const l = await list('Media', numbers(1));
  const c = await campaign({ contactListId: l.id, message1: 'x' });
  const upload = (file: { filename: string; content: Buffer; mimetype: string } | null, tok = token, id = c.id) => {
    const { payload, headers } = multipart({}, file ? [{ field: 'file', ...file }] : []);
    return app.inject({ method: 'POST', url: `/api/campaigns/${id}/media-upload`, payload, headers: { ...headers, authorization: `Bearer ${tok}` } });
  };
  const first = await upload({ filename: 'promo.png', content: PNG, mimetype: 'image/png' });
  t.equal(first.statusCode, 200);
  t.match(first.json(), { id: c.id, mediaName: 'promo.png', mediaPath: /^\d+\/[0-9a-f]{32}-promo\.png$/, mediaUrl: /\/media\/\d+\/[0-9a-f]{32}-promo\.png$/ });
  const firstFile = app.storage.resolve(first.json().mediaPath)!;
  t.ok(existsSync(firstFile), 'stored in the company\'s storage');
  t.equal(first.json().mediaPath.split('/')[0], String(first.json().companyId), 'under the company\'s folder');

  t.equal((await upload({ filename: 'page.html', content: Buffer.from('<script>'), mimetype: 'text/html' })).json().error, 'ERR_INVALID_MEDIA_TYPE');
  t.equal((await upload({ filename: 'fake.png', content: PNG, mimetype: 'application/zip' })).json().error, 'ERR_INVALID_MEDIA_TYPE', 'type and extension must agree');
  const big = await upload({ filename: 'big.jpg', content: Buffer.alloc(2 * 1024 * 1024 + 10), mimetype: 'image/jpeg' });
  t.equal(big.statusCode, 400);
  t.equal(big.json().error, 'ERR_FILE_TOO_LARGE', 'an image over 2 MB');
  t.equal((await upload({ filename: 'clip.mp3', content: Buffer.alloc(3 * 1024 * 1024), mimetype: 'audio/mpeg' })).statusCode, 200, 'an audio of 3 MB is within its 5 MB');
  t.notOk(existsSync(firstFile), 'the replaced media\'s file is deleted');
  t.equal((await upload(null)).json().error, 'ERR_NO_FILE');

  const other = await createTenant('Other Media Co');
  t.equal((await upload({ filename: 'x.png', content: PNG, mimetype: 'image/png' }, other.admin.token)).json().error, 'ERR_NO_CAMPAIGN_FOUND', 'another company');
  t.equal((await request('DELETE', `/api/campaigns/${c.id}/media-upload`, { token: other.admin.token })).body.error, 'ERR_NO_CAMPAIGN_FOUND');

  const current = (await request('GET', `/api/campaigns/${c.id}`, { token })).body;
  const removed = await request('DELETE', `/api/campaigns/${c.id}/media-upload`, { token });
  t.match(removed.body, { mediaPath: null, mediaName: null, mediaUrl: null });
  t.notOk(existsSync(app.storage.resolve(current.mediaPath)!), 'the file is deleted with it');
});

t.test('dispatch sends the media with the variant and then each file of the file list, once per number', async (t) => {
  const { app, list, campaign, settings, status, outbox, request, token, createTenant, wa } = await campaignsApp(t, 0.01);
  await settings({ messageInterval: 0, longerIntervalAfter: 0 });
  // A file list of the core's files feature, with two attachments.
  const fileList = (await request('POST', '/api/files', { token, body: { name: 'Catálogo', message: 'Veja', options: [{ name: 'Preços' }, { name: 'Mapa' }] } })).body;
  const { payload, headers } = multipart({}, [
    { field: 'Preços', filename: 'precos.pdf', content: Buffer.from('%PDF-1.4 test'), mimetype: 'application/pdf' },
    { field: 'Mapa', filename: 'mapa.png', content: PNG, mimetype: 'image/png' },
  ]);
  t.equal((await app.inject({ method: 'POST', url: `/api/files/uploadList/${fileList.id}`, payload, headers: { ...headers, authorization: `Bearer ${token}` } })).statusCode, 200);

  const other = await createTenant('Other Files Co');
  const foreignList = (await request('POST', '/api/files', { token: other.admin.token, body: { name: 'Alheio', message: 'x' } })).body;
  const recipients = numbers(3);
  const l = await list('Com mídia', recipients);
  const refused = await request('POST', '/api/campaigns', { token, body: { name: 'Steal', whatsappId: wa.id, contactListId: l.id, message1: 'x', fileListId: foreignList.id } });
  t.equal(refused.body.error, 'ERR_NO_FILE_LIST_FOUND', 'another company\'s file list is refused at save');

  const c = await campaign({ contactListId: l.id, message1: 'Oferta para {{name}}', fileListId: fileList.id });
  const up = multipart({}, [{ field: 'file', filename: 'oferta.jpg', content: PNG, mimetype: 'image/jpeg' }]);
  const media = (await app.inject({ method: 'POST', url: `/api/campaigns/${c.id}/media-upload`, payload: up.payload, headers: { ...up.headers, authorization: `Bearer ${token}` } })).json();
  const body = { name: 'Promo', whatsappId: wa.id, contactListId: l.id, message1: 'Oferta para {{name}}', fileListId: fileList.id, scheduledAt: soon() };
  t.equal((await request('PUT', `/api/campaigns/${c.id}`, { token, body })).body.status, 'PROGRAMADA');
  const done = await waitFor(async () => { const s = await status(c.id); return s.status === 'FINALIZADA' && s; }, 20_000, 'FINALIZADA');
  t.same(done.counts, { valids: 3, delivered: 3, failed: 0, pending: 0 });
  const sent = await outbox();
  t.equal(sent.length, 9, 'three messages per number: the variant with the image, then the two files');
  for (const [i, number] of recipients.entries()) {
    const mine = sent.filter((m) => m.to === number);
    t.equal(mine.length, 3, `three for ${number}`);
    t.equal(mine[0].body, `Oferta para Person ${i}`, 'the variant is the image\'s caption');
    t.match(mine[0].mediaUrl, media.mediaPath.split('/')[1], 'with the campaign\'s image');
    t.match(mine[1].mediaUrl, /precos\.pdf$/);
    t.match(mine[2].mediaUrl, /mapa\.png$/);
  }
});

t.test('a campaign with only a media (no text) may be scheduled and sends it', async (t) => {
  const { app, list, campaign, status, outbox, request, token, settings, wa } = await campaignsApp(t, 0.01);
  await settings({ messageInterval: 0, longerIntervalAfter: 0 });
  const l = await list('Só imagem', numbers(2));
  const c = await campaign({ contactListId: l.id });
  const body = { name: 'Promo', whatsappId: wa.id, contactListId: l.id, scheduledAt: soon() };
  t.equal((await request('PUT', `/api/campaigns/${c.id}`, { token, body })).body.error, 'ERR_CAMPAIGN_NO_MESSAGE', 'nothing to send yet');
  const up = multipart({}, [{ field: 'file', filename: 'only.png', content: PNG, mimetype: 'image/png' }]);
  t.equal((await app.inject({ method: 'POST', url: `/api/campaigns/${c.id}/media-upload`, payload: up.payload, headers: { ...up.headers, authorization: `Bearer ${token}` } })).statusCode, 200);
  t.equal((await request('PUT', `/api/campaigns/${c.id}`, { token, body })).body.status, 'PROGRAMADA');
  await waitFor(async () => (await status(c.id)).status === 'FINALIZADA', 20_000, 'FINALIZADA');
  const sent = await outbox();
  t.equal(sent.length, 2);
  t.ok(sent.every((m) => /only\.png$/.test(m.mediaUrl ?? '')), 'each got the image');
});
