import t from 'tap';
import { campaignsApp, numbers, waitFor } from './fixtures.js';

const soon = (ms = 300) => new Date(Date.now() + ms).toISOString();

t.test('a scheduled campaign sends each valid number exactly once, fills placeholders, and ends FINALIZADA', async (t) => {
  const { list, campaign, settings, status, outbox, request, token } = await campaignsApp(t);
  await settings({ messageInterval: 0, longerIntervalAfter: 0, variables: [{ key: 'loja', value: 'Centro' }] });
  const recipients = numbers(5);
  const l = await list('Clientes', [...recipients, '1234567890123456']); // 16 digits: no account on the sandbox
  // Each item's validity is checked by a paced job through the connection, after the create.
  const items = await waitFor(async () => {
    const res = await request('GET', '/api/contact-list-items', { token, query: { contactListId: l.id } });
    return res.body.contacts.every((i: { isWhatsappValid: boolean | null }) => i.isWhatsappValid !== null) && res.body.contacts;
  }, 10_000, 'numbers checked');
  t.same(items.filter((i: { isWhatsappValid: boolean }) => !i.isWhatsappValid).map((i: { number: string }) => i.number), ['1234567890123456'], 'the invalid number is marked');
  const c = await campaign({ contactListId: l.id, message1: 'Olá {{name}}, loja {{loja}}', message2: 'Oi {nome} ({numero})', scheduledAt: soon() });
  t.equal(c.status, 'PROGRAMADA');
  const done = await waitFor(async () => { const s = await status(c.id); return s.status === 'FINALIZADA' && s; }, 15_000, 'FINALIZADA');
  t.ok(done.completedAt);
  t.same(done.counts, { valids: 5, delivered: 5, failed: 0, pending: 0 }, 'the number marked invalid is left out');
  t.match(done, { contactList: { id: l.id, name: 'Clientes' }, whatsapp: { name: String } });
  const sent = await outbox();
  t.same(sent.map((m) => m.to).sort(), recipients, 'one message per valid number, the invalid one absent');
  for (const m of sent) {
    const i = recipients.indexOf(m.to);
    t.ok([`Olá Person ${i}, loja Centro`, `Oi Person ${i} (${m.to})`].includes(m.body ?? ""), `variant with placeholders: ${m.body}`);
  }
  t.equal((await request('DELETE', `/api/campaigns/${c.id}`, { token })).status, 200, 'a finished campaign can be deleted');
});

t.test('pacing: the long pause after every longerIntervalAfter-th send, from the previous actual send', async (t) => {
  // scale 0.01: greaterInterval 120 s → 1.2 s; messageInterval 0 → back to back otherwise.
  const { list, campaign, settings, status, outbox } = await campaignsApp(t, 0.01);
  await settings({ messageInterval: 0, longerIntervalAfter: 5, greaterInterval: 120 });
  const l = await list('Pace', numbers(11));
  const c = await campaign({ contactListId: l.id, message1: 'hi', scheduledAt: soon() });
  await waitFor(async () => (await status(c.id)).status === 'FINALIZADA', 20_000, 'FINALIZADA');
  const times = (await outbox()).map((m) => new Date(m.createdAt).getTime());
  t.equal(times.length, 11);
  const gaps = times.slice(1).map((x, i) => x - times[i]);
  // The long pause is a floor (the next send is due one gap after the previous one went out); the others have none,
  // so they stay below it even on a loaded machine.
  t.ok(gaps[4] >= 1180 && gaps[9] >= 1180, `long pauses before the 6th and 11th sends: ${gaps}`);
  t.ok(Math.max(...gaps.filter((_, i) => i !== 4 && i !== 9)) < Math.min(gaps[4], gaps[9]), `shorter gaps elsewhere: ${gaps}`);
});

t.test('a cancel/restart storm of 20 alternating calls sends nothing twice and the campaign still finishes', async (t) => {
  const { list, campaign, settings, status, outbox, request, token } = await campaignsApp(t, 0.01);
  await settings({ messageInterval: 5, longerIntervalAfter: 0 }); // up to 50 ms between sends
  const recipients = numbers(15);
  const l = await list('Storm', recipients);
  const c = await campaign({ contactListId: l.id, message1: 'hi {{name}}', scheduledAt: soon(50) });
  await waitFor(async () => (await status(c.id)).status === 'EM_ANDAMENTO', 10_000, 'running');
  for (let i = 0; i < 20; i++) {
    const action = i % 2 === 0 ? 'cancel' : 'restart';
    const res = await request('POST', `/api/campaigns/${c.id}/${action}`, { token });
    t.ok([200, 409].includes(res.status), `${action} answered ${res.status}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  const final = await status(c.id);
  t.equal(final.status, final.status === 'FINALIZADA' ? 'FINALIZADA' : 'EM_ANDAMENTO', 'ends running (or already done)');
  await waitFor(async () => (await status(c.id)).status === 'FINALIZADA', 20_000, 'FINALIZADA');
  const sent = (await outbox()).map((m) => m.to);
  t.equal(sent.length, new Set(sent).size, 'no number twice');
  t.same([...sent].sort(), recipients, 'every number once');
  t.same((await status(c.id)).counts, { valids: 15, delivered: 15, failed: 0, pending: 0 });
});

t.test('state rules: editability, cancel and restart transitions, delete of a running campaign refused', async (t) => {
  const { list, campaign, request, token, status, settings } = await campaignsApp(t, 1);
  await settings({ messageInterval: 20, longerIntervalAfter: 0 });
  const l = await list('Rules', numbers(3));
  const inactive = await campaign({ contactListId: l.id, message1: 'x' });
  t.equal(inactive.status, 'INATIVA');
  t.equal((await request('GET', `/api/campaigns/${inactive.id}`, { token })).body.editable, true, 'the answer says an inactive campaign may be changed');
  t.equal((await request('POST', `/api/campaigns/${inactive.id}/cancel`, { token })).body.error, 'ERR_INVALID_TRANSITION');
  t.equal((await request('POST', `/api/campaigns/${inactive.id}/restart`, { token })).body.error, 'ERR_INVALID_TRANSITION');
  const body = { name: 'Promo', whatsappId: (await status(inactive.id)).whatsappId, contactListId: l.id, message1: 'x' };
  const far = await request('PUT', `/api/campaigns/${inactive.id}`, { token, body: { ...body, scheduledAt: new Date(Date.now() + 2 * 3600_000).toISOString() } });
  t.equal(far.body.status, 'PROGRAMADA');
  t.equal(far.body.editable, true, 'scheduled 2 h ahead: the answer says editable');
  const near = await request('PUT', `/api/campaigns/${inactive.id}`, { token, body: { ...body, scheduledAt: new Date(Date.now() + 1800_000).toISOString() } });
  t.equal(near.status, 200, 'still 2 h away: editable');
  t.equal(near.body.editable, false, 'now within the hour: the answer says read-only, as the next save finds');
  t.equal((await request('GET', `/api/campaigns/${inactive.id}`, { token })).body.editable, false);
  t.equal((await request('PUT', `/api/campaigns/${inactive.id}`, { token, body })).body.error, 'ERR_CAMPAIGN_NOT_EDITABLE', 'within the hour: read-only');

  const running = await campaign({ contactListId: l.id, message1: 'x', scheduledAt: soon(50) });
  await waitFor(async () => (await status(running.id)).status === 'EM_ANDAMENTO', 10_000, 'running');
  t.equal((await request('PUT', `/api/campaigns/${running.id}`, { token, body })).status, 409);
  t.equal((await request('DELETE', `/api/campaigns/${running.id}`, { token })).body.error, 'ERR_CAMPAIGN_IN_PROGRESS');
  t.equal((await request('POST', `/api/campaigns/${running.id}/cancel`, { token })).body.status, 'CANCELADA');
  t.equal((await request('PUT', `/api/campaigns/${running.id}`, { token, body: { ...body, name: 'Renamed' } })).body.status, 'CANCELADA', 'a cancelled campaign may be saved');
  t.equal((await request('DELETE', `/api/campaigns/${running.id}`, { token })).status, 200);

  t.equal((await request('POST', '/api/campaigns', { token, body: { ...body, contactListId: undefined } })).body.error, 'ERR_CAMPAIGN_NO_AUDIENCE');
  t.equal((await request('POST', '/api/campaigns', { token, body: { ...body, message1: '', scheduledAt: soon() } })).body.error, 'ERR_CAMPAIGN_NO_MESSAGE');
});

t.test('another company cannot see, cancel, restart or reference a campaign\'s rows', async (t) => {
  const { list, campaign, request, createTenant, wa } = await campaignsApp(t, 1);
  const l = await list('Mine', numbers(2));
  const c = await campaign({ contactListId: l.id, message1: 'x' });
  const other = await createTenant('Other Co');
  const token = other.admin.token;
  for (const [method, url] of [['GET', ''], ['DELETE', ''], ['POST', '/cancel'], ['POST', '/restart']] as const) {
    t.equal((await request(method, `/api/campaigns/${c.id}${url}`, { token })).body.error, 'ERR_NO_CAMPAIGN_FOUND', `${method} ${url}`);
  }
  const foreign = await request('POST', '/api/campaigns', { token, body: { name: 'Steal', whatsappId: wa.id, contactListId: l.id, message1: 'x' } });
  t.equal(foreign.body.error, 'ERR_NO_WAPP_FOUND', 'another company\'s connection refused at save');
});

t.test('a connection that drops leaves the rest pending, and the campaign resumes when it is back', async (t) => {
  const { app, list, campaign, settings, status, outbox, request, token, wa } = await campaignsApp(t, 0.01);
  await settings({ messageInterval: 10, longerIntervalAfter: 0 }); // up to 100 ms between sends
  const recipients = numbers(12);
  const l = await list('Drop', recipients);
  const c = await campaign({ contactListId: l.id, message1: 'hi', scheduledAt: soon(50) });
  await waitFor(async () => (await status(c.id)).counts.delivered >= 3, 10_000, 'three sent');
  t.equal((await request('DELETE', `/api/whatsappsession/${wa.id}`, { token })).status, 200);
  await new Promise((r) => setTimeout(r, 800)); // a few retry periods (30 s scaled to 300 ms)
  const down = await status(c.id);
  t.equal(down.status, 'EM_ANDAMENTO', 'still running');
  t.equal(down.counts.failed, 0, 'nothing failed because the connection was down');
  t.ok(down.counts.pending > 0, `the rest waits: ${JSON.stringify(down.counts)}`);
  t.equal((await request('POST', `/api/whatsappsession/${wa.id}`, { token })).status, 200);
  await waitFor(() => { try { return app.sessions.provider(wa.id); } catch { return undefined; } }, 10_000, 'connected again');
  const done = await waitFor(async () => { const s = await status(c.id); return s.status === 'FINALIZADA' && s; }, 15_000, 'FINALIZADA');
  t.same(done.counts, { valids: 12, delivered: 12, failed: 0, pending: 0 });
  const sent = (await outbox()).map((m) => m.to);
  t.equal(sent.length, new Set(sent).size, 'no number twice');

  const page = await request('GET', `/api/campaigns/${c.id}/shipping`, { token, query: { status: 'delivered' } });
  t.equal(page.body.records.length, 12);
  t.equal(page.body.hasMore, false);
  t.match(page.body.records[0], { number: recipients[0], status: 'delivered', deliveredAt: String, contactId: Number });
});

// Issue 32: a user had to edit the campaign and set "Scheduled for" to now.
t.test('"Start now" sends an unscheduled campaign at once, each number once; a second click and a started campaign are refused', async (t) => {
  const { list, campaign, settings, status, outbox, request, token, createTenant } = await campaignsApp(t);
  await settings({ messageInterval: 0, longerIntervalAfter: 0 });
  const recipients = numbers(4);
  const l = await list('Agora', recipients);
  const c = await campaign({ contactListId: l.id, message1: 'Promoção de hoje' });
  t.equal(c.status, 'INATIVA', 'saved without a schedule');
  const other = await createTenant('Outra');
  t.equal((await request('POST', `/api/campaigns/${c.id}/start`, { token: other.admin.token })).status, 404, 'another company cannot start it');
  const [first, second] = await Promise.all([
    request('POST', `/api/campaigns/${c.id}/start`, { token }),
    request('POST', `/api/campaigns/${c.id}/start`, { token }),
  ]);
  t.same([first.status, second.status].sort(), [200, 409], 'two clicks at once: one start');
  const started = first.status === 200 ? first : second;
  t.ok(['PROGRAMADA', 'EM_ANDAMENTO', 'FINALIZADA'].includes(started.body.status));
  t.ok(Math.abs(Date.parse(started.body.scheduledAt) - Date.now()) < 60_000, 'scheduled for now');
  const done = await waitFor(async () => { const s = await status(c.id); return s.status === 'FINALIZADA' && s; }, 15_000, 'FINALIZADA');
  t.same(done.counts, { valids: 4, delivered: 4, failed: 0, pending: 0 });
  t.same((await outbox()).map((m) => m.to).sort(), recipients, 'one message per number');
  const again = await request('POST', `/api/campaigns/${c.id}/start`, { token });
  t.equal(again.status, 409);
  t.equal(again.body.error, 'ERR_INVALID_TRANSITION');
  t.equal((await outbox()).length, 4, 'nothing sent twice');
});

t.test('"Start now" moves a later schedule to now, and refuses a campaign with nothing to send', async (t) => {
  const { list, campaign, settings, status, request, token } = await campaignsApp(t);
  await settings({ messageInterval: 0, longerIntervalAfter: 0 });
  const l = await list('Depois', numbers(2));
  const later = await campaign({ contactListId: l.id, message1: 'oi', scheduledAt: new Date(Date.now() + 86_400_000).toISOString() });
  t.equal(later.status, 'PROGRAMADA');
  t.equal((await request('POST', `/api/campaigns/${later.id}/start`, { token })).status, 200);
  await waitFor(async () => (await status(later.id)).status === 'FINALIZADA', 15_000, 'FINALIZADA');
  const empty = await campaign({ contactListId: l.id, name: 'Vazia' });
  const refused = await request('POST', `/api/campaigns/${empty.id}/start`, { token });
  t.equal(refused.status, 400);
  t.equal(refused.body.error, 'ERR_CAMPAIGN_NO_MESSAGE');
  t.equal((await status(empty.id)).status, 'INATIVA');
});
