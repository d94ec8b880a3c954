import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Secrets } from './index.js';
import { hasSecret } from './schema.js';

/** The response schema Fastify serialises this reply with: exact status, then `2xx`-style, then default. */
function responseSchema(reply: FastifyReply): unknown {
  const responses = (reply.request.routeOptions.schema as { response?: Record<string, unknown> } | undefined)?.response;
  if (!responses) return undefined;
  const status = String(reply.statusCode);
  return responses[status] ?? responses[`${status[0]}xx`] ?? responses.default;
}

/** Every answer whose response schema marks a field secret goes out with that field masked. */
export const secretsPlugin = fp(async (app: FastifyInstance, opts: { secrets: Secrets }) => {
  app.addHook('preSerialization', async (_request, reply, payload) => {
    const schema = responseSchema(reply);
    if (!hasSecret(schema)) return payload;
    return opts.secrets.redact(schema as never, payload);
  });
}, { name: 'secrets' });
