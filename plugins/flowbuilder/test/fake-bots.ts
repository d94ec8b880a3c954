import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Test } from 'tap';

export interface BotRequest { path: string; authorization?: string; body: any }
type Reply = { status?: number; json?: unknown };

/**
 * One local server for the flow's bot nodes: OpenAI's POST /v1/chat/completions (answers `ai` in order, then
 * `aiFallback`) and Typebot's startChat / continueChat (answered by `typebot(path, body)`). Records every request;
 * OPENAI_BASE_URL points the core's client at it for the test.
 */
export async function startFakeBots(t: Test) {
  const fake = {
    requests: [] as BotRequest[],
    ai: [] as Array<string | { status: number; code: string }>,
    aiFallback: 'Claro! Posso ajudar.',
    typebot: ((): Reply => ({ status: 404 })) as (path: string, body: any) => Reply,
    url: '',
    /** The requests to one kind of endpoint. */
    to: (part: string) => fake.requests.filter((r) => r.path.includes(part)),
  };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => { raw += c; });
    req.on('end', () => {
      const body = raw ? JSON.parse(raw) : undefined;
      const path = req.url ?? '';
      fake.requests.push({ path, authorization: req.headers.authorization, body });
      res.setHeader('content-type', 'application/json');
      if (path === '/v1/chat/completions') {
        const next = fake.ai.shift() ?? fake.aiFallback;
        if (typeof next !== 'string') {
          res.writeHead(next.status).end(JSON.stringify({ error: { message: 'scripted failure', type: 'invalid_request_error', code: next.code } }));
          return;
        }
        res.end(JSON.stringify({
          id: `chatcmpl-${fake.requests.length}`, object: 'chat.completion', created: Math.floor(Date.now() / 1000), model: body.model,
          choices: [{ index: 0, message: { role: 'assistant', content: next, refusal: null }, finish_reason: 'stop' }],
        }));
        return;
      }
      const answer = fake.typebot(path, body);
      res.writeHead(answer.status ?? 200).end(answer.json === undefined ? '' : JSON.stringify(answer.json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const previous = process.env.OPENAI_BASE_URL;
  process.env.OPENAI_BASE_URL = `${fake.url}/v1`;
  t.teardown(async () => {
    process.env.OPENAI_BASE_URL = previous;
    await new Promise((resolve) => server.close(resolve));
  });
  return fake;
}
