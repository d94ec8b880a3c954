import ipaddr from 'ipaddr.js';

/**
 * Which addresses a tenant-supplied URL may reach: public unicast only. The ranges come from ipaddr.js (a
 * maintained registry of the IANA special-purpose blocks) instead of a hand-kept list: loopback, private
 * (RFC 1918), link-local (169.254.0.0/16 holds the cloud metadata service), carrier-grade NAT (Alibaba's
 * metadata 100.100.100.200), unique-local (fd00:ec2::254), multicast, reserved, documentation, benchmarking …
 *
 * IPv6 forms that carry an IPv4 address are judged by that address or refused:
 * - IPv4-mapped `::ffff:a.b.c.d` is unwrapped by `ipaddr.process()` and judged as IPv4;
 * - NAT64 `64:ff9b::/96` and 6to4 `2002::/16` reach the IPv4 address inside them: judged by it;
 * - everything else in `::/8` (IPv4-compatible `::a.b.c.d`, IPv4-translated `::ffff:0:a.b.c.d`, `::`, `::1`),
 *   the local-use NAT64 prefix `64:ff9b:1::/48` and Teredo are refused: no public service needs them.
 */

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/** The IPv4 address a NAT64 (64:ff9b::/96) or 6to4 (2002:wwxx:yyzz::/48) address reaches. */
function embeddedIpv4(v6: ipaddr.IPv6): ipaddr.IPv4 | undefined {
  const p = v6.parts;
  if (v6.match(ipaddr.IPv6.parse('64:ff9b::'), 96)) return ipaddr.IPv4.parse(`${p[6] >> 8}.${p[6] & 255}.${p[7] >> 8}.${p[7] & 255}`);
  if (v6.range() === '6to4') return ipaddr.IPv4.parse(`${p[1] >> 8}.${p[1] & 255}.${p[2] >> 8}.${p[2] & 255}`);
  return undefined;
}

const RESERVED_V6_ZERO = ipaddr.IPv6.parse('::');

/** Why an address is refused ('loopback', 'private', 'linkLocal', 'ipv4Compatible' …), or undefined for a public one. */
export function refusedRange(address: string): string | undefined {
  const bare = address.replace(/^\[|\]$/g, '');
  let parsed: Address;
  try {
    parsed = ipaddr.process(bare);
  } catch {
    return 'notAnAddress';
  }
  if (parsed.kind() === 'ipv4') {
    const range = parsed.range();
    return range === 'unicast' ? undefined : range;
  }
  const v6 = parsed as ipaddr.IPv6;
  // Before the ::/8 rule: 64:ff9b::/96 lies inside ::/8.
  const inner = embeddedIpv4(v6);
  if (inner) {
    const range = inner.range();
    return range === 'unicast' ? undefined : `${v6.range()}:${range}`;
  }
  if (v6.match(RESERVED_V6_ZERO, 8)) return v6.range() === 'unicast' ? 'ipv4Compatible' : v6.range();
  const range = v6.range();
  return range === 'unicast' ? undefined : range;
}

/** Whether an IP address is one a tenant-supplied URL must not reach. Anything that is not an IP is refused too. */
export const isBlockedAddress = (address: string): boolean => refusedRange(address) !== undefined;
