import type { FastifyServerOptions } from 'fastify';
import { hasSecret } from './schema.js';

/** Field names that hold secrets wherever they appear in a log object (up to three levels deep). */
export const SECRET_FIELD_NAMES = [
  'password', 'passwordHash', 'newPassword', 'currentPassword', 'token', 'accessToken', 'refreshToken', 'apiKey', 'apikey', 'api_key',
  'secret', 'secretKey', 'clientSecret', 'client_secret', 'privateKey', 'private_key', 'jsonContent', 'voiceKey',
  'secretsKey', 'authorization', 'cookie',
];

export const REDACTED_LOG_PATHS = [
  ...SECRET_FIELD_NAMES.flatMap((name) => [name, `*.${name}`, `*.*.${name}`]),
  'req.headers.authorization', 'req.headers.cookie', 'req.headers["x-api-key"]', 'res.headers["set-cookie"]',
];

const SECRET_QUERY = /([?&](?:token|access_token|key|apikey|api_key|secret|signature|sig|password)=)[^&#]*/gi;

/** A request URL as logged: the values of query parameters that usually carry a credential are hidden. */
export const redactUrl = (url: string) => url.replace(SECRET_QUERY, '$1[redacted]');

/** The route a request matched, as the logger's serializer sees it (a raw IncomingMessage has none). */
interface MatchedRoute { url?: string; schema?: { params?: unknown } }

/** Per params schema, per route pattern (one schema object may serve several routes). */
const secretSegmentsMemo = new WeakMap<object, Map<string, number[]>>();

/**
 * The path segments of a route pattern that hold a secret: those naming a path parameter whose params schema
 * is a SecretString (`/resetpasswords/:email/:token/:newPassword` → the last two). The route declares it; the
 * logger only reads the declaration.
 */
function secretSegments(route: MatchedRoute): number[] {
  const params = route.schema?.params as { properties?: Record<string, unknown> } | undefined;
  if (!route.url || !params?.properties) return [];
  const byUrl = secretSegmentsMemo.get(params) ?? new Map<string, number[]>();
  secretSegmentsMemo.set(params, byUrl);
  let found = byUrl.get(route.url);
  if (!found) {
    found = route.url.split('/').flatMap((segment, i) =>
      [...segment.matchAll(/:(\w+)/g)].some(([, name]) => hasSecret(params.properties![name])) ? [i] : []);
    byUrl.set(route.url, found);
  }
  return found;
}

/**
 * A request's URL as logged: credential-looking query values hidden (redactUrl), and every path segment the
 * matched route declares secret (a SecretString path parameter) replaced by `[redacted]`.
 */
export function loggedUrl(url: string, route: MatchedRoute | undefined): string {
  const redacted = redactUrl(url);
  const segments = route ? secretSegments(route) : [];
  if (!segments.length) return redacted;
  const q = redacted.indexOf('?');
  const parts = (q < 0 ? redacted : redacted.slice(0, q)).split('/');
  for (const i of segments) if (i < parts.length) parts[i] = '[redacted]';
  return parts.join('/') + (q < 0 ? '' : redacted.slice(q));
}

type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

/**
 * The server's pino options with secret redaction added (names above, `[redacted]`), and request URLs whose
 * credential-looking query values and secret path parameters are hidden. `false` stays false (tests).
 */
export function withLogRedaction(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (logger === false || logger === undefined) return logger;
  const base: LoggerOptions = logger === true ? {} : logger;
  return {
    ...base,
    redact: { paths: REDACTED_LOG_PATHS, censor: '[redacted]' },
    serializers: {
      // Fastify hands the serializer its request, which knows the matched route (routeOptions).
      req: (req: { method: string; url: string; host?: string; ip?: string; socket?: { remotePort?: number }; routeOptions?: MatchedRoute }) => ({
        method: req.method, url: loggedUrl(req.url, req.routeOptions), host: req.host, remoteAddress: req.ip, remotePort: req.socket?.remotePort,
      }),
      ...base.serializers,
    },
  } as LoggerOptions;
}
