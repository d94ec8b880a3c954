import { errorCodes, type FastifyInstance, type FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import { AppError } from '../http/errors.js';
import type { PluginDb } from '../sdk/db.js';
import type { Secrets } from '../secrets/index.js';
import type { Tenancy } from '../tenancy/index.js';
import { hmacMatches, sameSecret } from '../util/signatures.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The body's bytes as sent, on a plugin's public routes (what a webhook's HMAC is computed over). */
    rawBody?: Buffer;
  }
}

/** How a webhook proves itself: an HMAC of the raw body in a header, or the shared secret itself in a header. */
export type WebhookCheck =
  | { signatureHeader: string; prefix?: string }
  | { secretHeader: string };

export interface AuthenticateOptions {
  /** One of the plugin's backend.unscopedTables: the row naming the company and keeping its secret. */
  table: string;
  /** The public id the caller sent (in the path), looked up in `idColumn` (default `publicId`). */
  publicId: string;
  idColumn?: string;
  /** The column holding the secret, sealed with sdk.secrets.encrypt. */
  secretColumn: string;
  check: WebhookCheck;
}

/** Where a subscription handshake finds its connection and the verify token it must present. */
export interface ChallengeOptions {
  /** One of the plugin's backend.unscopedTables. */
  table: string;
  publicId: string;
  idColumn?: string;
  /** The column holding the verify token, sealed with sdk.secrets.encrypt. */
  secretColumn: string;
}

/**
 * `sdk.publicRoutes`: what a plugin's webhook needs to authenticate its caller (docs/plugins.md "Public routes").
 * `authenticate` finds the company from a public id, checks the signature (or shared secret) in constant time against
 * the secret kept through sdk.secrets, and checks the plan flag again (a public route skips the plan check); any
 * failure answers 401 ERR_INVALID_WEBHOOK_TOKEN (403 ERR_PLAN_FEATURE_DISABLED for the flag), the same whichever
 * part failed. `publicUrl(path)` is the URL to show the company (its console's settings screen).
 */
export interface PublicRouteHelper {
  authenticate<Row extends { companyId: number } = { companyId: number } & Record<string, unknown>>(request: FastifyRequest, options: AuthenticateOptions): Promise<Row>;
  publicUrl(path: string): string;
  /**
   * A webhook subscription's handshake (`GET ?hub.mode=subscribe&hub.verify_token=…&hub.challenge=…`, WebSub's, as
   * Meta's platforms call it): answers the challenge to send back as plain text when the verify token equals the row's
   * (constant time) and the company's plan has the plugin; anything else is 403 ERR_INVALID_WEBHOOK_TOKEN (fail closed).
   */
  challenge(request: FastifyRequest, options: ChallengeOptions): Promise<string>;
}

export function createPublicRouteHelper(deps: { db: PluginDb; secrets: Secrets; tenancy: Tenancy; planFlag: string; publicUrl: string; apiPrefix: string }): PublicRouteHelper {
  const refuse = () => new AppError('ERR_INVALID_WEBHOOK_TOKEN', 401, 'Unknown webhook or wrong signature');
  return {
    async authenticate(request, options) {
      const row = options.publicId ? await deps.db.unscoped(options.table).where({ [options.idColumn ?? 'publicId']: options.publicId }).first() : undefined;
      const sealed = row?.[options.secretColumn];
      const secret = typeof sealed === 'string' && sealed ? deps.secrets.decrypt(sealed) : '';
      const ok = 'signatureHeader' in options.check
        ? hmacMatches(request.headers[options.check.signatureHeader.toLowerCase()], request.rawBody ?? Buffer.alloc(0), secret, options.check.prefix ?? 'sha256=')
        : sameSecret(request.headers[options.check.secretHeader.toLowerCase()], secret);
      if (!row || !ok) throw refuse();
      if (!(await deps.tenancy.hasFlag(Number(row.companyId), deps.planFlag, { fresh: true }))) {
        throw new AppError('ERR_PLAN_FEATURE_DISABLED', 403, 'The company\'s plan does not include this feature');
      }
      return row;
    },
    async challenge(request, options) {
      const refused = () => new AppError('ERR_INVALID_WEBHOOK_TOKEN', 403, 'The verify token does not match');
      const query = (request.query ?? {}) as Record<string, unknown>;
      const sent = query['hub.verify_token'];
      const challenge = query['hub.challenge'];
      if (query['hub.mode'] !== 'subscribe' || typeof sent !== 'string' || !options.publicId) throw refused();
      const row = await deps.db.unscoped(options.table).where({ [options.idColumn ?? 'publicId']: options.publicId }).first();
      const sealed = row?.[options.secretColumn];
      const secret = typeof sealed === 'string' && sealed ? deps.secrets.decrypt(sealed) : '';
      if (!row || !sameSecret(sent, secret) || !(await deps.tenancy.hasFlag(Number(row.companyId), deps.planFlag, { fresh: true }))) throw refused();
      return typeof challenge === 'string' ? challenge : '';
    },
    publicUrl(path) {
      return `${deps.publicUrl}/api${deps.apiPrefix}${path.startsWith('/') ? path : `/${path}`}`;
    },
  };
}

/**
 * Keeps the raw body of a plugin's public routes (request.rawBody) before it is parsed, within the scope's body limit.
 * Other routes are untouched.
 */
export function keepRawBodyOnPublicRoutes(scope: FastifyInstance) {
  scope.addHook('preParsing', async (request, _reply, payload) => {
    if (!request.routeOptions.config?.public) return payload;
    const limit = request.routeOptions.bodyLimit ?? scope.initialConfig.bodyLimit ?? 1024 * 1024;
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of payload) {
      size += chunk.length;
      if (size > limit) throw new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE(); // answered as Fastify's own parser would
      chunks.push(Buffer.from(chunk));
    }
    request.rawBody = Buffer.concat(chunks);
    return Readable.from([request.rawBody]);
  });
}
