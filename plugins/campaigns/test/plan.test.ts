import t from 'tap';
import { build } from '../../../core/test/helper.js';
import { recordEvents } from '../../../core/test/pipeline/fixtures.js';
import { Company } from '../../../core/src/db/models/index.js';
import { campaignsApp, numbers, waitFor } from './fixtures.js';

t.test('a company whose plan lacks useCampaigns gets 403 ERR_PLAN_FEATURE_DISABLED on every campaigns route', async (t) => {
  const { app, request, createTenant } = await build(t);
  const tenant = await createTenant('No Campaigns Co', { useCampaigns: false });
  const token = tenant.admin.token;
  const routes = app.routeTable.filter((r) => /^\/api\/(campaigns|contact-lists|contact-list-items|campaign-settings)\b/.test(r.url));
  const expected = [
    'GET /api/contact-lists/list', 'GET /api/contact-lists', 'GET /api/contact-lists/:id', 'POST /api/contact-lists', 'PUT /api/contact-lists/:id',
    'DELETE /api/contact-lists/:id', 'GET /api/contact-list-items', 'GET /api/contact-list-items/:id', 'POST /api/contact-list-items',
    'PUT /api/contact-list-items/:id', 'DELETE /api/contact-list-items/:id', 'GET /api/campaign-settings', 'POST /api/campaign-settings',
    'GET /api/campaigns', 'GET /api/campaigns/:id', 'POST /api/campaigns', 'PUT /api/campaigns/:id', 'DELETE /api/campaigns/:id',
    'POST /api/campaigns/:id/cancel', 'POST /api/campaigns/:id/restart',
  ];
  const registered = new Set(routes.flatMap((r) => [r.method].flat().filter((m) => m !== 'HEAD').map((m) => `${m} ${r.url.replace(/\/$/, '')}`)));
  for (const route of expected) t.ok(registered.has(route), `${route} exists`);
  // Valid requests, so that only the plan can refuse them.
  const bodies: Record<string, object> = {
    '/api/contact-lists': { name: 'Valid' }, '/api/contact-list-items': { name: 'Ana', number: '5511999990001', contactListId: 1 },
    '/api/campaign-settings': { settings: {} }, '/api/campaigns': { name: 'Promo', whatsappId: 1, contactListId: 1 },
  };
  for (const route of registered) {
    const [method, url] = route.split(' ');
    const base = url.replace(/\/:id.*$/, '');
    const res = await request(method, `${url.replace(':id', '1')}${method === 'GET' && base === '/api/contact-list-items' && url === base ? '?contactListId=1' : ''}`, {
      token, body: ['POST', 'PUT'].includes(method) ? bodies[base] ?? undefined : undefined,
    });
    t.equal(res.status, 403, route);
    t.equal(res.body.error, 'ERR_PLAN_FEATURE_DISABLED', route);
  }
});

t.test('GET /api/plugins lists the campaigns remote only for companies with useCampaigns', async (t) => {
  const { request, createTenant } = await build(t);
  const withIt = await createTenant('Campaigns Co');
  const without = await createTenant('Plain Co', { useCampaigns: false });
  const listed = (await request('GET', '/api/plugins', { token: withIt.admin.token })).body.plugins.find((p: { id: string }) => p.id === 'campaigns');
  t.equal(listed?.planFlag, 'useCampaigns');
  const hidden = (await request('GET', '/api/plugins', { token: without.admin.token })).body.plugins.find((p: { id: string }) => p.id === 'campaigns');
  t.notOk(hidden, 'absent without the flag');
});

t.test('campaignsEnabled off (the company setting): 403 ERR_NO_PERMISSION on the campaigns routes; on again, they answer', async (t) => {
  const { request, createTenant } = await build(t);
  const tenant = await createTenant('Switched Off Co');
  const other = await createTenant('Still On Co');
  const token = tenant.admin.token;
  t.equal((await request('GET', '/api/campaigns', { token })).status, 200, 'on by default');
  t.equal((await request('PUT', '/api/settings/campaignsEnabled', { token, body: { value: 'false' } })).status, 200);
  for (const [method, url, body] of [
    ['GET', '/api/campaigns'], ['POST', '/api/campaigns', { name: 'Promo', whatsappId: 1, contactListId: 1 }], ['GET', '/api/contact-lists'],
    ['POST', '/api/contact-lists', { name: 'Lista' }], ['GET', '/api/campaign-settings'], ['GET', '/api/contact-lists/sample'], ['POST', '/api/campaigns/1/cancel'],
  ] as const) {
    const res = await request(method, url, { token, body });
    t.equal(res.status, 403, `${method} ${url}`);
    t.equal(res.body.error, 'ERR_NO_PERMISSION', `${method} ${url}`);
  }
  t.equal((await request('GET', '/api/campaigns', { token: other.admin.token })).status, 200, 'another company is unaffected');
  t.equal((await request('PUT', '/api/settings/campaignsEnabled', { token, body: { value: 'true' } })).status, 200);
  t.equal((await request('GET', '/api/campaigns', { token })).status, 200, 'on again');
});

t.test('a running campaign stops at a plan downgrade (nothing sent, no campaign event) and resumes when useCampaigns is back', async (t) => {
  // Scale 0.02: a 2.4 s pause after the 5th send (greaterInterval 120 s), where the plan changes; back to back otherwise.
  const { app, list, campaign, settings, status, outbox, request, token } = await campaignsApp(t, 0.02);
  await settings({ messageInterval: 0, longerIntervalAfter: 5, greaterInterval: 120 });
  const recipients = numbers(8);
  const l = await list('Downgrade', recipients);
  const events = recordEvents(app);
  const { planId } = (await Company.query().findById(1))!;
  const c = await campaign({ contactListId: l.id, message1: 'hi {{name}}', scheduledAt: new Date(Date.now() + 100).toISOString() });
  await waitFor(async () => (await outbox()).length >= 5, 15_000, 'five sends');
  t.equal((await request('PUT', `/api/plans/${planId}`, { token, body: { useCampaigns: false } })).status, 200, 'the plan loses useCampaigns mid-run');
  await waitFor(async () => (await app.knex('parkedJobs').where({ companyId: 1, name: 'campaigns.send' })).length === 1, 15_000, 'the next send parked');
  const eventsAtPark = events.filter((e) => e.event === 'campaign').length;
  await app.jobs.idle(60_000);
  const sentWhileDown = (await outbox()).length;
  t.ok(sentWhileDown >= 5 && sentWhileDown < 8, `the campaign stopped: ${sentWhileDown} of 8 sent`);
  t.equal(events.filter((e) => e.event === 'campaign').length, eventsAtPark, 'no campaign event while parked');
  t.equal((await request('GET', `/api/campaigns/${c.id}`, { token })).status, 403, 'the API refuses the campaign too');

  t.equal((await request('PUT', `/api/plans/${planId}`, { token, body: { useCampaigns: true } })).status, 200, 'useCampaigns is back');
  await waitFor(async () => (await status(c.id)).status === 'FINALIZADA', 20_000, 'FINALIZADA');
  const sent = (await outbox()).map((m) => m.to);
  t.same([...sent].sort(), recipients, 'every number once, none twice');
  t.same((await status(c.id)).counts, { valids: 8, delivered: 8, failed: 0, pending: 0 });
  t.same(await app.knex('parkedJobs').where({ companyId: 1 }), [], 'nothing left parked');
});
