import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import { refusedRange } from './addresses.js';
import { OutboundHttpError } from './errors.js';

export const originOf = (url: URL) => `${url.protocol}//${url.host}`;

/** Resolves a host name to every address it has (dns.lookup: the system resolver, /etc/hosts included). */
export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

export const systemResolver: Resolver = (hostname) => new Promise((resolve, reject) => {
  dnsLookup(hostname, { all: true, verbatim: true }, (err, addresses) => (err ? reject(err) : resolve(addresses)));
});

/** Parses a tenant-supplied URL: http(s) only, no credentials in it (they would end up in logs). */
export function parseTenantUrl(raw: string, field?: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundHttpError('ERR_URL_NOT_ALLOWED', 'Not a valid URL', { field, reason: 'invalid' });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OutboundHttpError('ERR_URL_NOT_ALLOWED', 'Only http and https URLs are allowed', { field, reason: 'scheme' });
  if (url.username || url.password) throw new OutboundHttpError('ERR_URL_NOT_ALLOWED', 'Credentials in a URL are not allowed: send them in a header', { field, reason: 'credentials' });
  return url;
}

const refused = (host: string) =>
  new OutboundHttpError('ERR_URL_NOT_ALLOWED', `${host} resolves to a private, loopback or link-local address`, { origin: host, reason: 'private' });

/** A name the resolver could not turn into an address (no such name, or no answer now): not a refusal of the address. */
export const unresolved = (host: string) =>
  new OutboundHttpError('ERR_HTTP_NETWORK', `Cannot resolve ${host}`, { origin: host, reason: 'unresolved' });

export const isUnresolved = (err: unknown) => err instanceof OutboundHttpError && err.details?.reason === 'unresolved';

/** Resolves a host name and checks every address it has (one bad address is enough to refuse). */
export async function resolveChecked(hostname: string, allowPrivate: boolean, resolver: Resolver = systemResolver): Promise<LookupAddress[]> {
  const host = hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) {
    if (!allowPrivate && refusedRange(host)) throw refused(host);
    return [{ address: host, family: isIP(host) }];
  }
  let addresses: LookupAddress[];
  try {
    addresses = await resolver(host);
  } catch {
    throw unresolved(host);
  }
  if (addresses.length === 0) throw unresolved(host);
  if (!allowPrivate && addresses.some((a) => refusedRange(a.address))) throw refused(host);
  return addresses;
}

type LookupCallback = (err: Error | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for net/tls.connect: the socket connects to exactly the addresses checked here, so a name that
 * resolves to a public address at save time and a private one later (DNS rebinding) is still refused.
 */
export function guardedLookup(allowPrivate: boolean, resolver: Resolver = systemResolver) {
  return (hostname: string, options: { all?: boolean } | number | undefined, callback: LookupCallback) => {
    resolveChecked(hostname, allowPrivate, resolver).then(
      (addresses) => {
        if (typeof options === 'object' && options?.all) callback(null, addresses);
        else callback(null, addresses[0].address, addresses[0].family);
      },
      (err: Error) => callback(err, ''),
    );
  };
}
