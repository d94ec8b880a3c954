import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Test } from 'tap';

/**
 * What the fake answers next: text streamed in `chunks` (with or without `usage`), an HTTP error with OpenAI's
 * error body, or a stream that `hold`s after its first chunk (cancel and timeout tests).
 */
export type ModelReply =
  | { chunks: string[]; usage?: { prompt_tokens: number; completion_tokens: number } | null; holdAfterFirst?: boolean; holdBeforeHeaders?: boolean }
  | { status: number; code: string };

/**
 * A local OpenAI-compatible server: POST /v1/chat/completions with `stream: true` answers server-sent events
 * (`data: {chunk}`, `data: [DONE]`), recording every request and every connection the client closed early.
 */
export async function startFakeModel(t: Test) {
  const requests: Array<{ authorization?: string; body: any }> = [];
  const script: ModelReply[] = [];
  const fake = { requests, script, closedEarly: 0, url: '', fallback: { chunks: ['Olá', '! Como posso ajudar?'], usage: { prompt_tokens: 40, completion_tokens: 8 } } as ModelReply };
  const sockets = new Set<import('node:net').Socket>();
  const readBody = async (req: http.IncomingMessage) => {
    const parts: Buffer[] = [];
    for await (const part of req) parts.push(part as Buffer);
    return Buffer.concat(parts).toString('utf8');
  };
  const server = http.createServer(async (req, res) => {
    const raw = await readBody(req);
    if (req.url !== '/v1/chat/completions' || req.method !== 'POST') { res.writeHead(404).end(); return; }
    const body = JSON.parse(raw);
    requests.push({ body, authorization: req.headers.authorization });
    const reply = script.shift() ?? fake.fallback;
    let finished = false;
    res.on('close', () => { if (!finished) fake.closedEarly += 1; });
    if ('status' in reply) {
      finished = true;
      res.writeHead(reply.status, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'scripted failure', type: 'invalid_request_error', code: reply.code } }));
      return;
    }
    if (reply.holdBeforeHeaders) return; // never answers: the client's timeout
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    const chunk = (content: string) => `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: body.model, choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`;
    const [first, ...rest] = reply.chunks;
    res.write(chunk(first));
    if (reply.holdAfterFirst) return; // the client goes away (cancel) while this waits
    for (const piece of rest) res.write(chunk(piece));
    if (reply.usage !== null) {
      const usage = reply.usage ?? { prompt_tokens: 40, completion_tokens: 8 };
      res.write(`data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: body.model, choices: [], usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens } })}\n\n`);
    }
    finished = true;
    res.end('data: [DONE]\n\n');
  });
  server.on('connection', (s) => { sockets.add(s); s.on('close', () => sockets.delete(s)); });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  t.teardown(async () => {
    for (const s of sockets) s.destroy();
    await new Promise((resolve) => server.close(resolve));
  });
  return fake;
}

/** Reads a server-sent-events body into its events. */
export function parseEvents(text: string) {
  return text.split('\n\n').filter(Boolean).map((block) => {
    const event = /^event: (.+)$/m.exec(block)?.[1] ?? 'message';
    const data = JSON.parse(/^data: (.+)$/m.exec(block)?.[1] ?? 'null');
    return { event, data };
  });
}
