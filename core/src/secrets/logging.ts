import type { FastifyServerOptions } from 'fastify';

/** Field names that hold secrets wherever they appear in a log object (up to three levels deep). */
export const SECRET_FIELD_NAMES = [
  'password', 'passwordHash', 'newPassword', 'token', 'accessToken', 'refreshToken', 'apiKey', 'apikey', 'api_key',
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

type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

/**
 * The server's pino options with secret redaction added (names above, `[redacted]`), and request URLs whose
 * credential-looking query values are hidden. `false` stays false (tests).
 */
export function withLogRedaction(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (logger === false || logger === undefined) return logger;
  const base: LoggerOptions = logger === true ? {} : logger;
  return {
    ...base,
    redact: { paths: REDACTED_LOG_PATHS, censor: '[redacted]' },
    serializers: {
      req: (req: { method: string; url: string; host?: string; ip?: string; socket?: { remotePort?: number } }) => ({
        method: req.method, url: redactUrl(req.url), host: req.host, remoteAddress: req.ip, remotePort: req.socket?.remotePort,
      }),
      ...base.serializers,
    },
  } as LoggerOptions;
}
