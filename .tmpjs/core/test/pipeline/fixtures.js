import { Whatsapp } from "../../src/db/models/index.js";
function fakeProvider() {
  const sent = [];
  const edits = [];
  const reactions = [];
  const deletes = [];
  let n = 0;
  const provider = {
    sent,
    edits,
    reactions,
    deletes,
    fail: false,
    async send(message) {
      if (provider.fail) throw new Error("phone offline");
      sent.push(message);
      return { providerId: `out-${++n}`, ack: 1 };
    },
    async deleteMessage(to, providerId) {
      if (provider.fail) throw new Error("phone offline");
      deletes.push({ to, providerId });
    },
    async editMessage(target, body) {
      if (provider.fail) throw new Error("phone offline");
      edits.push({ target, body });
    },
    async react(target, emoji) {
      if (provider.fail) throw new Error("phone offline");
      reactions.push({ target, emoji });
    },
    async start() {
    },
    async requestNewQr() {
    },
    async stop() {
    },
    async checkNumber(number) {
      return { exists: true, number };
    },
    async profilePictureUrl() {
      return void 0;
    }
  };
  return provider;
}
function useFakeProvider(app) {
  const provider = fakeProvider();
  app.pipeline.deps.provider = () => provider;
  return provider;
}
async function defaultConnection(companyId = 1) {
  return await Whatsapp.scoped(companyId).where({ isDefault: true }).first();
}
let seq = 0;
function inbound(from, body, extra = {}) {
  seq += 1;
  return { providerId: `in-${process.pid}-${seq}`, from, body, fromMe: false, isGroup: false, kind: "text", timestamp: /* @__PURE__ */ new Date(), pushName: "Maria Souza", ...extra };
}
function recordEvents(app) {
  const events = [];
  const original = app.bus.emit.bind(app.bus);
  app.bus.emit = (companyId, event, payload, room) => {
    events.push({ companyId, event, payload, room });
    original(companyId, event, payload, room);
  };
  return events;
}
export {
  defaultConnection,
  fakeProvider,
  inbound,
  recordEvents,
  useFakeProvider
};
