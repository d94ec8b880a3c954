import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LookupAddress } from 'node:dns';
import { systemResolver, type Resolver } from '../../src/outbound-http/guard.js';
import { OutboundHttpError } from '../../src/outbound-http/errors.js';

export interface FakeServer { url: string; port: number; hits: string[]; close(): Promise<void> }

/**
 * A small HTTP server on 127.0.0.1 for one test (on `::`, both loopbacks, with host '::'); `hits` records
 * "METHOD /path" of every request it got.
 */
export async function fakeServer(t: { teardown(fn: () => Promise<void> | void): void }, handler: http.RequestListener, host = '127.0.0.1'): Promise<FakeServer> {
  const hits: string[] = [];
  const server = http.createServer((req, res) => { hits.push(`${req.method} ${req.url}`); handler(req, res); });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  const close = () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); });
  t.teardown(close);
  return { url: `http://127.0.0.1:${port}`, port, hits, close };
}

/** Names the test resolver answers (as a DNS server could); other `.test` names do not resolve; the rest go to the system. */
export const TEST_NAMES: Record<string, string[]> = {
  'loopback.test': ['127.0.0.1'],
  'v6-loopback.test': ['::1'],
  'compat.test': ['::7f00:1'],
  'mapped.test': ['::ffff:127.0.0.1'],
  'translated.test': ['::ffff:0:7f00:1'],
  'nat64-loopback.test': ['64:ff9b::7f00:1'],
  'mixed.test': ['93.184.216.34', '127.0.0.1'],
  'metadata.test': ['169.254.169.254'],
  'zone.test': ['fe80::1%eth0'],
  'public.test': ['93.184.216.34'],
  'public-v6.test': ['2606:4700:4700::1111'],
};

export const testResolver: Resolver = async (host) => {
  const known = TEST_NAMES[host.toLowerCase().replace(/\.$/, '')];
  if (known) return known.map((address): LookupAddress => ({ address, family: address.includes(':') ? 6 : 4 }));
  if (/\.test\.?$/i.test(host)) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  return systemResolver(host);
};

/** The OutboundHttpError code a call failed with ('resolved' when it did not fail). */
export async function errorCode(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'resolved';
  } catch (err) {
    return err instanceof OutboundHttpError ? err.code : `untyped: ${(err as Error).message}`;
  }
}
