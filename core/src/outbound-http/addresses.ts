import { BlockList, isIP } from 'node:net';

/**
 * Addresses a tenant-supplied URL may not reach: loopback, private (RFC 1918, unique-local), link-local
 * (169.254.0.0/16 holds the cloud metadata service 169.254.169.254; fd00:ec2::254 is unique-local), carrier-grade
 * NAT (100.64.0.0/10, Alibaba's metadata 100.100.100.200), "this network", multicast, reserved and benchmark ranges.
 */
const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24],
  ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8], ['2001:db8::', 32], ['100::', 64],
] as const) blocked.addSubnet(net, prefix, 'ipv6');

/** The IPv4 address an IPv6 one carries (::ffff:a.b.c.d mapped, 64:ff9b::/96 NAT64, ::a.b.c.d compatible), if any. */
function embeddedIpv4(address: string): string | undefined {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|64:ff9b::|::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1];
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (hex) {
    const [hi, lo] = [parseInt(hex[1], 16), parseInt(hex[2], 16)];
    return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  }
  return undefined;
}

/** Whether an IP address is one a tenant-supplied URL must not reach. Anything that is not an IP is refused too. */
export function isBlockedAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').split('%')[0];
  const family = isIP(bare);
  if (family === 4) return blocked.check(bare, 'ipv4');
  if (family === 6) {
    const v4 = embeddedIpv4(bare);
    return v4 ? blocked.check(v4, 'ipv4') : blocked.check(bare, 'ipv6');
  }
  return true;
}
