import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import { isBlockedAddress } from './addresses.js';
import { OutboundHttpError } from './errors.js';

export const originOf = (url: URL) => `${url.protocol}//${url.host}`;

/** Parses a tenant-supplied URL: http(s) only, no credentials in it (they would end up in logs). */
export function parseTenantUrl(raw: string, field?: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundHttpError('ERR_URL_NOT_ALLOWED', 'Not a valid URL', { field });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OutboundHttpError('ERR_URL_NOT_ALLOWED', 'Only http and https URLs are allowed', { field });
  if (url.username || url.password) throw new OutboundHttpError('ERR_URL_NOT_ALLOWED', 'Credentials in a URL are not allowed: send them in a header', { field });
  return url;
}

const refused = (origin: string, field?: string) =>
  new OutboundHttpError('ERR_URL_NOT_ALLOWED', `${origin} resolves to a private, loopback or link-local address`, { origin, field });

/** Resolves a host name and checks every address it has (one bad address is enough to refuse). */
export function resolveChecked(hostname: string, allowPrivate: boolean): Promise<LookupAddress[]> {
  const host = hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) {
    if (!allowPrivate && isBlockedAddress(host)) return Promise.reject(refused(host));
    return Promise.resolve([{ address: host, family: isIP(host) }]);
  }
  return new Promise((resolve, reject) => {
    dnsLookup(host, { all: true, verbatim: true }, (err, addresses) => {
      if (err || addresses.length === 0) return reject(new OutboundHttpError('ERR_HTTP_NETWORK', `Cannot resolve ${host}`, { origin: host }));
      if (!allowPrivate && addresses.some((a) => isBlockedAddress(a.address))) return reject(refused(host));
      resolve(addresses);
    });
  });
}

type LookupCallback = (err: Error | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for net/tls.connect: the socket connects to exactly the addresses checked here, so a name that
 * resolves to a public address at save time and a private one later (DNS rebinding) is still refused.
 */
export function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: { all?: boolean } | number | undefined, callback: LookupCallback) => {
    resolveChecked(hostname, allowPrivate).then(
      (addresses) => {
        if (typeof options === 'object' && options?.all) callback(null, addresses);
        else callback(null, addresses[0].address, addresses[0].family);
      },
      (err: Error) => callback(err, ''),
    );
  };
}
