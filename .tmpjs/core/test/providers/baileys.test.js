import t from "tap";
import { BufferJSON, DisconnectReason, generateWAMessageContent, makeEventBuffer, proto } from "@whiskeysockets/baileys";
import { build } from "../helper.js";
import { ProviderAuthKey, Whatsapp } from "../../src/db/models/index.js";
import { BaileysProvider } from "../../src/messaging/providers/baileys.js";
import { useDatabaseAuthState } from "../../src/messaging/providers/baileys-auth.js";
import { LocalLeases } from "../../src/messaging/leases.js";
import { SessionManager } from "../../src/messaging/sessions.js";
import { until } from "../connections/util.js";
import * as fx from "./fixtures/baileys-events.js";
const silent = { level: "silent", child() {
  return silent;
}, trace() {
}, debug() {
}, info() {
}, warn() {
}, error() {
} };
function fakeSocket(lidMap = {}) {
  const ev = makeEventBuffer(silent);
  const sent = [];
  const socket = {
    ev,
    user: void 0,
    ended: false,
    loggedOut: false,
    sent,
    async sendMessage(jid, content, options) {
      sent.push({ jid, content, options });
      return { key: { remoteJid: jid, fromMe: true, id: options?.messageId ?? "GENERATED" } };
    },
    async onWhatsApp(jid) {
      return [{ exists: !jid.startsWith("000"), jid }];
    },
    async profilePictureUrl() {
      return "https://pps.whatsapp.net/v/t61/abc.jpg";
    },
    async logout() {
      socket.loggedOut = true;
    },
    end() {
      socket.ended = true;
    },
    signalRepository: { lidMapping: { async getPNForLID(lid) {
      return lidMap[lid.replace(/:\d+@/, "@")] ?? null;
    } } }
  };
  return socket;
}
function recorder() {
  const statuses = [];
  const messages = [];
  const acks = [];
  const calls = [];
  const events = {
    onStatus: (status, details) => {
      statuses.push({ status, details });
    },
    onMessage: async (m) => {
      messages.push(m);
    },
    onAck: (a) => {
      acks.push(a);
    },
    onCall: (c) => {
      calls.push(c);
    }
  };
  return { events, statuses, messages, acks, calls };
}
async function setup(t2, opts = {}) {
  const { app } = await build(t2);
  const row = await Whatsapp.scoped(1).insertAndFetch({ name: "Phone", provider: "beta", status: "DISCONNECTED", isDefault: false, userStopped: true });
  const rec = recorder();
  const sockets = [];
  const configs = [];
  const downloads = [];
  const provider = new BaileysProvider({ companyId: 1, whatsappId: row.id, events: rec.events, log: app.log }, {
    knex: app.knex,
    makeSocket: (config) => {
      configs.push(config);
      const s = fakeSocket(opts.lidMap);
      sockets.push(s);
      return s;
    },
    maxQrRefreshes: opts.maxQrRefreshes ?? 3,
    backoff: { baseMs: 5, maxMs: 20 },
    download: async (m) => {
      downloads.push(m);
      return Buffer.from("media-bytes");
    }
  });
  t2.teardown(() => provider.stop());
  const emit = async (event, payload, socket = sockets.at(-1)) => {
    socket.ev.emit(event, payload);
    await provider.idle();
  };
  return { app, row, rec, provider, sockets, configs, downloads, emit };
}
t.test("QR codes are reported one by one; after N unscanned QRs the session gives up with TIMEOUT", async (t2) => {
  const { provider, rec, sockets, emit } = await setup(t2, { maxQrRefreshes: 2 });
  await provider.start();
  t2.equal(sockets.length, 1);
  await emit("connection.update", fx.connecting);
  await emit("connection.update", fx.qr(1));
  await emit("connection.update", fx.qr(2));
  t2.same(rec.statuses.map((s) => s.status), ["OPENING", "qrcode", "qrcode"]);
  t2.equal(rec.statuses[1].details.qrcode, fx.qr(1).qr, "each new QR is emitted");
  t2.equal(rec.statuses[2].details.qrcode, fx.qr(2).qr);
  await emit("connection.update", fx.qr(3));
  t2.equal(rec.statuses.at(-1).status, "TIMEOUT");
  t2.equal(sockets[0].ended, true, "the socket is closed");
  await emit("connection.update", fx.close(DisconnectReason.connectionClosed), sockets[0]);
  await new Promise((r) => setTimeout(r, 40));
  t2.equal(sockets.length, 1, "no reconnect after TIMEOUT");
});
t.test("open \u2192 CONNECTED with the number; send, delete, checkNumber and profile picture go through the socket", async (t2) => {
  const { provider, rec, sockets, emit } = await setup(t2);
  await provider.start();
  await t2.rejects(provider.send({ to: "5511988887777", body: "x" }), { code: "ERR_WAPP_NOT_INITIALIZED" }, "no sending before open");
  await emit("connection.update", fx.qr(1));
  sockets[0].user = { id: fx.ME };
  await emit("connection.update", fx.open);
  t2.same(rec.statuses.at(-1), { status: "CONNECTED", details: { number: "5511900001111" } });
  const sent = await provider.send({ to: "5511988887777", body: "Ol\xE1", quotedProviderId: "3EB0QUOTED" });
  t2.equal(sockets[0].sent[0].jid, fx.CONTACT);
  t2.same(sockets[0].sent[0].content, { text: "Ol\xE1" });
  t2.equal(sockets[0].sent[0].options.quoted.key.id, "3EB0QUOTED", "replies quote by providerId");
  t2.equal(sent.providerId, sockets[0].sent[0].options.messageId);
  t2.equal(sent.ack, 1);
  await provider.send({ to: fx.GROUP.split("@")[0], isGroup: true, media: { path: "/tmp/x.pdf", mimetype: "application/pdf", filename: "x.pdf", caption: "doc" } });
  t2.equal(sockets[0].sent[1].jid, fx.GROUP);
  t2.same(sockets[0].sent[1].content, { document: { url: "/tmp/x.pdf" }, mimetype: "application/pdf", fileName: "x.pdf", caption: "doc" });
  await provider.send({ to: "5511988887777", media: { path: "/tmp/a.ogg", mimetype: "audio/ogg", filename: "a.ogg", asVoice: true } });
  t2.match(sockets[0].sent[2].content, { audio: { url: "/tmp/a.ogg" }, ptt: true });
  await provider.deleteMessage("5511988887777", "OUT1", true);
  t2.same(sockets[0].sent[3].content, { delete: { remoteJid: fx.CONTACT, fromMe: true, id: "OUT1" } });
  t2.same(await provider.checkNumber("5511988887777"), { exists: true, number: "5511988887777" });
  t2.same(await provider.checkNumber("0001234"), { exists: false, number: "0001234" });
  t2.equal(await provider.profilePictureUrl("5511988887777"), "https://pps.whatsapp.net/v/t61/abc.jpg");
});
t.test("edit, reaction, quote of our own message and forward go through the socket as Baileys builds them", async (t2) => {
  const { provider, sockets, emit } = await setup(t2);
  await provider.start();
  sockets[0].user = { id: fx.ME };
  await emit("connection.update", fx.open);
  await provider.editMessage({ to: "5511988887777", providerId: "OUT1", fromMe: true }, "Ol\xE1, corrigido");
  await provider.react({ to: "5511988887777", providerId: "IN1", fromMe: false }, "\u{1F44D}");
  await provider.react({ to: fx.GROUP.split("@")[0], isGroup: true, providerId: "IN2", fromMe: false }, "");
  await provider.send({ to: "5511988887777", body: "sobre isto", quotedProviderId: "OUT1", quotedFromMe: true });
  await provider.send({ to: "5511988887777", body: "encaminhada", forwarded: true });
  const [edit, reaction, unreact, reply, forward] = sockets[0].sent;
  t2.same([edit.jid, edit.content], [fx.CONTACT, { text: "Ol\xE1, corrigido", edit: { remoteJid: fx.CONTACT, fromMe: true, id: "OUT1" } }]);
  t2.same(reaction.content, { react: { text: "\u{1F44D}", key: { remoteJid: fx.CONTACT, fromMe: false, id: "IN1" } } });
  t2.same([unreact.jid, unreact.content.react.text], [fx.GROUP, ""], "an empty reaction removes it");
  t2.same(reply.options.quoted.key, { remoteJid: fx.CONTACT, id: "OUT1", fromMe: true }, "a quote of our own message keys it as ours");
  t2.same(forward.content, { text: "encaminhada", contextInfo: { isForwarded: true, forwardingScore: 1 } });
  const built = await Promise.all([edit, reaction, forward].map((s) => generateWAMessageContent(s.content, { upload: (() => {
    throw new Error("no upload");
  }) })));
  t2.equal(built[0].protocolMessage?.type, proto.Message.ProtocolMessage.Type.MESSAGE_EDIT);
  t2.equal(built[0].protocolMessage?.key?.id, "OUT1");
  t2.equal(built[0].protocolMessage?.editedMessage?.conversation ?? built[0].protocolMessage?.editedMessage?.extendedTextMessage?.text, "Ol\xE1, corrigido");
  t2.same([built[1].reactionMessage?.text, built[1].reactionMessage?.key?.id], ["\u{1F44D}", "IN1"]);
  t2.equal(built[2].extendedTextMessage?.contextInfo?.isForwarded, true);
  const failing = sockets[0];
  failing.sendMessage = async () => {
    throw new Error("socket closed");
  };
  await t2.rejects(provider.editMessage({ to: "5511988887777", providerId: "OUT1", fromMe: true }, "x"), { code: "ERR_EDIT_WAPP_MSG" });
  await t2.rejects(provider.react({ to: "5511988887777", providerId: "IN1", fromMe: false }, "\u{1F44D}"), { code: "ERR_REACT_WAPP_MSG" });
});
t.test("close reasons: restartRequired reconnects at once, transient ones after a backoff delay", async (t2) => {
  const { provider, rec, sockets, emit } = await setup(t2);
  await provider.start();
  sockets[0].user = { id: fx.ME };
  await emit("connection.update", fx.open);
  await emit("connection.update", fx.close(DisconnectReason.restartRequired, "Stream Errored (restart required)"));
  t2.equal(sockets.length, 2, "restartRequired: a new socket right away");
  sockets[1].user = { id: fx.ME };
  await emit("connection.update", fx.open);
  for (const code of [DisconnectReason.connectionLost, DisconnectReason.connectionClosed, DisconnectReason.unavailableService, DisconnectReason.badSession]) {
    const before = sockets.length;
    await emit("connection.update", fx.close(code));
    t2.equal(sockets.length, before, `${code}: not at once`);
    await until(() => sockets.length === before + 1, 1e3, `reconnect after ${code}`);
    t2.pass(`${code}: reconnected after a delay`);
  }
  t2.ok(rec.statuses.some((s) => s.status === "OPENING" && /closed \(408\)/.test(s.details?.reason)), "a dropped connection shows OPENING while reconnecting");
  await emit("connection.update", fx.open);
  t2.equal(rec.statuses.at(-1).status, "CONNECTED");
  await emit("connection.update", fx.qr(9), sockets[0]);
  t2.equal(rec.statuses.at(-1).status, "CONNECTED");
});
for (const [code, reason, clears] of [
  [DisconnectReason.loggedOut, "loggedOut", true],
  [DisconnectReason.multideviceMismatch, "multideviceMismatch", true],
  [DisconnectReason.connectionReplaced, "connectionReplaced", false],
  [DisconnectReason.forbidden, "forbidden", false]
]) {
  t.test(`close with ${reason} (${code}): DISCONNECTED, no reconnect${clears ? ", auth state deleted" : ", auth state kept"}`, async (t2) => {
    const { provider, rec, sockets, emit, row } = await setup(t2);
    await provider.start();
    sockets[0].user = { id: fx.ME };
    await emit("creds.update", { me: { id: fx.ME, name: "Loja" } });
    t2.ok(await ProviderAuthKey.scoped(1).where({ whatsappId: row.id, category: "creds" }).first(), "creds stored on creds.update");
    await emit("connection.update", fx.open);
    await emit("connection.update", fx.close(code));
    t2.same(rec.statuses.at(-1), { status: "DISCONNECTED", details: { reason } });
    await new Promise((r) => setTimeout(r, 40));
    t2.equal(sockets.length, 1, "no reconnect");
    const left = await ProviderAuthKey.scoped(1).where({ whatsappId: row.id }).resultSize();
    t2.equal(left === 0, clears);
  });
}
t.test("messages.upsert of every kind becomes an InboundMessage", async (t2) => {
  const { provider, rec, sockets, emit, downloads } = await setup(t2, { lidMap: { "300000000000001@lid": "5511922221111@s.whatsapp.net" } });
  await provider.start();
  await emit("connection.update", fx.open);
  const u = fx.upserts;
  await emit("messages.upsert", { type: "notify", messages: [u.conversation, u.extendedReply, u.image, u.audio, u.video, u.document, u.location, u.contact] });
  await emit("messages.upsert", { type: "notify", messages: [u.reaction, u.edit, u.delete, u.ephemeral, u.status, u.keyDistribution, u.historySyncNotice] });
  await emit("messages.upsert", { type: "notify", messages: [u.group, u.groupLidParticipant, u.lidWithAlt, u.lidMapped, u.lidUnknown] });
  await emit("messages.upsert", { type: "append", messages: [u.fromMePhone] });
  const m = Object.fromEntries(rec.messages.map((x) => [x.providerId, x]));
  t2.equal(rec.messages.length, 18, "status broadcast, key distribution and history notices are dropped");
  t2.match(m["3EB0C0FFEE000001"], { from: "5511988887777", pushName: "Ana Souza", fromMe: false, isGroup: false, kind: "text", body: "Ol\xE1, bom dia!" });
  t2.equal(m["3EB0C0FFEE000001"].timestamp.toISOString(), new Date(17638e5 * 1e3).toISOString());
  t2.match(m["3EB0C0FFEE000002"], { kind: "text", body: "Respondendo", quotedProviderId: "3EB0AAAA00000001" });
  t2.match(m["3EB0C0FFEE000003"], { kind: "image", body: "Foto do produto", media: { mimetype: "image/jpeg" } });
  t2.type(m["3EB0C0FFEE000003"].media.data, "function", "media is downloaded lazily");
  t2.equal(downloads.length, 0, "nothing downloaded yet");
  const bytes = await m["3EB0C0FFEE000003"].media.data();
  t2.equal(bytes.toString(), "media-bytes");
  t2.equal(downloads[0].key.id, "3EB0C0FFEE000003", "the download gets the original message");
  t2.match(m["3EB0C0FFEE000004"], { kind: "audio", media: { mimetype: "audio/ogg; codecs=opus" }, data: { ptt: true, seconds: 7 } });
  t2.match(m["3EB0C0FFEE000005"], { kind: "video", body: "Veja", media: { mimetype: "video/mp4" } });
  t2.match(m["3EB0C0FFEE000006"], { kind: "document", body: "Segue o boleto", media: { mimetype: "application/pdf", filename: "boleto.pdf" } });
  t2.equal(m["3EB0C0FFEE000007"].kind, "location");
  t2.equal(m["3EB0C0FFEE000007"].body, "data:image/jpeg;base64,/9j/4A==|https://maps.google.com/maps?q=-23.5505%2C-46.6333&z=17|Pra\xE7a da S\xE9 - S\xE3o Paulo - SP", "image|link|description");
  t2.match(m["3EB0C0FFEE000007"].data, { latitude: -23.5505, longitude: -46.6333 });
  t2.match(m["3EB0C0FFEE000008"], { kind: "vcard", body: /BEGIN:VCARD[\s\S]*waid=5511977776666/, data: { displayName: "Carlos" } });
  t2.match(m["3EB0C0FFEE000009"], { kind: "reaction", body: "\u{1F44D}", targetProviderId: "3EB0AAAA00000001" });
  t2.match(m["3EB0C0FFEE00000A"], { kind: "edit", body: "Ol\xE1, boa tarde!", targetProviderId: "3EB0C0FFEE000001" });
  t2.match(m["3EB0C0FFEE00000B"], { kind: "delete", targetProviderId: "3EB0C0FFEE000002" });
  t2.match(m["3EB0C0FFEE00000C"], { kind: "text", body: "Mensagem tempor\xE1ria" });
  t2.match(m["3EB0C0FFEE00000D"], { from: "120363041234567890", isGroup: true, participant: "5511955554444", pushName: "Bruno", body: "Oi grupo" });
  t2.match(m["3EB0C0FFEE00000E"], { isGroup: true, participant: "5511944443333", data: { participantLid: "99887766554433@lid" } }, "group participant by lid: the phone number from participantAlt");
  t2.match(m["3EB0C0FFEE00000F"], { from: "5511966665555", lid: "204587612345678@lid" }, "@lid chat: the phone number from remoteJidAlt");
  t2.match(m["3EB0C0FFEE000010"], { from: "5511922221111", lid: "300000000000001@lid" }, "@lid chat: the phone number from the lid-mapping store");
  t2.match(m["3EB0C0FFEE000011"], { from: "300000000000002", lid: "300000000000002@lid" }, "unknown lid: its digits stand in, flagged by lid");
  t2.match(m["3EB0C0FFEE000012"], { fromMe: true, body: "Enviado pelo celular" });
  t2.notOk(m["3EB0C0FFEE000001"].lid);
  void sockets;
});
t.test("acks from messages.update and receipts, calls from call events", async (t2) => {
  const { provider, rec, emit } = await setup(t2);
  await provider.start();
  await emit("connection.update", fx.open);
  await emit("messages.update", fx.statusUpdates);
  t2.same(rec.acks, [{ providerId: "OUT0001", ack: 2 }, { providerId: "OUT0001", ack: 3 }, { providerId: "OUT0001", ack: 4 }], "only our messages, only status changes");
  await emit("message-receipt.update", fx.receipts);
  t2.same(rec.acks.slice(3), [{ providerId: "OUT0003", ack: 3 }, { providerId: "OUT0003", ack: 4 }]);
  await emit("call", fx.calls);
  t2.same(rec.calls, [{ from: "5511988887777", providerId: "CALL0001", isVideo: true, timestamp: new Date(17638e5 * 1e3) }], "offers only, caller by phone number");
});
t.test("the auth state round-trips through the database", async (t2) => {
  const { app, row } = await build(t2).then(async (b) => ({
    ...b,
    row: await Whatsapp.scoped(1).insertAndFetch({ name: "Auth", provider: "beta", status: "DISCONNECTED", isDefault: false, userStopped: true })
  }));
  const first = await useDatabaseAuthState(app.knex, 1, row.id);
  t2.type(first.state.creds.noiseKey.private, Uint8Array, "fresh creds when nothing is stored");
  first.state.creds.me = { id: fx.ME, name: "Loja" };
  await first.saveCreds();
  const preKey = { public: Buffer.from("a1b2c3", "hex"), private: Buffer.from("d4e5f6", "hex") };
  const appKey = proto.Message.AppStateSyncKeyData.fromObject({ keyData: Buffer.from("0102", "hex"), timestamp: 17638e5 });
  await first.state.keys.set({
    "pre-key": { 1: preKey, 2: preKey },
    session: { "5511988887777.0": Buffer.from("session-bytes") },
    "app-state-sync-key": { AAAA: appKey },
    "lid-mapping": { "5511988887777": "204587612345678" }
  });
  const rows = await ProviderAuthKey.scoped(1).where({ whatsappId: row.id });
  t2.same(rows.map((r) => r.category).sort(), ["app-state-sync-key", "creds", "lid-mapping", "pre-key", "pre-key", "session"]);
  t2.match(rows.find((r) => r.category === "session").value, /"type":"Buffer"/, "stored with BufferJSON");
  const second = await useDatabaseAuthState(app.knex, 1, row.id);
  t2.equal(second.state.creds.me?.id, fx.ME);
  t2.same(Buffer.from(second.state.creds.noiseKey.private), Buffer.from(first.state.creds.noiseKey.private));
  const pre = await second.state.keys.get("pre-key", ["1", "2", "3"]);
  t2.same(Object.keys(pre).sort(), ["1", "2"]);
  t2.ok(Buffer.isBuffer(pre["1"].public) && pre["1"].public.equals(preKey.public), "Buffers come back as Buffers");
  const sessions = await second.state.keys.get("session", ["5511988887777.0"]);
  t2.equal(Buffer.from(sessions["5511988887777.0"]).toString(), "session-bytes");
  const appKeys = await second.state.keys.get("app-state-sync-key", ["AAAA"]);
  t2.ok(appKeys.AAAA instanceof proto.Message.AppStateSyncKeyData, "app-state keys as protobuf objects");
  t2.ok(Buffer.from(appKeys.AAAA.keyData).equals(Buffer.from("0102", "hex")));
  t2.same(await second.state.keys.get("lid-mapping", ["5511988887777"]), { "5511988887777": "204587612345678" });
  await second.state.keys.set({ "pre-key": { 1: null, 2: { ...preKey, private: Buffer.from("ff", "hex") } } });
  const after = await second.state.keys.get("pre-key", ["1", "2"]);
  t2.same(Object.keys(after), ["2"]);
  t2.ok(Buffer.from(after["2"].private).equals(Buffer.from("ff", "hex")));
  await second.state.keys.clear();
  t2.equal(await ProviderAuthKey.scoped(1).where({ whatsappId: row.id }).resultSize(), 1, "keys.clear keeps creds");
  await second.clear();
  t2.equal(await ProviderAuthKey.scoped(1).where({ whatsappId: row.id }).resultSize(), 0);
  t2.ok(JSON.parse(JSON.stringify({ b: Buffer.from("x") }, BufferJSON.replacer)).b.type === "Buffer");
});
t.test("through the session manager: QR and CONNECTED reach the database and the whatsappSession event", async (t2) => {
  const { app } = await build(t2);
  const row = await Whatsapp.scoped(1).insertAndFetch({ name: "Managed", provider: "beta", status: "DISCONNECTED", isDefault: false, userStopped: true });
  const sockets = [];
  let provider;
  const manager = new SessionManager({
    bus: app.bus,
    log: app.log,
    leases: new LocalLeases(),
    createProvider: async (_kind, ctx) => provider = new BaileysProvider(ctx, {
      knex: app.knex,
      makeSocket: () => {
        const s = fakeSocket();
        sockets.push(s);
        return s;
      }
    })
  });
  t2.teardown(() => manager.shutdown());
  const events = [];
  const emit = app.bus.emit;
  app.bus.emit = (companyId, event, payload, room) => {
    if (event === "whatsappSession" && payload.session?.id === row.id) events.push(payload);
    emit.call(app.bus, companyId, event, payload, room);
  };
  t2.teardown(() => {
    app.bus.emit = emit;
  });
  await manager.start(1, row.id);
  sockets[0].ev.emit("connection.update", fx.qr(1));
  await provider.idle();
  await until(async () => (await Whatsapp.scoped(1).findById(row.id))?.status === "qrcode", 2e3, "qrcode stored");
  const qrRow = await Whatsapp.scoped(1).findById(row.id);
  t2.equal(qrRow.qrcode, fx.qr(1).qr);
  t2.equal(qrRow.retries, 1);
  t2.equal(qrRow.userStopped, false, "start clears userStopped");
  sockets[0].user = { id: fx.ME };
  sockets[0].ev.emit("connection.update", fx.open);
  await provider.idle();
  await until(() => manager.statusOf(row.id) === "CONNECTED" && events.some((e) => e.session.status === "CONNECTED"), 2e3, "CONNECTED");
  const done = await Whatsapp.scoped(1).findById(row.id);
  t2.match(done, { status: "CONNECTED", qrcode: "", number: "5511900001111", retries: 0 });
  t2.same(events.map((e) => e.session.status), ["OPENING", "qrcode", "CONNECTED"]);
  t2.ok(manager.provider(row.id) === provider);
  sockets[0].ev.emit("connection.update", fx.close(DisconnectReason.loggedOut));
  await provider.idle();
  await until(async () => (await Whatsapp.scoped(1).findById(row.id))?.status === "DISCONNECTED", 2e3, "DISCONNECTED");
  t2.equal((await Whatsapp.scoped(1).findById(row.id)).userStopped, true, "logged out from the phone: not restarted on boot");
  t2.throws(() => manager.provider(row.id), { code: "ERR_WAPP_NOT_INITIALIZED" });
});
t.test("the phone's address book, as WhatsApp syncs it, is what listContacts answers (POST /contacts/import, issue 43)", async (t2) => {
  const { provider, sockets, emit } = await setup(t2);
  await provider.start();
  await t2.rejects(provider.listContacts(), { code: "ERR_WAPP_NOT_INITIALIZED" }, "not before the session is open");
  sockets[0].user = { id: fx.ME };
  await emit("connection.update", fx.open);
  await emit("messaging-history.set", { chats: [], messages: [], isLatest: true, contacts: [{ id: "5511977770001@s.whatsapp.net", name: "Ana Agenda" }] });
  await emit("contacts.upsert", [
    { id: "5511977770002@s.whatsapp.net", notify: "Bruno" },
    { id: "120363000000000001@g.us", name: "Um grupo" },
    { id: "123456789@lid", name: "S\xF3 lid" }
  ]);
  await emit("contacts.update", [{ id: "5511977770002@s.whatsapp.net", name: "Bruno Agenda" }, { id: "5511977770003@s.whatsapp.net" }]);
  t2.same(await provider.listContacts(), [
    { number: "5511977770001", name: "Ana Agenda" },
    { number: "5511977770002", name: "Bruno Agenda" },
    { number: "5511977770003", name: "5511977770003" }
  ], "people with a number, with the latest name the phone gave (the number when it gave none); no groups, no @lid-only entries");
});
