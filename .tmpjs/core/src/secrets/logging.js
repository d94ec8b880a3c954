import { hasSecret } from "./schema.js";
const SECRET_FIELD_NAMES = [
  "password",
  "passwordHash",
  "newPassword",
  "currentPassword",
  "token",
  "accessToken",
  "refreshToken",
  "apiKey",
  "apikey",
  "api_key",
  "secret",
  "secretKey",
  "clientSecret",
  "client_secret",
  "privateKey",
  "private_key",
  "jsonContent",
  "voiceKey",
  "secretsKey",
  "authorization",
  "cookie"
];
const REDACTED_LOG_PATHS = [
  ...SECRET_FIELD_NAMES.flatMap((name) => [name, `*.${name}`, `*.*.${name}`]),
  "req.headers.authorization",
  "req.headers.cookie",
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]'
];
const SECRET_QUERY = /([?&](?:token|access_token|key|apikey|api_key|secret|signature|sig|password)=)[^&#]*/gi;
const redactUrl = (url) => url.replace(SECRET_QUERY, "$1[redacted]");
const secretSegmentsMemo = /* @__PURE__ */ new WeakMap();
function secretSegments(route) {
  const params = route.schema?.params;
  if (!route.url || !params?.properties) return [];
  const byUrl = secretSegmentsMemo.get(params) ?? /* @__PURE__ */ new Map();
  secretSegmentsMemo.set(params, byUrl);
  let found = byUrl.get(route.url);
  if (!found) {
    found = route.url.split("/").flatMap((segment, i) => [...segment.matchAll(/:(\w+)/g)].some(([, name]) => hasSecret(params.properties[name])) ? [i] : []);
    byUrl.set(route.url, found);
  }
  return found;
}
function loggedUrl(url, route) {
  const redacted = redactUrl(url);
  const segments = route ? secretSegments(route) : [];
  if (!segments.length) return redacted;
  const q = redacted.indexOf("?");
  const parts = (q < 0 ? redacted : redacted.slice(0, q)).split("/");
  for (const i of segments) if (i < parts.length) parts[i] = "[redacted]";
  return parts.join("/") + (q < 0 ? "" : redacted.slice(q));
}
function withLogRedaction(logger) {
  if (logger === false || logger === void 0) return logger;
  const base = logger === true ? {} : logger;
  return {
    ...base,
    redact: { paths: REDACTED_LOG_PATHS, censor: "[redacted]" },
    serializers: {
      // Fastify hands the serializer its request, which knows the matched route (routeOptions).
      req: (req) => ({
        method: req.method,
        url: loggedUrl(req.url, req.routeOptions),
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort
      }),
      ...base.serializers
    }
  };
}
export {
  REDACTED_LOG_PATHS,
  SECRET_FIELD_NAMES,
  loggedUrl,
  redactUrl,
  withLogRedaction
};
