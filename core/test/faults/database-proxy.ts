import net from 'node:net';
import { freePort } from '../hardening/server-process.js';

/**
 * A TCP relay between the server and MariaDB that the test controls: `down()` drops every connection and refuses new
 * ones (a crashed or restarting database), `stall()` keeps connections open but stops relaying (a paused one), `up()`
 * restores it. The shared MariaDB itself is never touched.
 */
export async function databaseProxy(target: { host: string; port: number }) {
  const port = await freePort();
  const pairs = new Set<[net.Socket, net.Socket]>();
  let stalled = false;
  let server: net.Server | undefined;
  const relay = (from: net.Socket, to: net.Socket) => from.on('data', (chunk) => { if (!stalled) to.write(chunk); });
  const up = () => new Promise<void>((resolve) => {
    stalled = false;
    if (server) return resolve();
    server = net.createServer((client) => {
      const upstream = net.connect(target.port, target.host);
      const pair: [net.Socket, net.Socket] = [client, upstream];
      pairs.add(pair);
      relay(client, upstream);
      relay(upstream, client);
      const close = () => { client.destroy(); upstream.destroy(); pairs.delete(pair); };
      client.on('close', close).on('error', close);
      upstream.on('close', close).on('error', close);
    }).listen(port, '127.0.0.1', () => resolve());
  });
  const down = () => new Promise<void>((resolve) => {
    for (const [a, b] of pairs) { a.destroy(); b.destroy(); }
    pairs.clear();
    if (!server) return resolve();
    server.close(() => resolve());
    server = undefined;
  });
  await up();
  return { port, up, down, stall: () => { stalled = true; } };
}
