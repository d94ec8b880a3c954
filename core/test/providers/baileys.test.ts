import t, { type Test } from 'tap';
import { BufferJSON, DisconnectReason, generateWAMessageContent, makeEventBuffer, proto, type UserFacingSocketConfig, type WAMessage } from '@whiskeysockets/baileys';
import { build } from '../helper.js';
import { ProviderAuthKey, Whatsapp } from '../../src/db/models/index.js';
import { BaileysProvider, type BaileysSocketLike } from '../../src/messaging/providers/baileys.js';
import { useDatabaseAuthState } from '../../src/messaging/providers/baileys-auth.js';
import { LocalLeases } from '../../src/messaging/leases.js';
import { SessionManager } from '../../src/messaging/sessions.js';
import type { AckUpdate, InboundMessage, PresenceUpdate, ProviderEvents, SessionStatus } from '../../src/messaging/provider.js';
import { until } from '../connections/util.js';
import * as fx from './fixtures/baileys-events.js';

const silent = { level: 'silent', child() { return silent; }, trace() {}, debug() {}, info() {}, warn() {}, error() {} };

/** A socket whose `ev` is Baileys' own event emitter; we play WhatsApp's side by emitting recorded payloads. */
function fakeSocket(lidMap: Record<string, string> = {}) {
  const ev = makeEventBuffer(silent as never);
  const sent: Array<{ jid: string; content: any; options: any }> = [];
  const presenceAsked: string[] = [];
  const socket = {
    presenceAsked,
    async presenceSubscribe(jid: string) { presenceAsked.push(jid); },
    ev,
    user: undefined as { id: string } | undefined,
    ended: false,
    loggedOut: false,
    sent,
    async sendMessage(jid: string, content: any, options?: any) {
      sent.push({ jid, content, options });
      return { key: { remoteJid: jid, fromMe: true, id: options?.messageId ?? 'GENERATED' } } as WAMessage;
    },
    async onWhatsApp(jid: string) { return [{ exists: !jid.startsWith('000'), jid }]; },
    async profilePictureUrl() { return 'https://pps.whatsapp.net/v/t61/abc.jpg'; },
    async logout() { socket.loggedOut = true; },
    end() { socket.ended = true; },
    signalRepository: { lidMapping: { async getPNForLID(lid: string) { return lidMap[lid.replace(/:\d+@/, '@')] ?? null; } } },
  };
  return socket;
}
type Fake = ReturnType<typeof fakeSocket>;

function recorder() {
  const statuses: Array<{ status: SessionStatus; details?: any }> = [];
  const messages: InboundMessage[] = [];
  const acks: AckUpdate[] = [];
  const calls: any[] = [];
  const presences: PresenceUpdate[] = [];
  const events: ProviderEvents = {
    onPresence: (p) => { presences.push(p); },
    onStatus: (status, details) => { statuses.push({ status, details }); },
    onMessage: async (m) => { messages.push(m); },
    onAck: (a) => { acks.push(a); },
    onCall: (c) => { calls.push(c); },
  };
  return { events, statuses, messages, acks, calls, presences };
}

async function setup(t: Test, opts: { maxQrRefreshes?: number; lidMap?: Record<string, string> } = {}) {
  const { app } = await build(t);
  const row = await Whatsapp.scoped(1).insertAndFetch({ name: 'Phone', provider: 'beta', status: 'DISCONNECTED', isDefault: false, userStopped: true } as Partial<Whatsapp>);
  const rec = recorder();
  const sockets: Fake[] = [];
  const configs: UserFacingSocketConfig[] = [];
  const downloads: WAMessage[] = [];
  const provider = new BaileysProvider({ companyId: 1, whatsappId: row.id, events: rec.events, log: app.log }, {
    knex: app.knex,
    makeSocket: (config) => { configs.push(config); const s = fakeSocket(opts.lidMap); sockets.push(s); return s as unknown as BaileysSocketLike; },
    maxQrRefreshes: opts.maxQrRefreshes ?? 3,
    backoff: { baseMs: 5, maxMs: 20 },
    download: async (m) => { downloads.push(m); return Buffer.from('media-bytes'); },
  });
  t.teardown(() => provider.stop());
  const emit = async (event: string, payload: unknown, socket = sockets.at(-1)!) => {
    socket.ev.emit(event as never, payload as never);
    await provider.idle();
  };
  return { app, row, rec, provider, sockets, configs, downloads, emit };
}

t.test('QR codes are reported one by one; after N unscanned QRs the session gives up with TIMEOUT', async (t) => {
  const { provider, rec, sockets, emit } = await setup(t, { maxQrRefreshes: 2 });
  await provider.start();
  t.equal(sockets.length, 1);
  await emit('connection.update', fx.connecting);
  await emit('connection.update', fx.qr(1));
  await emit('connection.update', fx.qr(2));
  t.same(rec.statuses.map((s) => s.status), ['OPENING', 'qrcode', 'qrcode']);
  t.equal(rec.statuses[1].details.qrcode, fx.qr(1).qr, 'each new QR is emitted');
  t.equal(rec.statuses[2].details.qrcode, fx.qr(2).qr);
  await emit('connection.update', fx.qr(3));
  t.equal(rec.statuses.at(-1)!.status, 'TIMEOUT');
  t.equal(sockets[0].ended, true, 'the socket is closed');
  await emit('connection.update', fx.close(DisconnectReason.connectionClosed), sockets[0]);
  await new Promise((r) => setTimeout(r, 40));
  t.equal(sockets.length, 1, 'no reconnect after TIMEOUT');
});

t.test('open → CONNECTED with the number; send, delete, checkNumber and profile picture go through the socket', async (t) => {
  const { provider, rec, sockets, emit } = await setup(t);
  await provider.start();
  await t.rejects(provider.send({ to: '5511988887777', body: 'x' }), { code: 'ERR_WAPP_NOT_INITIALIZED' }, 'no sending before open');
  await emit('connection.update', fx.qr(1));
  sockets[0].user = { id: fx.ME };
  await emit('connection.update', fx.open);
  t.same(rec.statuses.at(-1), { status: 'CONNECTED', details: { number: '5511900001111' } });
  const sent = await provider.send({ to: '5511988887777', body: 'Olá', quotedProviderId: '3EB0QUOTED' });
  t.equal(sockets[0].sent[0].jid, fx.CONTACT);
  t.same(sockets[0].sent[0].content, { text: 'Olá' });
  t.equal(sockets[0].sent[0].options.quoted.key.id, '3EB0QUOTED', 'replies quote by providerId');
  t.equal(sent.providerId, sockets[0].sent[0].options.messageId);
  t.equal(sent.ack, 1);
  await provider.send({ to: fx.GROUP.split('@')[0], isGroup: true, media: { path: '/tmp/x.pdf', mimetype: 'application/pdf', filename: 'x.pdf', caption: 'doc' } });
  t.equal(sockets[0].sent[1].jid, fx.GROUP);
  t.same(sockets[0].sent[1].content, { document: { url: '/tmp/x.pdf' }, mimetype: 'application/pdf', fileName: 'x.pdf', caption: 'doc' });
  await provider.send({ to: '5511988887777', media: { path: '/tmp/a.ogg', mimetype: 'audio/ogg', filename: 'a.ogg', asVoice: true } });
  t.match(sockets[0].sent[2].content, { audio: { url: '/tmp/a.ogg' }, ptt: true });
  await provider.deleteMessage('5511988887777', 'OUT1', true);
  t.same(sockets[0].sent[3].content, { delete: { remoteJid: fx.CONTACT, fromMe: true, id: 'OUT1' } });
  t.same(await provider.checkNumber('5511988887777'), { exists: true, number: '5511988887777' });
  t.same(await provider.checkNumber('0001234'), { exists: false, number: '0001234' });
  t.equal(await provider.profilePictureUrl('5511988887777'), 'https://pps.whatsapp.net/v/t61/abc.jpg');
});

t.test('edit, reaction, quote of our own message and forward go through the socket as Baileys builds them', async (t) => {
  const { provider, sockets, emit } = await setup(t);
  await provider.start();
  sockets[0].user = { id: fx.ME };
  await emit('connection.update', fx.open);
  await provider.editMessage({ to: '5511988887777', providerId: 'OUT1', fromMe: true }, 'Olá, corrigido');
  await provider.react({ to: '5511988887777', providerId: 'IN1', fromMe: false }, '👍');
  await provider.react({ to: fx.GROUP.split('@')[0], isGroup: true, providerId: 'IN2', fromMe: false }, '');
  await provider.send({ to: '5511988887777', body: 'sobre isto', quotedProviderId: 'OUT1', quotedFromMe: true });
  await provider.send({ to: '5511988887777', body: 'encaminhada', forwarded: true });
  const [edit, reaction, unreact, reply, forward] = sockets[0].sent;
  t.same([edit.jid, edit.content], [fx.CONTACT, { text: 'Olá, corrigido', edit: { remoteJid: fx.CONTACT, fromMe: true, id: 'OUT1' } }]);
  t.same(reaction.content, { react: { text: '👍', key: { remoteJid: fx.CONTACT, fromMe: false, id: 'IN1' } } });
  t.same([unreact.jid, unreact.content.react.text], [fx.GROUP, ''], 'an empty reaction removes it');
  t.same(reply.options.quoted.key, { remoteJid: fx.CONTACT, id: 'OUT1', fromMe: true }, 'a quote of our own message keys it as ours');
  t.same(forward.content, { text: 'encaminhada', contextInfo: { isForwarded: true, forwardingScore: 1 } });
  // Baileys turns these contents into WhatsApp's protocol messages: an edit, a reaction, a forwarded text.
  const built = await Promise.all([edit, reaction, forward].map((s) => generateWAMessageContent(s.content, { upload: (() => { throw new Error('no upload'); }) as never })));
  t.equal(built[0].protocolMessage?.type, proto.Message.ProtocolMessage.Type.MESSAGE_EDIT);
  t.equal(built[0].protocolMessage?.key?.id, 'OUT1');
  t.equal(built[0].protocolMessage?.editedMessage?.conversation ?? built[0].protocolMessage?.editedMessage?.extendedTextMessage?.text, 'Olá, corrigido');
  t.same([built[1].reactionMessage?.text, built[1].reactionMessage?.key?.id], ['👍', 'IN1']);
  t.equal(built[2].extendedTextMessage?.contextInfo?.isForwarded, true);
  const failing = sockets[0];
  failing.sendMessage = async () => { throw new Error('socket closed'); };
  await t.rejects(provider.editMessage({ to: '5511988887777', providerId: 'OUT1', fromMe: true }, 'x'), { code: 'ERR_EDIT_WAPP_MSG' });
  await t.rejects(provider.react({ to: '5511988887777', providerId: 'IN1', fromMe: false }, '👍'), { code: 'ERR_REACT_WAPP_MSG' });
});

t.test('close reasons: restartRequired reconnects at once, transient ones after a backoff delay', async (t) => {
  const { provider, rec, sockets, emit } = await setup(t);
  await provider.start();
  sockets[0].user = { id: fx.ME };
  await emit('connection.update', fx.open);
  await emit('connection.update', fx.close(DisconnectReason.restartRequired, 'Stream Errored (restart required)'));
  t.equal(sockets.length, 2, 'restartRequired: a new socket right away');
  sockets[1].user = { id: fx.ME };
  await emit('connection.update', fx.open);
  for (const code of [DisconnectReason.connectionLost, DisconnectReason.connectionClosed, DisconnectReason.unavailableService, DisconnectReason.badSession]) {
    const before = sockets.length;
    await emit('connection.update', fx.close(code));
    t.equal(sockets.length, before, `${code}: not at once`);
    await until(() => sockets.length === before + 1, 1000, `reconnect after ${code}`);
    t.pass(`${code}: reconnected after a delay`);
  }
  t.ok(rec.statuses.some((s) => s.status === 'OPENING' && /closed \(408\)/.test(s.details?.reason)), 'a dropped connection shows OPENING while reconnecting');
  await emit('connection.update', fx.open);
  t.equal(rec.statuses.at(-1)!.status, 'CONNECTED');
  // Events from an old socket are ignored.
  await emit('connection.update', fx.qr(9), sockets[0]);
  t.equal(rec.statuses.at(-1)!.status, 'CONNECTED');
});

for (const [code, reason, clears] of [
  [DisconnectReason.loggedOut, 'loggedOut', true],
  [DisconnectReason.multideviceMismatch, 'multideviceMismatch', true],
  [DisconnectReason.connectionReplaced, 'connectionReplaced', false],
  [DisconnectReason.forbidden, 'forbidden', false],
] as const) {
  t.test(`close with ${reason} (${code}): DISCONNECTED, no reconnect${clears ? ', auth state deleted' : ', auth state kept'}`, async (t) => {
    const { provider, rec, sockets, emit, row } = await setup(t);
    await provider.start();
    sockets[0].user = { id: fx.ME };
    await emit('creds.update', { me: { id: fx.ME, name: 'Loja' } });
    t.ok(await ProviderAuthKey.scoped(1).where({ whatsappId: row.id, category: 'creds' }).first(), 'creds stored on creds.update');
    await emit('connection.update', fx.open);
    await emit('connection.update', fx.close(code));
    t.same(rec.statuses.at(-1), { status: 'DISCONNECTED', details: { reason } });
    await new Promise((r) => setTimeout(r, 40));
    t.equal(sockets.length, 1, 'no reconnect');
    const left = await ProviderAuthKey.scoped(1).where({ whatsappId: row.id }).resultSize();
    t.equal(left === 0, clears);
  });
}

t.test('a contact typing: asked for once per chat when it writes, told as composing / recording / paused; groups and online states are not', async (t) => {
  const { provider, rec, sockets, emit } = await setup(t, { lidMap: { [fx.CONTACT_LID]: fx.CONTACT } });
  await provider.start();
  await emit('connection.update', fx.open);
  const u = fx.upserts;
  await emit('messages.upsert', { type: 'notify', messages: [u.conversation, u.extendedReply, u.group] });
  await emit('messages.upsert', { type: 'append', messages: [u.fromMePhone] });
  t.same(sockets[0].presenceAsked, [fx.CONTACT], 'the contact\'s chat is asked for once, not the group\'s nor our own messages\' chats');
  const presence = (id: string, participant: string, lastKnownPresence: string) => ({ id, presences: { [participant]: { lastKnownPresence } } });
  await emit('presence.update', presence(fx.CONTACT, fx.CONTACT, 'composing'));
  await emit('presence.update', presence(fx.CONTACT_LID, fx.CONTACT_LID, 'recording'));
  await emit('presence.update', presence(fx.CONTACT, fx.CONTACT, 'available'));
  await emit('presence.update', presence(fx.GROUP, fx.CONTACT, 'composing'));
  await emit('presence.update', presence(fx.CONTACT, fx.CONTACT, 'paused'));
  await new Promise((r) => setTimeout(r, 20)); // the @lid's number is looked up first
  t.same(rec.presences, [
    { from: '5511988887777', presence: 'composing' },
    { from: '5511988887777', presence: 'recording' },
    { from: '5511988887777', presence: 'paused' },
  ], 'typing, recording (an @lid chat, told by its number) and paused; "available" and a group\'s typing are not told');
});

t.test('messages.upsert of every kind becomes an InboundMessage', async (t) => {
  const { provider, rec, sockets, emit, downloads } = await setup(t, { lidMap: { '300000000000001@lid': '5511922221111@s.whatsapp.net' } });
  await provider.start();
  await emit('connection.update', fx.open);
  const u = fx.upserts;
  await emit('messages.upsert', { type: 'notify', messages: [u.conversation, u.extendedReply, u.image, u.audio, u.video, u.document, u.location, u.contact] });
  await emit('messages.upsert', { type: 'notify', messages: [u.reaction, u.edit, u.delete, u.ephemeral, u.status, u.keyDistribution, u.historySyncNotice] });
  await emit('messages.upsert', { type: 'notify', messages: [u.group, u.groupLidParticipant, u.lidWithAlt, u.lidMapped, u.lidUnknown] });
  // Received while offline: Baileys says 'append'; our own sends from the phone come as fromMe.
  await emit('messages.upsert', { type: 'append', messages: [u.fromMePhone] });
  const m = Object.fromEntries(rec.messages.map((x) => [x.providerId, x]));
  t.equal(rec.messages.length, 18, 'status broadcast, key distribution and history notices are dropped');
  t.match(m['3EB0C0FFEE000001'], { from: '5511988887777', pushName: 'Ana Souza', fromMe: false, isGroup: false, kind: 'text', body: 'Olá, bom dia!' });
  t.equal(m['3EB0C0FFEE000001'].timestamp.toISOString(), new Date(1763800000 * 1000).toISOString());
  t.match(m['3EB0C0FFEE000002'], { kind: 'text', body: 'Respondendo', quotedProviderId: '3EB0AAAA00000001' });
  t.match(m['3EB0C0FFEE000003'], { kind: 'image', body: 'Foto do produto', media: { mimetype: 'image/jpeg' } });
  t.type(m['3EB0C0FFEE000003'].media!.data, 'function', 'media is downloaded lazily');
  t.equal(downloads.length, 0, 'nothing downloaded yet');
  const bytes = await (m['3EB0C0FFEE000003'].media!.data as () => Promise<Buffer>)();
  t.equal(bytes.toString(), 'media-bytes');
  t.equal(downloads[0].key.id, '3EB0C0FFEE000003', 'the download gets the original message');
  t.match(m['3EB0C0FFEE000004'], { kind: 'audio', media: { mimetype: 'audio/ogg; codecs=opus' }, data: { ptt: true, seconds: 7 } });
  t.match(m['3EB0C0FFEE000005'], { kind: 'video', body: 'Veja', media: { mimetype: 'video/mp4' } });
  t.match(m['3EB0C0FFEE000006'], { kind: 'document', body: 'Segue o boleto', media: { mimetype: 'application/pdf', filename: 'boleto.pdf' } });
  t.equal(m['3EB0C0FFEE000007'].kind, 'location');
  t.equal(m['3EB0C0FFEE000007'].body, 'data:image/jpeg;base64,/9j/4A==|https://maps.google.com/maps?q=-23.5505%2C-46.6333&z=17|Praça da Sé - São Paulo - SP', 'image|link|description');
  t.match(m['3EB0C0FFEE000007'].data, { latitude: -23.5505, longitude: -46.6333 });
  t.match(m['3EB0C0FFEE000008'], { kind: 'vcard', body: /BEGIN:VCARD[\s\S]*waid=5511977776666/, data: { displayName: 'Carlos' } });
  t.match(m['3EB0C0FFEE000009'], { kind: 'reaction', body: '👍', targetProviderId: '3EB0AAAA00000001' });
  t.match(m['3EB0C0FFEE00000A'], { kind: 'edit', body: 'Olá, boa tarde!', targetProviderId: '3EB0C0FFEE000001' });
  t.match(m['3EB0C0FFEE00000B'], { kind: 'delete', targetProviderId: '3EB0C0FFEE000002' });
  t.match(m['3EB0C0FFEE00000C'], { kind: 'text', body: 'Mensagem temporária' });
  t.match(m['3EB0C0FFEE00000D'], { from: '120363041234567890', isGroup: true, participant: '5511955554444', pushName: 'Bruno', body: 'Oi grupo' });
  t.match(m['3EB0C0FFEE00000E'], { isGroup: true, participant: '5511944443333', data: { participantLid: '99887766554433@lid' } }, 'group participant by lid: the phone number from participantAlt');
  t.match(m['3EB0C0FFEE00000F'], { from: '5511966665555', lid: '204587612345678@lid' }, '@lid chat: the phone number from remoteJidAlt');
  t.match(m['3EB0C0FFEE000010'], { from: '5511922221111', lid: '300000000000001@lid' }, '@lid chat: the phone number from the lid-mapping store');
  t.match(m['3EB0C0FFEE000011'], { from: '300000000000002', lid: '300000000000002@lid' }, 'unknown lid: its digits stand in, flagged by lid');
  t.match(m['3EB0C0FFEE000012'], { fromMe: true, body: 'Enviado pelo celular' });
  t.notOk(m['3EB0C0FFEE000001'].lid);
  void sockets;
});

t.test('acks from messages.update and receipts, calls from call events', async (t) => {
  const { provider, rec, emit } = await setup(t);
  await provider.start();
  await emit('connection.update', fx.open);
  await emit('messages.update', fx.statusUpdates);
  t.same(rec.acks, [{ providerId: 'OUT0001', ack: 2 }, { providerId: 'OUT0001', ack: 3 }, { providerId: 'OUT0001', ack: 4 }], 'only our messages, only status changes');
  await emit('message-receipt.update', fx.receipts);
  t.same(rec.acks.slice(3), [{ providerId: 'OUT0003', ack: 3 }, { providerId: 'OUT0003', ack: 4 }]);
  await emit('call', fx.calls);
  t.same(rec.calls, [{ from: '5511988887777', providerId: 'CALL0001', isVideo: true, timestamp: new Date(1763800000 * 1000) }], 'offers only, caller by phone number');
});

t.test('the auth state round-trips through the database', async (t) => {
  const { app, row } = await build(t).then(async (b) => ({
    ...b,
    row: await Whatsapp.scoped(1).insertAndFetch({ name: 'Auth', provider: 'beta', status: 'DISCONNECTED', isDefault: false, userStopped: true } as Partial<Whatsapp>),
  }));
  const first = await useDatabaseAuthState(app.knex, 1, row.id);
  t.type(first.state.creds.noiseKey.private, Uint8Array, 'fresh creds when nothing is stored');
  first.state.creds.me = { id: fx.ME, name: 'Loja' };
  await first.saveCreds();
  const preKey = { public: Buffer.from('a1b2c3', 'hex'), private: Buffer.from('d4e5f6', 'hex') };
  const appKey = proto.Message.AppStateSyncKeyData.fromObject({ keyData: Buffer.from('0102', 'hex'), timestamp: 1763800000 });
  await first.state.keys.set({
    'pre-key': { 1: preKey, 2: preKey },
    session: { '5511988887777.0': Buffer.from('session-bytes') },
    'app-state-sync-key': { AAAA: appKey },
    'lid-mapping': { '5511988887777': '204587612345678' },
  });
  const rows = await ProviderAuthKey.scoped(1).where({ whatsappId: row.id });
  t.same(rows.map((r) => r.category).sort(), ['app-state-sync-key', 'creds', 'lid-mapping', 'pre-key', 'pre-key', 'session']);
  t.match(rows.find((r) => r.category === 'session')!.value, /"type":"Buffer"/, 'stored with BufferJSON');

  // A new instance (another process, after a restart) reads it all back.
  const second = await useDatabaseAuthState(app.knex, 1, row.id);
  t.equal(second.state.creds.me?.id, fx.ME);
  t.same(Buffer.from(second.state.creds.noiseKey.private), Buffer.from(first.state.creds.noiseKey.private));
  const pre = await second.state.keys.get('pre-key', ['1', '2', '3']);
  t.same(Object.keys(pre).sort(), ['1', '2']);
  t.ok(Buffer.isBuffer(pre['1'].public) && pre['1'].public.equals(preKey.public), 'Buffers come back as Buffers');
  const sessions = await second.state.keys.get('session', ['5511988887777.0']);
  t.equal(Buffer.from(sessions['5511988887777.0']).toString(), 'session-bytes');
  const appKeys = await second.state.keys.get('app-state-sync-key', ['AAAA']);
  t.ok(appKeys.AAAA instanceof proto.Message.AppStateSyncKeyData, 'app-state keys as protobuf objects');
  t.ok(Buffer.from(appKeys.AAAA.keyData!).equals(Buffer.from('0102', 'hex')));
  t.same(await second.state.keys.get('lid-mapping', ['5511988887777']), { '5511988887777': '204587612345678' });

  // Overwrite and delete (null) in one set; creds untouched by keys.clear.
  await second.state.keys.set({ 'pre-key': { 1: null, 2: { ...preKey, private: Buffer.from('ff', 'hex') } } });
  const after = await second.state.keys.get('pre-key', ['1', '2']);
  t.same(Object.keys(after), ['2']);
  t.ok(Buffer.from(after['2'].private).equals(Buffer.from('ff', 'hex')));
  await second.state.keys.clear!();
  t.equal(await ProviderAuthKey.scoped(1).where({ whatsappId: row.id }).resultSize(), 1, 'keys.clear keeps creds');
  await second.clear();
  t.equal(await ProviderAuthKey.scoped(1).where({ whatsappId: row.id }).resultSize(), 0);
  t.ok(JSON.parse(JSON.stringify({ b: Buffer.from('x') }, BufferJSON.replacer)).b.type === 'Buffer');
});

t.test('through the session manager: QR and CONNECTED reach the database and the whatsappSession event', async (t) => {
  const { app } = await build(t);
  const row = await Whatsapp.scoped(1).insertAndFetch({ name: 'Managed', provider: 'beta', status: 'DISCONNECTED', isDefault: false, userStopped: true } as Partial<Whatsapp>);
  const sockets: Fake[] = [];
  let provider!: BaileysProvider;
  const manager = new SessionManager({
    bus: app.bus, log: app.log, leases: new LocalLeases(),
    createProvider: async (_kind, ctx) => (provider = new BaileysProvider(ctx, {
      knex: app.knex, makeSocket: () => { const s = fakeSocket(); sockets.push(s); return s as unknown as BaileysSocketLike; },
    })),
  });
  t.teardown(() => manager.shutdown());
  const events: any[] = [];
  const emit = app.bus.emit;
  // Only this connection's events: the seeded sandbox connection may report its own meanwhile.
  app.bus.emit = (companyId, event, payload, room) => {
    if (event === 'whatsappSession' && (payload as { session?: { id?: number } }).session?.id === row.id) events.push(payload);
    emit.call(app.bus, companyId, event, payload, room);
  };
  t.teardown(() => { app.bus.emit = emit; });
  await manager.start(1, row.id);
  sockets[0].ev.emit('connection.update', fx.qr(1));
  await provider.idle();
  await until(async () => (await Whatsapp.scoped(1).findById(row.id))?.status === 'qrcode', 2000, 'qrcode stored');
  const qrRow = await Whatsapp.scoped(1).findById(row.id);
  t.equal(qrRow!.qrcode, fx.qr(1).qr);
  t.equal(qrRow!.retries, 1);
  t.equal(qrRow!.userStopped, false, 'start clears userStopped');
  sockets[0].user = { id: fx.ME };
  sockets[0].ev.emit('connection.update', fx.open);
  await provider.idle();
  await until(() => manager.statusOf(row.id) === 'CONNECTED' && events.some((e) => e.session.status === 'CONNECTED'), 2000, 'CONNECTED');
  const done = await Whatsapp.scoped(1).findById(row.id);
  t.match(done, { status: 'CONNECTED', qrcode: '', number: '5511900001111', retries: 0 });
  t.same(events.map((e) => e.session.status), ['OPENING', 'qrcode', 'CONNECTED']);
  t.ok(manager.provider(row.id) === provider);
  sockets[0].ev.emit('connection.update', fx.close(DisconnectReason.loggedOut));
  await provider.idle();
  await until(async () => (await Whatsapp.scoped(1).findById(row.id))?.status === 'DISCONNECTED', 2000, 'DISCONNECTED');
  t.equal((await Whatsapp.scoped(1).findById(row.id))!.userStopped, true, 'logged out from the phone: not restarted on boot');
  t.throws(() => manager.provider(row.id), { code: 'ERR_WAPP_NOT_INITIALIZED' });
});

t.test('the phone\'s address book, as WhatsApp syncs it, is what listContacts answers (POST /contacts/import, issue 43)', async (t) => {
  const { provider, sockets, emit } = await setup(t);
  await provider.start();
  await t.rejects(provider.listContacts(), { code: 'ERR_WAPP_NOT_INITIALIZED' }, 'not before the session is open');
  sockets[0].user = { id: fx.ME };
  await emit('connection.update', fx.open);
  await emit('messaging-history.set', { chats: [], messages: [], isLatest: true, contacts: [{ id: '5511977770001@s.whatsapp.net', name: 'Ana Agenda' }] });
  await emit('contacts.upsert', [
    { id: '5511977770002@s.whatsapp.net', notify: 'Bruno' },
    { id: '120363000000000001@g.us', name: 'Um grupo' },
    { id: '123456789@lid', name: 'Só lid' },
  ]);
  await emit('contacts.update', [{ id: '5511977770002@s.whatsapp.net', name: 'Bruno Agenda' }, { id: '5511977770003@s.whatsapp.net' }]);
  t.same(await provider.listContacts(), [
    { number: '5511977770001', name: 'Ana Agenda' },
    { number: '5511977770002', name: 'Bruno Agenda' },
    { number: '5511977770003', name: '5511977770003' },
  ], 'people with a number, with the latest name the phone gave (the number when it gave none); no groups, no @lid-only entries');
});
