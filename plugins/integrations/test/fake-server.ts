import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Test } from 'tap';

export interface Received { path: string; headers: http.IncomingHttpHeaders; raw: string; body: any }
export type Handler = (req: Received) => { status?: number; json?: unknown; delayMs?: number };

/** A local HTTP server that records every request and answers through `handler` (replaceable per test). */
export async function startFakeServer(t: Test, handler: Handler) {
  const fake = { received: [] as Received[], handler, url: '' };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => { raw += c; });
    req.on('end', () => {
      // JSON bodies are parsed; others (a form) are read from `raw`.
      const json = String(req.headers['content-type']).startsWith('application/json');
      const received = { path: req.url ?? '', headers: req.headers, raw, body: raw && json ? JSON.parse(raw) : undefined };
      fake.received.push(received);
      const answer = fake.handler(received);
      setTimeout(() => {
        res.writeHead(answer.status ?? 200, { 'content-type': 'application/json' });
        res.end(answer.json === undefined ? '' : JSON.stringify(answer.json));
      }, answer.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t.teardown(() => new Promise((resolve) => server.close(resolve)));
  return fake;
}
