import { OutboundHttpError } from "./errors.js";
import { guardedLookup, isUnresolved, originOf, parseTenantUrl, resolveChecked, systemResolver } from "./guard.js";
import { addWarning } from "../http/warnings.js";
const OUTBOUND_DEFAULTS = {
  connectTimeoutMs: 5e3,
  /** From the request being sent to the last byte of the answer. */
  timeoutMs: 1e4,
  maxBytes: 1024 * 1024,
  /** Redirects followed, only on the same host. */
  maxRedirects: 3
};
const REDIRECTS = /* @__PURE__ */ new Set([301, 302, 303, 307, 308]);
const importUndici = () => import("undici");
let undiciLoading;
const loadUndici = () => undiciLoading ??= importUndici();
function parseJson(body, origin) {
  try {
    return JSON.parse(body.toString("utf8"));
  } catch {
    throw new OutboundHttpError("ERR_HTTP_INVALID_JSON", `${origin} did not answer JSON`, { origin });
  }
}
function discard(body) {
  body.on("error", () => {
  });
  body.destroy();
}
async function readCapped(body, maxBytes, origin) {
  const chunks = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > maxBytes) {
      discard(body);
      throw new OutboundHttpError("ERR_HTTP_RESPONSE_TOO_LARGE", `${origin} answered more than ${maxBytes} bytes`, { origin });
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
function classify(err, origin, timedOut, undiciErrors) {
  if (err instanceof OutboundHttpError) return err;
  const cause = err?.cause;
  if (cause instanceof OutboundHttpError) return cause;
  if (err instanceof undiciErrors.ConnectTimeoutError) return new OutboundHttpError("ERR_HTTP_CONNECT_TIMEOUT", `${origin} did not accept the connection in time`, { origin });
  if (timedOut || err instanceof undiciErrors.HeadersTimeoutError || err instanceof undiciErrors.BodyTimeoutError) {
    return new OutboundHttpError("ERR_HTTP_TIMEOUT", `${origin} did not answer in time`, { origin });
  }
  return new OutboundHttpError("ERR_HTTP_NETWORK", `${origin} could not be reached (${err?.code ?? err?.message ?? "error"})`, { origin });
}
function createOutboundHttp(options) {
  const { allowPrivate, resolver = systemResolver } = options;
  const agents = /* @__PURE__ */ new Map();
  const agentFor = (undici, connectTimeoutMs) => {
    let agent = agents.get(connectTimeoutMs);
    if (!agent) {
      agent = new undici.Agent({ connect: { timeout: connectTimeoutMs, lookup: guardedLookup(allowPrivate, resolver) } });
      agents.set(connectTimeoutMs, agent);
    }
    return agent;
  };
  async function requestOnce(url, init, limits, deadline) {
    const origin = originOf(url);
    if (/^[\d.]+$|^\[/.test(url.hostname)) await resolveChecked(url.hostname, allowPrivate, resolver);
    const undici = await loadUndici();
    try {
      const res = await undici.request(url, {
        method: init.method,
        headers: init.headers,
        body: init.body,
        signal: deadline,
        dispatcher: agentFor(undici, limits.connectTimeoutMs),
        headersTimeout: limits.timeoutMs,
        bodyTimeout: limits.timeoutMs
      });
      return res;
    } catch (err) {
      throw classify(err, origin, deadline.aborted, undici.errors);
    }
  }
  async function request(raw, opts = {}) {
    const limits = {
      connectTimeoutMs: opts.connectTimeoutMs ?? OUTBOUND_DEFAULTS.connectTimeoutMs,
      timeoutMs: opts.timeoutMs ?? OUTBOUND_DEFAULTS.timeoutMs,
      maxBytes: opts.maxBytes ?? OUTBOUND_DEFAULTS.maxBytes,
      maxRedirects: opts.maxRedirects ?? OUTBOUND_DEFAULTS.maxRedirects
    };
    let url = parseTenantUrl(raw);
    const first = url;
    const headers = { ...opts.headers ?? {} };
    let body = opts.body;
    if (opts.json !== void 0) {
      body = JSON.stringify(opts.json);
      headers["content-type"] ??= "application/json";
    }
    let method = opts.method ?? (body !== void 0 ? "POST" : "GET");
    const deadline = AbortSignal.timeout(limits.connectTimeoutMs + limits.timeoutMs);
    for (let hop = 0; ; hop += 1) {
      const origin = originOf(url);
      const res = await requestOnce(url, { method, headers, body }, limits, deadline);
      const location = res.headers.location;
      if (REDIRECTS.has(res.statusCode) && typeof location === "string") {
        await res.body.dump().catch(() => {
        });
        const next = new URL(location, url);
        if (next.hostname !== first.hostname || next.protocol !== first.protocol && next.protocol !== "https:") {
          throw new OutboundHttpError("ERR_HTTP_REDIRECT_NOT_ALLOWED", `${origin} redirected to another host`, { origin });
        }
        if (hop >= limits.maxRedirects) throw new OutboundHttpError("ERR_HTTP_REDIRECT_NOT_ALLOWED", `${origin} redirected too many times`, { origin });
        if (res.statusCode === 303 || (res.statusCode === 301 || res.statusCode === 302) && method !== "GET" && method !== "HEAD") {
          method = "GET";
          body = void 0;
          delete headers["content-type"];
        }
        url = next;
        continue;
      }
      const declared = Number(res.headers["content-length"]);
      if (Number.isFinite(declared) && declared > limits.maxBytes) {
        discard(res.body);
        throw new OutboundHttpError("ERR_HTTP_RESPONSE_TOO_LARGE", `${origin} announced ${declared} bytes, more than ${limits.maxBytes}`, { origin });
      }
      let buffer;
      try {
        buffer = await readCapped(res.body, limits.maxBytes, origin);
      } catch (err) {
        throw classify(err, origin, deadline.aborted, (await loadUndici()).errors);
      }
      return {
        status: res.statusCode,
        headers: res.headers,
        body: buffer,
        url: url.href,
        text: () => buffer.toString("utf8"),
        json: () => parseJson(buffer, origin)
      };
    }
  }
  return {
    request,
    async json(url, opts = {}) {
      const res = await request(url, { ...opts, headers: { accept: "application/json", ...opts.headers } });
      if (res.status < 200 || res.status > 299) {
        throw new OutboundHttpError("ERR_HTTP_STATUS", `${originOf(new URL(res.url))} answered ${res.status}`, { origin: originOf(new URL(res.url)), status: res.status });
      }
      return res.json();
    },
    async assertUrlAllowed(raw, field = "body/url", reply) {
      const url = parseTenantUrl(raw, field);
      try {
        await resolveChecked(url.hostname, allowPrivate, resolver);
        return { resolved: true };
      } catch (err) {
        if (isUnresolved(err)) {
          if (reply) addWarning(reply, "ERR_URL_UNRESOLVED", field);
          return { resolved: false };
        }
        const message = err instanceof Error ? err.message : "not allowed";
        throw new OutboundHttpError("ERR_URL_NOT_ALLOWED", message, { origin: originOf(url), field, reason: "private" });
      }
    },
    async close() {
      await Promise.all([...agents.values()].map((a) => a.close()));
      agents.clear();
    }
  };
}
export {
  OUTBOUND_DEFAULTS,
  createOutboundHttp
};
