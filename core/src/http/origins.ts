import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import { forbidden } from './errors.js';

/**
 * Which web origins may call the API and open the socket from a browser: PUBLIC_URL's, the operator's
 * CORS_ORIGINS, and the page's own host (a console reached under another name than PUBLIC_URL is still
 * same-origin: the browser sets Origin and Host alike). Calls without an Origin header (servers, the apps'
 * SDKs, curl) are not browser cross-origin calls and are not refused here: they authenticate like any other.
 */
export interface OriginPolicy {
  /** PUBLIC_URL's origin first, then CORS_ORIGINS. */
  allowed: string[];
  /** Whether a request with this Origin (and Host) header may go on. */
  allows(origin: string | undefined, host: string | undefined): boolean;
}

export function originPolicy(publicUrl: string, corsOrigins: string[]): OriginPolicy {
  const allowed = [...new Set([new URL(publicUrl).origin, ...corsOrigins])];
  const set = new Set(allowed);
  return {
    allowed,
    allows(origin, host) {
      if (!origin) return true;
      if (set.has(origin)) return true;
      try {
        return host !== undefined && new URL(origin).host === host.toLowerCase();
      } catch {
        return false; // "null" (a sandboxed frame, a file) or garbage
      }
    },
  };
}

/**
 * HTTP CORS through @fastify/cors, only when the operator listed other origins (CORS_ORIGINS): the console is
 * served by this server, so by default no cross-origin page needs the API and no CORS header is sent.
 */
export async function installCors(app: FastifyInstance, policy: OriginPolicy, corsOrigins: string[]) {
  // A preflight the browser makes for an origin we do not serve gets a clear refusal (issue 43), not a 404
  // (no OPTIONS route without CORS) nor a 204 the browser then quietly rejects.
  app.addHook('onRequest', async (request) => {
    if (request.method !== 'OPTIONS' || !request.headers['access-control-request-method']) return;
    if (corsOrigins.length && policy.allows(request.headers.origin, undefined)) return;
    throw forbidden('ERR_ORIGIN_NOT_ALLOWED', corsOrigins.length
      ? `${request.headers.origin ?? 'This origin'} is not in CORS_ORIGINS`
      : 'Cross-origin calls are off: the operator lists the allowed origins in CORS_ORIGINS');
  });
  if (!corsOrigins.length) return;
  await app.register(cors, { origin: policy.allowed, credentials: true, maxAge: 600 });
}
