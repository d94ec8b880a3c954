import { createOutboundHttp, type OutboundHttp } from '../../core/src/outbound-http/index.js';
import type { Resolver } from '../../core/src/outbound-http/guard.js';

/**
 * The server's outbound client for the run: a URL on one of `origins` (the fakes of Meta's and Telegram's APIs, on
 * 127.0.0.1) may be reached; every other URL keeps the private-address guard (the bots scenario checks its refusals).
 * `fetch` (streaming clients) always keeps the guard.
 */
export function outboundAllowing(resolver: Resolver, origins: readonly string[]): OutboundHttp {
  const allowed = new Set(origins.map((o) => new URL(o).origin));
  const guarded = createOutboundHttp({ allowPrivate: false, resolver });
  const open = createOutboundHttp({ allowPrivate: true });
  const pick = (url: string) => {
    try { return allowed.has(new URL(url).origin) ? open : guarded; } catch { return guarded; }
  };
  return {
    request: (url, options) => pick(url).request(url, options),
    json: (url, options) => pick(url).json(url, options),
    assertUrlAllowed: (url, field, reply) => pick(url).assertUrlAllowed(url, field, reply),
    fetch: (input, init) => guarded.fetch(input, init),
    close: async () => { await Promise.all([guarded.close(), open.close()]); },
  };
}
