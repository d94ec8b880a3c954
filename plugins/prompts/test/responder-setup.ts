import type { Test } from 'tap';
import { build } from '../../../core/test/helper.js';
import { Queue, Ticket } from '../../../core/src/db/models/index.js';
import { defaultConnection, inbound, recordEvents, useFakeProvider } from '../../../core/test/pipeline/fixtures.js';
import { startFakeOpenAi } from '../../../core/test/bots/fake-openai.js';

export const KEY = 'sk-live-secret-key-0000-9999';
export const PROMPT_TEXT = 'Você é a assistente da Loja Exemplo. Responda com educação e em poucas frases curtas.';

/**
 * The contact's first message: the ticket has no queue yet, so the queue's prompt does not apply; the core's
 * menu puts it in the connection's only queue with the greeting. From the next message on, the prompt answers.
 */
export async function open(t: Test, env: Awaited<ReturnType<typeof setup>>) {
  t.same(await env.say('oi'), ['Olá! Como podemos ajudar?'], 'the first message is greeted by the core and queued');
  t.equal((await env.ticket()).queueId, env.queue.id);
  t.equal(env.fake.requests.length, 0, 'the model is not asked before the ticket has its queue');
}

/** Company 1 (every feature) with one queue on its connection, that queue served by a prompt, and the fake model. */
export async function setup(t: Test, promptFields: Record<string, unknown> = {}) {
  const fake = await startFakeOpenAi(t);
  const lines: string[] = [];
  const built = await build(t, { logger: { level: 'trace', stream: { write: (line: string) => { lines.push(line); } } } } as never);
  const { app, request, token } = built;
  const provider = useFakeProvider(app);
  const events = recordEvents(app);
  const wa = await defaultConnection();
  const queue = await Queue.scoped(1).insertAndFetch({ name: 'Vendas', color: '#123456', orderQueue: 1 } as Partial<Queue>);
  await app.knex('whatsappQueues').insert({ companyId: 1, whatsappId: wa.id, queueId: queue.id });
  const prompt = await request('POST', '/api/prompt', {
    token, body: { name: 'Atendente IA', prompt: PROMPT_TEXT, apiKey: KEY, queueId: queue.id, model: 'gpt-4o-mini', maxTokens: 150, temperature: 0.4, ...promptFields },
  });
  t.equal(prompt.status, 200, 'prompt created');
  // The pipeline caches a connection and its queues for 5 s: see the queue's new promptId at once.
  app.pipeline.connections.invalidate();
  const number = '5511944443333';
  const write = (body: string) => app.pipeline.inbound.onMessage({ companyId: 1, whatsappId: wa.id }, inbound(number, body));
  /** A contact message, then what was sent to the contact in answer. */
  const say = async (body: string) => {
    const before = provider.sent.length;
    await write(body);
    await app.jobs.idle();
    return provider.sent.slice(before).map((m) => m.body);
  };
  const ticket = async () => (await Ticket.scoped(1).orderBy('id', 'desc').first())!;
  return { ...built, fake, provider, events, lines, queue, write, say, ticket, promptId: prompt.body.id as number };
}

