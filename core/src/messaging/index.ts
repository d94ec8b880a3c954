import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { sessionsPlugin } from './sessions-plugin.js';
import { pipelinePlugin } from './pipeline-plugin.js';

/**
 * Messaging: the session manager (one provider session per connection) and the pipeline
 * (inbound messages → contacts, tickets, messages, events; outbound sends and acks).
 */
export const messagingPlugin = fp(async (app: FastifyInstance) => {
  await app.register(sessionsPlugin);
  await app.register(pipelinePlugin);
}, { name: 'messaging', dependencies: ['bus', 'jobs', 'storage', 'tenancy'] });
