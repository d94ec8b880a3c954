import type { FastifyInstance } from 'fastify';
import { Whatsapp } from '../../src/db/models/index.js';
import type { InboundMessage, MessageTarget, MessagingProvider, OutboundMessage } from '../../src/messaging/provider.js';

/** A provider that records what the pipeline sends (and can be told to fail). */
export function fakeProvider() {
  const sent: OutboundMessage[] = [];
  const edits: Array<{ target: MessageTarget; body: string }> = [];
  const reactions: Array<{ target: MessageTarget; emoji: string }> = [];
  const deletes: Array<{ to: string; providerId: string }> = [];
  let n = 0;
  const provider = {
    sent,
    edits,
    reactions,
    deletes,
    fail: false,
    async send(message: OutboundMessage) {
      if (provider.fail) throw new Error('phone offline');
      sent.push(message);
      return { providerId: `out-${++n}`, ack: 1 };
    },
    async deleteMessage(to: string, providerId: string) {
      if (provider.fail) throw new Error('phone offline');
      deletes.push({ to, providerId });
    },
    async editMessage(target: MessageTarget, body: string) {
      if (provider.fail) throw new Error('phone offline');
      edits.push({ target, body });
    },
    async react(target: MessageTarget, emoji: string) {
      if (provider.fail) throw new Error('phone offline');
      reactions.push({ target, emoji });
    },
    async start() {}, async requestNewQr() {}, async stop() {},
    async checkNumber(number: string) { return { exists: true, number }; },
    async profilePictureUrl() { return undefined; },
  };
  return provider as typeof provider & MessagingProvider;
}

/** Routes every send of the app to the fake provider. */
export function useFakeProvider(app: FastifyInstance) {
  const provider = fakeProvider();
  app.pipeline.deps.provider = () => provider;
  return provider;
}

export async function defaultConnection(companyId = 1) {
  return (await Whatsapp.scoped(companyId).where({ isDefault: true }).first())!;
}

let seq = 0;
export function inbound(from: string, body: string, extra: Partial<InboundMessage> = {}): InboundMessage {
  seq += 1;
  return { providerId: `in-${process.pid}-${seq}`, from, body, fromMe: false, isGroup: false, kind: 'text', timestamp: new Date(), pushName: 'Maria Souza', ...extra };
}

/** Collects bus events of the company (every emit goes through app.bus.emit). */
export function recordEvents(app: FastifyInstance) {
  const events: Array<{ companyId: number; event: string; payload: any; room?: unknown }> = [];
  const original = app.bus.emit.bind(app.bus);
  app.bus.emit = (companyId, event, payload, room) => {
    events.push({ companyId, event, payload, room });
    original(companyId, event, payload, room);
  };
  return events;
}
