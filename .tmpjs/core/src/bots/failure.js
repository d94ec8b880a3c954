import { OutboundHttpError } from "../outbound-http/errors.js";
const BOT_FAILURE_KINDS = ["unreachable", "key-refused", "quota", "rate-limited", "not-found", "refused", "timeout"];
function statusOf(err) {
  if (!err || typeof err !== "object") return {};
  const e = err;
  const status = typeof e.status === "number" ? e.status : typeof e.details?.status === "number" ? e.details.status : void 0;
  const raw = (err instanceof OutboundHttpError ? void 0 : e.code) ?? e.error?.code ?? e.error?.type;
  return { status, code: typeof raw === "string" ? raw.slice(0, 60) : void 0 };
}
function classifyBotFailure(err) {
  const { status, code } = statusOf(err);
  const name = err instanceof Error ? err.name : "";
  if (status === void 0) {
    const timedOut = name === "APIConnectionTimeoutError" || name === "TimedOut" || err instanceof OutboundHttpError && (err.code === "ERR_HTTP_TIMEOUT" || err.code === "ERR_HTTP_CONNECT_TIMEOUT");
    if (timedOut) return { kind: "timeout", detail: "no answer in time" };
    if (err instanceof OutboundHttpError) return { kind: "unreachable", detail: err.code };
    return { kind: "unreachable", detail: "no connection to the service" };
  }
  const detail = `HTTP ${status}${code ? ` (${code})` : ""}`;
  if (status === 401 || status === 403) return { kind: "key-refused", detail };
  if (status === 429) return { kind: code === "insufficient_quota" ? "quota" : "rate-limited", detail };
  if (status === 402) return { kind: "quota", detail };
  if (status === 404) return { kind: "not-found", detail };
  if (status === 408 || status === 504) return { kind: "timeout", detail };
  return { kind: "refused", detail };
}
export {
  BOT_FAILURE_KINDS,
  classifyBotFailure
};
