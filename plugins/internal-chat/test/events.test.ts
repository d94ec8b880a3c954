import t from 'tap';
import type { Test } from 'tap';
import { io as connect, type Socket } from 'socket.io-client';
import type { FastifyInstance } from 'fastify';
import { chatWorld } from './fixtures.js';

/** A socket of `token` on the listening app that records every event it hears. */
async function ear(t: Test, app: FastifyInstance, token: string) {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  const socket: Socket = connect(`http://127.0.0.1:${port}`, { path: '/socket.io', query: { token }, transports: ['websocket'], reconnection: false });
  t.teardown(() => { socket.close(); });
  const heard: Array<{ event: string; payload: any }> = [];
  socket.onAny((event: string, payload: unknown) => heard.push({ event, payload }));
  await new Promise<void>((resolve, reject) => { socket.on('connect', () => resolve()); socket.on('connect_error', reject); });
  return {
    heard,
    chatEvents: () => heard.filter((h) => /-chat$/.test(h.event)),
    async next(event: string, match: (payload: any) => boolean = () => true, ms = 5000) {
      const until = Date.now() + ms;
      for (;;) {
        const hit = heard.find((h) => h.event === event && match(h.payload));
        if (hit) return hit.payload;
        if (Date.now() > until) throw new Error(`no ${event} within ${ms} ms; heard ${heard.map((h) => h.event).join(', ')}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
  };
}

t.test('chat events reach the members\' sockets only: not a same-company non-member, not another company', async (t) => {
  const w = await chatWorld(t);
  const other = await w.createTenant('Other Co', { useInternalChat: true });
  const bia = await ear(t, w.app, w.bia.token);
  const biaSecondTab = await ear(t, w.app, w.bia.token);
  const caio = await ear(t, w.app, w.caio.token); // same company, not a member
  const stranger = await ear(t, w.app, other.admin.token);
  const event = `company-${w.companyId}-chat`;

  const created = await w.as(w.ana).createChat('Pair', [{ id: w.bia.id }]);
  t.equal(created.status, 200, 'chat created');
  const chat = created.body;
  t.equal((await bia.next(event, (p) => p.action === 'create')).chat.id, chat.id);

  const sent = (await w.as(w.ana).send(chat.id, 'psst')).body;
  const heard = await bia.next(event, (p) => p.action === 'new-message');
  t.same(heard.newMessage, sent, 'the stored message');
  t.equal(heard.chat.lastMessage, `${w.ana.name}: psst`);
  t.equal(heard.chat.users.find((m: { userId: number }) => m.userId === w.bia.id).unreads, 1, 'with the member\'s new counter');
  await biaSecondTab.next(event, (p) => p.action === 'new-message');

  await w.as(w.bia).read(chat.id);
  t.equal((await bia.next(event, (p) => p.action === 'update')).chat.users.find((m: { userId: number }) => m.userId === w.bia.id).unreads, 0);

  // Barrier: a company-wide event emitted after the chat events reaches caio and the stranger's company
  // after anything emitted before it would have, so "nothing heard" is not a matter of waiting long enough.
  await w.request('POST', '/api/tags', { token: w.admin.token, body: { name: 'barrier', color: '#112233' } });
  await w.request('POST', '/api/tags', { token: other.admin.token, body: { name: 'barrier', color: '#112233' } });
  await caio.next(`company-${w.companyId}-tag`);
  await stranger.next(`company-${other.companyId}-tag`);
  t.same(caio.chatEvents(), [], 'a same-company non-member heard nothing');
  t.same(stranger.chatEvents(), [], 'another company heard nothing');
});

t.test('an edit tells the remaining and new members, and tells a dropped member the chat is gone for them', async (t) => {
  const w = await chatWorld(t);
  const chat = (await w.as(w.ana).createChat('Trio', [{ id: w.bia.id }, { id: w.caio.id }])).body;
  const bia = await ear(t, w.app, w.bia.token);
  const caio = await ear(t, w.app, w.caio.token);
  const admin = await ear(t, w.app, w.admin.token);
  const event = `company-${w.companyId}-chat`;

  await w.as(w.ana).updateChat(chat.id, 'Renamed', [{ id: w.bia.id }, { id: w.admin.id }]);
  t.equal((await bia.next(event, (p) => p.action === 'update')).chat.title, 'Renamed');
  t.equal((await admin.next(event, (p) => p.action === 'update')).chat.title, 'Renamed');
  t.same(await caio.next(event, (p) => p.action === 'delete'), { action: 'delete', id: chat.id });

  await w.as(w.ana).send(chat.id, 'after the edit');
  await bia.next(event, (p) => p.action === 'new-message');
  await w.request('POST', '/api/tags', { token: w.admin.token, body: { name: 'barrier', color: '#112233' } });
  await caio.next(`company-${w.companyId}-tag`);
  t.notOk(caio.chatEvents().some((h) => h.payload.action === 'new-message'), 'the dropped member hears no new messages');

  await w.as(w.ana).deleteChat(chat.id);
  t.same(await bia.next(event, (p) => p.action === 'delete'), { action: 'delete', id: chat.id });
});
