import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeServer { url: string; port: number; hits: string[]; close(): Promise<void> }

/** A small HTTP server on 127.0.0.1 for one test; `hits` records "METHOD /path" of every request it got. */
export async function fakeServer(t: { teardown(fn: () => Promise<void> | void): void }, handler: http.RequestListener): Promise<FakeServer> {
  const hits: string[] = [];
  const server = http.createServer((req, res) => { hits.push(`${req.method} ${req.url}`); handler(req, res); });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const close = () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); });
  t.teardown(close);
  return { url: `http://127.0.0.1:${port}`, port, hits, close };
}
