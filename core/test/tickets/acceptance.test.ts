import t from 'tap';
import { build } from '../helper.js';
import { Ticket } from '../../src/db/models/index.js';
import { connectedSandbox, multipart, PNG, socketFor, waitFor } from '../pipeline/http.js';

t.test('a contact writes, the agent sees the pending ticket live, accepts, replies with text and an image, closes, and the rating answer is stored', async (t) => {
  const { app, request, token } = await build(t);
  await app.tenancy.settings.set(1, 'userRating', 'enabled');
  const wa = await connectedSandbox(app);
  const socket = await socketFor(t, app, token);
  const pendingSeen = new Promise<any>((resolve) => socket.on('company-1-ticket', (p) => { if (p.action === 'update' && p.ticket.status === 'pending') resolve(p.ticket); }));

  const sent = await request('POST', `/api/sandbox/${wa.id}/inbound`, { token, body: { number: '5511988887777', body: 'Olá, preciso de ajuda', name: 'Maria Souza' } });
  t.equal(sent.status, 200);
  const live = await pendingSeen;
  t.equal(live.contact.name, 'Maria Souza');
  t.equal(live.unreadMessages, 1);
  t.equal(live.whatsapp.name, wa.name);

  const listed = await request('GET', '/api/tickets', { token, query: { status: 'pending' } });
  t.same(listed.body.tickets.map((x: any) => x.id), [live.id], 'the pending tab lists it');

  const accepted = await request('PUT', `/api/tickets/${live.id}`, { token, body: { status: 'open' } });
  t.equal(accepted.status, 200);
  t.equal(accepted.body.status, 'open');
  t.ok(accepted.body.user, 'assigned to the agent');

  const text = await request('POST', `/api/messages/${live.id}`, { token, body: { body: 'Claro! Como posso ajudar?' } });
  t.equal(text.status, 200);
  t.equal(text.body.messages[0].status, 'sent');
  const form = multipart([{ name: 'medias', filename: 'recibo.png', type: 'image/png', data: PNG }, { name: 'body', value: 'Segue o recibo' }]);
  const image = await app.inject({ method: 'POST', url: `/api/messages/${live.id}`, headers: { authorization: `Bearer ${token}`, ...form.headers }, payload: form.payload });
  t.equal(image.statusCode, 200, image.body);
  t.equal(image.json().messages[0].mediaType, 'image');

  const outbox = await request('GET', `/api/sandbox/${wa.id}/outbox`, { token });
  const bodies = outbox.body.records.map((r: any) => r.body);
  t.ok(bodies.includes('Claro! Como posso ajudar?'), 'the text reached the phone network');
  t.ok(outbox.body.records.some((r: any) => r.mediaUrl && r.body === 'Segue o recibo'), 'the image reached the phone network');

  const read = await waitFor(async () => {
    const res = await request('GET', `/api/messages/${live.id}`, { token });
    const mine = res.body.messages.filter((m: any) => m.fromMe && m.userId);
    return mine.length === 2 && mine.every((m: any) => m.ack === 4) ? res.body : undefined;
  }, 5000, 'acks to rise to 4');
  t.equal(read.ticket.unreadMessages, 0, 'reading the messages marks the ticket read');
  t.same(read.messages.map((m: any) => m.body).slice(0, 1), ['Olá, preciso de ajuda'], 'oldest first within the page');

  const closed = await request('PUT', `/api/tickets/${live.id}`, { token, body: { status: 'closed' } });
  t.equal(closed.body.status, 'closed');
  t.equal(closed.body.queueId, null);
  const question = await waitFor(async () => {
    const res = await request('GET', `/api/sandbox/${wa.id}/outbox`, { token });
    return res.body.records.find((r: any) => /avalie/i.test(r.body ?? ''));
  }, 3000, 'the rating question');
  t.match(question.body, /\*1\*.*\n\*2\*.*\n\*3\*/);

  await request('POST', `/api/sandbox/${wa.id}/inbound`, { token, body: { number: '5511988887777', body: '2' } });
  const rated = await waitFor(async () => {
    const row = await Ticket.scoped(1).findById(live.id);
    return row?.rating ? row : undefined;
  }, 3000, 'the rating');
  t.equal(rated.rating, 2);
  t.equal(await Ticket.scoped(1).where({ contactId: live.contactId }).resultSize(), 1, 'the answer opened no new ticket');
});
