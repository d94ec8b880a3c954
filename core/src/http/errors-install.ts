import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError } from './errors.js';
import { isFault } from '../util/faults.js';

interface ValidationItem { instancePath?: string; params?: Record<string, unknown>; message?: string }

/** Names the field a schema validation failed on: "body/email", "querystring/pageNumber". */
function fieldOf(error: FastifyError): string | undefined {
  const first = (error.validation as ValidationItem[] | undefined)?.[0];
  if (!first) return undefined;
  const missing = first.params?.missingProperty as string | undefined;
  const pathPart = (first.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  const field = [pathPart, missing].filter(Boolean).join('.');
  return [error.validationContext, field].filter(Boolean).join('/');
}

/**
 * The multipart parser (busboy) throws plain Errors for a malformed or cut-off body: the client's fault,
 * so a 400, not a 500. Matched by message since busboy gives them no code; other errors stay 500.
 */
const MULTIPART_PARSE_ERROR = /^(Multipart: Boundary not found|Boundary required|Unexpected end of (multipart data|form|file)|Malformed part header|.* terminated early due to unexpected end of multipart data)$/;

/** What a 503 tells the client to wait before trying again (seconds). */
const RETRY_AFTER_S = 5;

export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.statusCode === 503 && !reply.hasHeader('retry-after')) reply.header('retry-after', String(RETRY_AFTER_S));
      return reply.status(error.statusCode).send({ error: error.code, message: error.message, ...error.details });
    }
    // A dependency that cannot answer now (database down, stalled past its timeouts, disk full; Redis away): the client
    // may try again, and nothing half-done was kept (each write is one transaction). Never a 500 for an outage.
    if (isFault(error)) {
      request.log.warn({ err: error }, 'dependency unavailable');
      reply.header('retry-after', String(RETRY_AFTER_S));
      return reply.status(503).send({ error: 'ERR_SERVICE_UNAVAILABLE', message: 'The service is temporarily unavailable, try again shortly' });
    }
    const fe = error as FastifyError;
    if (fe.validation) {
      const field = fieldOf(fe);
      return reply.status(400).send({ error: 'ERR_VALIDATION', message: fe.message, field });
    }
    if (!fe.statusCode && MULTIPART_PARSE_ERROR.test(fe.message)) {
      return reply.status(400).send({ error: 'ERR_INVALID_MULTIPART', message: fe.message });
    }
    const status = fe.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'unexpected error');
      return reply.status(500).send({ error: 'ERR_INTERNAL_SERVER_ERROR', message: 'Unexpected error, try again later' });
    }
    // Fastify's own 4xx (bad JSON, too large, unsupported media type, rate limit …) keep their status.
    const code = fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || fe.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
      ? 'ERR_VALIDATION'
      : (fe.code?.startsWith('ERR_') ? fe.code : `ERR_${(fe.code ?? 'REQUEST').replace(/^FST_ERR_/, '')}`);
    return reply.status(status).send({ error: code, message: fe.message });
  });
}
