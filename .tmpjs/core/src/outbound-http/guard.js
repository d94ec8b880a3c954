import { lookup as dnsLookup } from "node:dns";
import { isIP } from "node:net";
import { refusedRange } from "./addresses.js";
import { OutboundHttpError } from "./errors.js";
const originOf = (url) => `${url.protocol}//${url.host}`;
const systemResolver = (hostname) => new Promise((resolve, reject) => {
  dnsLookup(hostname, { all: true, verbatim: true }, (err, addresses) => err ? reject(err) : resolve(addresses));
});
function parseTenantUrl(raw, field) {
  let url;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundHttpError("ERR_URL_NOT_ALLOWED", "Not a valid URL", { field, reason: "invalid" });
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new OutboundHttpError("ERR_URL_NOT_ALLOWED", "Only http and https URLs are allowed", { field, reason: "scheme" });
  if (url.username || url.password) throw new OutboundHttpError("ERR_URL_NOT_ALLOWED", "Credentials in a URL are not allowed: send them in a header", { field, reason: "credentials" });
  return url;
}
const refused = (host) => new OutboundHttpError("ERR_URL_NOT_ALLOWED", `${host} resolves to a private, loopback or link-local address`, { origin: host, reason: "private" });
const unresolved = (host) => new OutboundHttpError("ERR_HTTP_NETWORK", `Cannot resolve ${host}`, { origin: host, reason: "unresolved" });
const isUnresolved = (err) => err instanceof OutboundHttpError && err.details?.reason === "unresolved";
async function resolveChecked(hostname, allowPrivate, resolver = systemResolver) {
  const host = hostname.replace(/^\[|\]$/g, "");
  if (isIP(host)) {
    if (!allowPrivate && refusedRange(host)) throw refused(host);
    return [{ address: host, family: isIP(host) }];
  }
  let addresses;
  try {
    addresses = await resolver(host);
  } catch {
    throw unresolved(host);
  }
  if (addresses.length === 0) throw unresolved(host);
  if (!allowPrivate && addresses.some((a) => refusedRange(a.address))) throw refused(host);
  return addresses;
}
function guardedLookup(allowPrivate, resolver = systemResolver) {
  return (hostname, options, callback) => {
    resolveChecked(hostname, allowPrivate, resolver).then(
      (addresses) => {
        if (typeof options === "object" && options?.all) callback(null, addresses);
        else callback(null, addresses[0].address, addresses[0].family);
      },
      (err) => callback(err, "")
    );
  };
}
export {
  guardedLookup,
  isUnresolved,
  originOf,
  parseTenantUrl,
  resolveChecked,
  systemResolver,
  unresolved
};
