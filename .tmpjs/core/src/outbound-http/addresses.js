import ipaddr from "ipaddr.js";
function embeddedIpv4(v6) {
  const p = v6.parts;
  if (v6.match(ipaddr.IPv6.parse("64:ff9b::"), 96)) return ipaddr.IPv4.parse(`${p[6] >> 8}.${p[6] & 255}.${p[7] >> 8}.${p[7] & 255}`);
  if (v6.range() === "6to4") return ipaddr.IPv4.parse(`${p[1] >> 8}.${p[1] & 255}.${p[2] >> 8}.${p[2] & 255}`);
  return void 0;
}
const RESERVED_V6_ZERO = ipaddr.IPv6.parse("::");
function refusedRange(address) {
  const bare = address.replace(/^\[|\]$/g, "");
  let parsed;
  try {
    parsed = ipaddr.process(bare);
  } catch {
    return "notAnAddress";
  }
  if (parsed.kind() === "ipv4") {
    const range2 = parsed.range();
    return range2 === "unicast" ? void 0 : range2;
  }
  const v6 = parsed;
  const inner = embeddedIpv4(v6);
  if (inner) {
    const range2 = inner.range();
    return range2 === "unicast" ? void 0 : `${v6.range()}:${range2}`;
  }
  if (v6.match(RESERVED_V6_ZERO, 8)) return v6.range() === "unicast" ? "ipv4Compatible" : v6.range();
  const range = v6.range();
  return range === "unicast" ? void 0 : range;
}
const isBlockedAddress = (address) => refusedRange(address) !== void 0;
export {
  isBlockedAddress,
  refusedRange
};
