import type { Agent, Dispatcher } from 'undici';
import { OutboundHttpError } from './errors.js';
import { guardedLookup, isUnresolved, originOf, parseTenantUrl, resolveChecked, systemResolver, type Resolver } from './guard.js';
import { addWarning, type WarningTarget } from '../http/warnings.js';

/** Defaults for calls to tenant-supplied URLs (docs/architecture.md "Outbound HTTP"); each call may override them. */
export const OUTBOUND_DEFAULTS = {
  connectTimeoutMs: 5_000,
  /** From the request being sent to the last byte of the answer. */
  timeoutMs: 10_000,
  maxBytes: 1024 * 1024,
  /** Redirects followed, only on the same host. */
  maxRedirects: 3,
} as const;

export interface OutboundRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD';
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Sent as a JSON body with content-type application/json. */
  json?: unknown;
  connectTimeoutMs?: number;
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
}

export interface OutboundResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  /** The URL that answered (after same-host redirects). */
  url: string;
  text(): string;
  json<T = unknown>(): T;
}

export interface OutboundHttp {
  /** Any answer status is returned; failures to get an answer throw OutboundHttpError. */
  request(url: string, options?: OutboundRequest): Promise<OutboundResponse>;
  /** A 2xx answer parsed as JSON; another status throws ERR_HTTP_STATUS, a body that is not JSON ERR_HTTP_INVALID_JSON. */
  json<T = unknown>(url: string, options?: OutboundRequest): Promise<T>;
  /**
   * Save-time check of a tenant-supplied URL: 400 ERR_URL_NOT_ALLOWED with `field` and a `reason` (invalid,
   * scheme, credentials, private) when it may not be called. A host name that does not resolve now is not
   * refused (it is checked again at each call): the answer is `{ resolved: false }`, and with `reply` the
   * answer carries the warning ERR_URL_UNRESOLVED for that field (http/warnings.ts).
   */
  assertUrlAllowed(url: string, field?: string, reply?: WarningTarget): Promise<{ resolved: boolean }>;
  /**
   * A WHATWG `fetch` for a client library that streams (the OpenAI-compatible client's `stream: true`): the same
   * address guard at connect time (private addresses refused after DNS), no redirect at all, a connect limit; the
   * caller bounds the time and size of the answer it reads (its own signal). Never for a body to buffer whole: use
   * `request`.
   */
  fetch: typeof globalThis.fetch;
  close(): Promise<void>;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** undici is loaded by the first call to a tenant URL, not at start (~20 MiB a process without webhooks never needs). */
const importUndici = () => import('undici');
type Undici = Awaited<ReturnType<typeof importUndici>>;
let undiciLoading: ReturnType<typeof importUndici> | undefined;
const loadUndici = () => (undiciLoading ??= importUndici());
type Limits = { connectTimeoutMs: number; timeoutMs: number; maxBytes: number; maxRedirects: number };

function parseJson<T>(body: Buffer, origin: string): T {
  try {
    return JSON.parse(body.toString('utf8')) as T;
  } catch {
    throw new OutboundHttpError('ERR_HTTP_INVALID_JSON', `${origin} did not answer JSON`, { origin });
  }
}

/** Drops an answer's body we will not read (undici reports a destroyed body as an error event: swallowed). */
function discard(body: Dispatcher.ResponseData['body']) {
  body.on('error', () => {});
  body.destroy();
}

/** Reads the body up to maxBytes; a longer one is cut off and refused. */
async function readCapped(body: Dispatcher.ResponseData['body'], maxBytes: number, origin: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) {
      discard(body);
      throw new OutboundHttpError('ERR_HTTP_RESPONSE_TOO_LARGE', `${origin} answered more than ${maxBytes} bytes`, { origin });
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** Turns undici's and the guard's errors into one OutboundHttpError. */
function classify(err: unknown, origin: string, timedOut: boolean, undiciErrors: Undici['errors']): OutboundHttpError {
  if (err instanceof OutboundHttpError) return err;
  const cause = (err as { cause?: unknown })?.cause;
  if (cause instanceof OutboundHttpError) return cause;
  if (err instanceof undiciErrors.ConnectTimeoutError) return new OutboundHttpError('ERR_HTTP_CONNECT_TIMEOUT', `${origin} did not accept the connection in time`, { origin });
  if (timedOut || err instanceof undiciErrors.HeadersTimeoutError || err instanceof undiciErrors.BodyTimeoutError) {
    return new OutboundHttpError('ERR_HTTP_TIMEOUT', `${origin} did not answer in time`, { origin });
  }
  return new OutboundHttpError('ERR_HTTP_NETWORK', `${origin} could not be reached (${(err as { code?: string })?.code ?? (err as Error)?.message ?? 'error'})`, { origin });
}

/**
 * The one client for URLs a tenant typed in (webhooks, n8n, Typebot, gateways). Every connection goes through
 * a DNS lookup that refuses private addresses (unless `allowPrivate`, for development and tests), answers are
 * capped in time and size, and a redirect may not leave the host.
 */
export function createOutboundHttp(options: { allowPrivate: boolean; resolver?: Resolver }): OutboundHttp {
  const { allowPrivate, resolver = systemResolver } = options;
  const agents = new Map<number, Agent>();
  const agentFor = (undici: Undici, connectTimeoutMs: number) => {
    let agent = agents.get(connectTimeoutMs);
    if (!agent) {
      agent = new undici.Agent({ connect: { timeout: connectTimeoutMs, lookup: guardedLookup(allowPrivate, resolver) } as Agent.Options['connect'] });
      agents.set(connectTimeoutMs, agent);
    }
    return agent;
  };

  async function requestOnce(url: URL, init: Required<Pick<OutboundRequest, 'method'>> & OutboundRequest, limits: Limits, deadline: AbortSignal) {
    const origin = originOf(url);
    // An IP literal never goes through the lookup: checked here. Names are checked by the lookup, at connect time.
    if (/^[\d.]+$|^\[/.test(url.hostname)) await resolveChecked(url.hostname, allowPrivate, resolver);
    const undici = await loadUndici();
    try {
      const res = await undici.request(url, {
        method: init.method, headers: init.headers, body: init.body, signal: deadline,
        dispatcher: agentFor(undici, limits.connectTimeoutMs), headersTimeout: limits.timeoutMs, bodyTimeout: limits.timeoutMs,
      });
      return res;
    } catch (err) {
      throw classify(err, origin, deadline.aborted, undici.errors);
    }
  }

  async function request(raw: string, opts: OutboundRequest = {}): Promise<OutboundResponse> {
    const limits: Limits = {
      connectTimeoutMs: opts.connectTimeoutMs ?? OUTBOUND_DEFAULTS.connectTimeoutMs,
      timeoutMs: opts.timeoutMs ?? OUTBOUND_DEFAULTS.timeoutMs,
      maxBytes: opts.maxBytes ?? OUTBOUND_DEFAULTS.maxBytes,
      maxRedirects: opts.maxRedirects ?? OUTBOUND_DEFAULTS.maxRedirects,
    };
    let url = parseTenantUrl(raw);
    const first = url;
    const headers = { ...(opts.headers ?? {}) };
    let body = opts.body;
    if (opts.json !== undefined) {
      body = JSON.stringify(opts.json);
      headers['content-type'] ??= 'application/json';
    }
    let method = opts.method ?? (body !== undefined ? 'POST' : 'GET');
    const deadline = AbortSignal.timeout(limits.connectTimeoutMs + limits.timeoutMs);

    for (let hop = 0; ; hop += 1) {
      const origin = originOf(url);
      const res = await requestOnce(url, { method, headers, body }, limits, deadline);
      const location = res.headers.location;
      if (REDIRECTS.has(res.statusCode) && typeof location === 'string') {
        await res.body.dump().catch(() => {});
        const next = new URL(location, url);
        // Same host name only; http may become https, never the other way.
        if (next.hostname !== first.hostname || (next.protocol !== first.protocol && next.protocol !== 'https:')) {
          throw new OutboundHttpError('ERR_HTTP_REDIRECT_NOT_ALLOWED', `${origin} redirected to another host`, { origin });
        }
        if (hop >= limits.maxRedirects) throw new OutboundHttpError('ERR_HTTP_REDIRECT_NOT_ALLOWED', `${origin} redirected too many times`, { origin });
        // 303 (and 301/302 after a POST, as browsers do) continue as a GET without the body.
        if (res.statusCode === 303 || ((res.statusCode === 301 || res.statusCode === 302) && method !== 'GET' && method !== 'HEAD')) {
          method = 'GET';
          body = undefined;
          delete headers['content-type'];
        }
        url = next;
        continue;
      }
      const declared = Number(res.headers['content-length']);
      if (Number.isFinite(declared) && declared > limits.maxBytes) {
        discard(res.body);
        throw new OutboundHttpError('ERR_HTTP_RESPONSE_TOO_LARGE', `${origin} announced ${declared} bytes, more than ${limits.maxBytes}`, { origin });
      }
      let buffer: Buffer;
      try {
        buffer = await readCapped(res.body, limits.maxBytes, origin);
      } catch (err) {
        throw classify(err, origin, deadline.aborted, (await loadUndici()).errors);
      }
      return {
        status: res.statusCode, headers: res.headers, body: buffer, url: url.href,
        text: () => buffer.toString('utf8'),
        json: <T>() => parseJson<T>(buffer, origin),
      };
    }
  }

  return {
    request,
    async json<T>(url: string, opts: OutboundRequest = {}) {
      const res = await request(url, { ...opts, headers: { accept: 'application/json', ...opts.headers } });
      if (res.status < 200 || res.status > 299) {
        throw new OutboundHttpError('ERR_HTTP_STATUS', `${originOf(new URL(res.url))} answered ${res.status}`, { origin: originOf(new URL(res.url)), status: res.status });
      }
      return res.json<T>();
    },
    async assertUrlAllowed(raw: string, field = 'body/url', reply?: WarningTarget) {
      const url = parseTenantUrl(raw, field);
      try {
        await resolveChecked(url.hostname, allowPrivate, resolver);
        return { resolved: true };
      } catch (err) {
        if (isUnresolved(err)) {
          if (reply) addWarning(reply, 'ERR_URL_UNRESOLVED', field);
          return { resolved: false };
        }
        const message = err instanceof Error ? err.message : 'not allowed';
        throw new OutboundHttpError('ERR_URL_NOT_ALLOWED', message, { origin: originOf(url), field, reason: 'private' });
      }
    },
    fetch: (async (input: string | URL | Request, init?: RequestInit) => {
      const target = input instanceof Request ? input.url : String(input);
      const url = parseTenantUrl(target);
      if (/^[\d.]+$|^\[/.test(url.hostname)) await resolveChecked(url.hostname, allowPrivate, resolver);
      const undici = await loadUndici();
      try {
        const res = await undici.fetch(input as Parameters<Undici['fetch']>[0], {
          ...(init as Parameters<Undici['fetch']>[1]), redirect: 'error', dispatcher: agentFor(undici, OUTBOUND_DEFAULTS.connectTimeoutMs),
        });
        return res as unknown as Response;
      } catch (err) {
        // The caller's own abort (its timeout, a cancel) stays what it is: the caller tells the two apart.
        if ((err as Error)?.name === 'AbortError' || init?.signal?.aborted) throw err;
        throw classify(err, originOf(url), false, undici.errors);
      }
    }) as typeof globalThis.fetch,
    async close() {
      await Promise.all([...agents.values()].map((a) => a.close()));
      agents.clear();
    },
  };
}
