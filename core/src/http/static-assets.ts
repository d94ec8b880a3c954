import type { FastifyReply } from 'fastify';
import path from 'node:path';

/** A year: what a content-hashed file may be cached for, since its name changes with its content. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Entry files (index.html, remoteEntry.js, themes) keep their name across builds: always revalidate. */
export const REVALIDATE = 'no-cache';

/**
 * Vite writes every content-hashed file (chunks, CSS, fonts it bundles) under `assets/`, and nothing
 * else there; the entry files (index.html, remoteEntry.js, mf-manifest.json, the themes copied with
 * fixed names) sit outside it.
 */
export function isHashedAsset(root: string, file: string): boolean {
  const rel = path.relative(root, file).split(path.sep);
  return rel.length > 1 && rel[0] === 'assets';
}

/**
 * Options for @fastify/static serving a Vite build (the console, a remote): the `.br` / `.gz` files
 * written next to each asset at build time (host-web/vite/precompress.ts) are sent to clients that
 * accept them (with `content-encoding` and `vary: accept-encoding`), hashed assets are immutable for a
 * year and everything else is revalidated.
 */
export function builtAssetOptions(root: string, extraHeaders?: (reply: FastifyReply) => void) {
  return {
    root,
    preCompressed: true,
    cacheControl: false,
    setHeaders(reply: FastifyReply, file: string) {
      // `file` is the file sent, which may be the `.br` / `.gz` sibling of the one asked for.
      reply.header('cache-control', isHashedAsset(root, file) ? IMMUTABLE : REVALIDATE);
      extraHeaders?.(reply);
    },
  };
}
