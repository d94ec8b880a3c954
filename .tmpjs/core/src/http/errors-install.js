import { AppError } from "./errors.js";
import { isFault } from "../util/faults.js";
function fieldOf(error) {
  const first = error.validation?.[0];
  if (!first) return void 0;
  const missing = first.params?.missingProperty;
  const pathPart = (first.instancePath ?? "").replace(/^\//, "").replace(/\//g, ".");
  const field = [pathPart, missing].filter(Boolean).join(".");
  return [error.validationContext, field].filter(Boolean).join("/");
}
const MULTIPART_PARSE_ERROR = /^(Multipart: Boundary not found|Boundary required|Unexpected end of (multipart data|form|file)|Malformed part header|.* terminated early due to unexpected end of multipart data)$/;
const RETRY_AFTER_S = 5;
function installErrorHandler(app) {
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof AppError) {
      if (error.statusCode === 503 && !reply.hasHeader("retry-after")) reply.header("retry-after", String(RETRY_AFTER_S));
      return reply.status(error.statusCode).send({ error: error.code, message: error.message, ...error.details });
    }
    if (isFault(error)) {
      request.log.warn({ err: error }, "dependency unavailable");
      reply.header("retry-after", String(RETRY_AFTER_S));
      return reply.status(503).send({ error: "ERR_SERVICE_UNAVAILABLE", message: "The service is temporarily unavailable, try again shortly" });
    }
    const fe = error;
    if (fe.validation) {
      const field = fieldOf(fe);
      return reply.status(400).send({ error: "ERR_VALIDATION", message: fe.message, field });
    }
    if (!fe.statusCode && MULTIPART_PARSE_ERROR.test(fe.message)) {
      return reply.status(400).send({ error: "ERR_INVALID_MULTIPART", message: fe.message });
    }
    const status = fe.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, "unexpected error");
      return reply.status(500).send({ error: "ERR_INTERNAL_SERVER_ERROR", message: "Unexpected error, try again later" });
    }
    const code = fe.code === "FST_ERR_CTP_INVALID_JSON_BODY" || fe.code === "FST_ERR_CTP_EMPTY_JSON_BODY" ? "ERR_VALIDATION" : fe.code?.startsWith("ERR_") ? fe.code : `ERR_${(fe.code ?? "REQUEST").replace(/^FST_ERR_/, "")}`;
    return reply.status(status).send({ error: code, message: fe.message });
  });
}
export {
  installErrorHandler
};
