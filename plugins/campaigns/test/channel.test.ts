import t from 'tap';
import { campaignsApp } from './fixtures.js';
import { BUILT_IN_CAPABILITIES } from '../../../core/src/messaging/providers/registry.js';
import { fakeProvider } from '../../../core/test/pipeline/fixtures.js';

/**
 * A campaign writes first to every contact of its audience: a channel whose capabilities say the business may not
 * (a bot or a Page answers only those who wrote to it) is refused when the campaign is saved, naming the field.
 */
t.test('a campaign on a channel that cannot start a conversation is refused when created or moved there; nothing is stored', async (t) => {
  const env = await campaignsApp(t);
  const { request, token, list, campaign } = env;
  env.app.atrium.providers.register('replyonly', { create: () => fakeProvider(), capabilities: { ...BUILT_IN_CAPABILITIES.sandbox, addressing: 'opaque', startConversation: false } });
  const created = await request('POST', '/api/whatsapp', { token, body: { name: 'Answers only', provider: 'replyonly' } });
  t.equal(created.status, 200, JSON.stringify(created.body));
  const audience = await list('Clientes', ['5511970000001']);
  const countBefore = (await request('GET', '/api/campaigns', { token })).body.records.length;

  const refused = await request('POST', '/api/campaigns', { token, body: { name: 'Promo', whatsappId: created.body.id, contactListId: audience.id, message1: 'Oi' } });
  t.equal(refused.status, 400);
  t.equal(refused.body.error, 'ERR_CAMPAIGN_CHANNEL_CANNOT_START');
  t.equal(refused.body.field, 'body/whatsappId', 'the connection field is named');
  t.equal((await request('GET', '/api/campaigns', { token })).body.records.length, countBefore, 'no campaign was stored');

  const onSandbox = await campaign({ contactListId: audience.id, message1: 'Oi' });
  t.equal(onSandbox.status, 'INATIVA', 'the same campaign on a channel that starts conversations is taken');
  const moved = await request('PUT', `/api/campaigns/${onSandbox.id}`, { token, body: { name: 'Promo', whatsappId: created.body.id, contactListId: audience.id, message1: 'Oi' } });
  t.equal(moved.status, 400);
  t.equal(moved.body.error, 'ERR_CAMPAIGN_CHANNEL_CANNOT_START', 'and cannot be moved onto it');
});
