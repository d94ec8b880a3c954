import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

export interface SecurityHeaderOptions {
  /** PUBLIC_URL: HSTS and upgrade-insecure-requests only when it is https. */
  publicUrl: string;
  /** FRAME_ANCESTORS (config): who may frame the console; `'none'` by default. */
  frameAncestors: string[];
  /** CORS_ORIGINS: when other origins may use the API, they may also load its resources (CORP). */
  corsOrigins: string[];
}

/**
 * The Content-Security-Policy of every answer (console, remotes, API, docs). Scripts only from this origin:
 * the console's build has no inline script, and the remotes are served from it too (`/plugins/<id>/`, the
 * manifest's entry is a file of the plugin's dist), so `'self'` is every script source. Styles allow inline:
 * PrimeReact 10 and ApexCharts inject `<style>` elements and style attributes at run time (docs/decisions.md).
 */
export function contentSecurityPolicy(opts: SecurityHeaderOptions): Record<string, string[]> {
  const https = opts.publicUrl.startsWith('https:');
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    // Contacts' profile pictures come from the messaging network's servers; data: and blob: for previews and QR codes.
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'media-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    // 'self' covers the socket's ws:/wss: to the same host.
    'connect-src': ["'self'"],
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': opts.frameAncestors,
    ...(https ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/** X-Frame-Options for browsers without frame-ancestors: DENY, SAMEORIGIN, or none when other origins may frame. */
function xFrameOptions(frameAncestors: string[]): { action: 'deny' | 'sameorigin' } | false {
  if (frameAncestors.length === 1 && frameAncestors[0] === "'none'") return { action: 'deny' };
  if (frameAncestors.length === 1 && frameAncestors[0] === "'self'") return { action: 'sameorigin' };
  return false;
}

/**
 * Security headers on every answer through @fastify/helmet: the CSP above, X-Frame-Options, nosniff,
 * Referrer-Policy `no-referrer` (media URLs are capabilities: they must not leak to linked sites), HSTS
 * when PUBLIC_URL is https, and the Cross-Origin-Opener/Resource policies. Media keeps its own stricter
 * CSP (storage/index.ts sets it after this one).
 */
export async function installSecurityHeaders(app: FastifyInstance, opts: SecurityHeaderOptions) {
  const https = opts.publicUrl.startsWith('https:');
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(opts) },
    xFrameOptions: xFrameOptions(opts.frameAncestors),
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: false } : false,
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginResourcePolicy: { policy: opts.corsOrigins.length ? 'cross-origin' : 'same-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
  });
}
