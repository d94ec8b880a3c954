import t from 'tap';
import { campaignsApp, numbers, waitFor } from './fixtures.js';
import { Contact } from '../../../core/src/db/models/index.js';
import { fakeGraph } from '../../../core/test/connections/fake-graph.js';
import { cloudConnection, post, sign, textFrom } from '../../../core/test/connections/cloud-env.js';

const soon = (ms = 300) => new Date(Date.now() + ms).toISOString();
const ORDER_UPDATE = { name: 'order_update', language: 'pt_BR' };

t.test('a campaign on a Cloud API connection: who wrote within 24 hours gets the text, the others the template', async (t) => {
  const graph = await fakeGraph(t);
  const env = await campaignsApp(t, 0.01, { allowPrivateUrls: true });
  const { list, campaign, settings, status, request, token } = env;
  await settings({ messageInterval: 0, longerIntervalAfter: 0 });
  const cloudId = await cloudConnection(t, env, graph);
  const [wrote, silent] = numbers(2, 5511970000000);
  // One customer wrote a moment ago: their 24-hour window is open.
  const raw = textFrom('wamid.CAMP1', 'oi', wrote);
  t.equal((await post(env, cloudId, raw, sign(raw))).status, 200);
  await waitFor(async () => Contact.scoped(1).findOne({ number: wrote }), 5000, 'the contact');
  const l = await list('Nuvem', [wrote, silent]);

  const c = await campaign({
    whatsappId: cloudId, contactListId: l.id, message1: 'Oi {nome}, novidades!',
    template: { ...ORDER_UPDATE, parameters: ['{nome}', '#{numero}'] }, scheduledAt: soon(),
  });
  t.same((await status(c.id)).template, { ...ORDER_UPDATE, parameters: ['{nome}', '#{numero}'] }, 'the campaign shows its template');
  const done = await waitFor(async () => { const s = await status(c.id); return s.status === 'FINALIZADA' && s; }, 15_000, 'FINALIZADA');
  t.same(done.counts, { valids: 2, delivered: 2, failed: 0, pending: 0 }, 'both reached');

  const sent = graph.sent();
  const text = sent.filter((m) => m.type === 'text');
  t.same(text.map((m) => [m.to, m.text.body]), [[wrote, 'Oi Person 0, novidades!']], 'inside the window: the free text');
  const templates = sent.filter((m) => m.type === 'template');
  t.same(templates.map((m) => [m.to, m.template]), [[silent, {
    name: 'order_update', language: { code: 'pt_BR' },
    components: [{ type: 'body', parameters: [{ type: 'text', text: 'Person 1' }, { type: 'text', text: `#${silent}` }] }],
  }]], 'outside the window: the template with the recipient\'s values');
  const report = await request('GET', `/api/campaigns/${c.id}/shipping`, { token });
  const shownFor = (n: string) => report.body.records.find((r: { number: string }) => r.number === n);
  t.equal(shownFor(silent).status, 'delivered');
  t.equal(shownFor(wrote).status, 'delivered');
});

t.test('a template-only campaign sends the template to everyone; a campaign without one fails those outside the window', async (t) => {
  const graph = await fakeGraph(t);
  const env = await campaignsApp(t, 0.01, { allowPrivateUrls: true });
  const { list, campaign, settings, status, request, token } = env;
  await settings({ messageInterval: 0, longerIntervalAfter: 0 });
  const cloudId = await cloudConnection(t, env, graph);
  const l = await list('Só modelo', numbers(2, 5511971000000));

  const only = await campaign({ whatsappId: cloudId, contactListId: l.id, template: { ...ORDER_UPDATE, parameters: ['{nome}', '1'] }, scheduledAt: soon() });
  const done = await waitFor(async () => { const s = await status(only.id); return s.status === 'FINALIZADA' && s; }, 15_000, 'FINALIZADA');
  t.same(done.counts, { valids: 2, delivered: 2, failed: 0, pending: 0 });
  t.same(graph.sent().map((m) => m.type), ['template', 'template'], 'no message written: the template to each');

  const plain = await campaign({ whatsappId: cloudId, contactListId: l.id, message1: 'sem modelo', scheduledAt: soon() });
  const failed = await waitFor(async () => { const s = await status(plain.id); return s.status === 'FINALIZADA' && s; }, 15_000, 'FINALIZADA');
  t.same(failed.counts, { valids: 2, delivered: 0, failed: 2, pending: 0 }, 'no template: nobody outside the window is reached');
  const report = await request('GET', `/api/campaigns/${plain.id}/shipping`, { token });
  t.same(report.body.records.map((r: { error: string }) => r.error), ['ERR_OUTSIDE_SERVICE_WINDOW', 'ERR_OUTSIDE_SERVICE_WINDOW'], 'the report says why');
  t.equal(graph.sent().length, 2, 'nothing more went to Meta');
});

t.test('a campaign\'s template is checked when saved: a Cloud connection, approved, with its variables', async (t) => {
  const graph = await fakeGraph(t);
  const env = await campaignsApp(t, 0.01, { allowPrivateUrls: true });
  const { wa, list, request, token } = env;
  const cloudId = await cloudConnection(t, env, graph);
  const l = await list('Check', numbers(1, 5511972000000));
  const save = (body: Record<string, unknown>) => request('POST', '/api/campaigns', { token, body: { name: 'Modelo', contactListId: l.id, ...body } });

  const sandbox = await save({ whatsappId: wa.id, message1: 'oi', template: { ...ORDER_UPDATE, parameters: ['a', 'b'] } });
  t.same([sandbox.status, sandbox.body.error], [400, 'ERR_TEMPLATES_UNSUPPORTED'], 'not on a sandbox connection (its channel has no templates)');
  const pending = await save({ whatsappId: cloudId, template: { name: 'promo_draft', language: 'en_US', parameters: [] } });
  t.same([pending.status, pending.body.error], [400, 'ERR_TEMPLATE_NOT_APPROVED'], 'not a template Meta has not approved');
  const count = await save({ whatsappId: cloudId, template: { ...ORDER_UPDATE, parameters: ['{nome}'] } });
  t.same([count.status, count.body.error], [400, 'ERR_TEMPLATE_PARAMETERS'], 'as many parameters as the template has variables');
  const ok = await save({ whatsappId: cloudId, template: { ...ORDER_UPDATE, parameters: ['{nome}', 'x'] } });
  t.equal(ok.status, 200);
  const cleared = await request('PUT', `/api/campaigns/${ok.body.id}`, { token, body: { name: 'Modelo', contactListId: l.id, whatsappId: cloudId, message1: 'oi', template: null } });
  t.equal(cleared.body.template, null, 'the template can be taken off');
});
