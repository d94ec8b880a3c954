import type { FastifyInstance } from 'fastify';
import { redisPrefix, type Config } from '../config/index.js';
import authRoutes from './auth/routes.js';
import plansRoutes from './plans/routes.js';
import companiesRoutes from './companies/routes.js';
import usersRoutes from './users/routes.js';
import settingsRoutes from './settings/routes.js';
import helpsRoutes from './helps/routes.js';
import invoicesRoutes from './invoices/routes.js';
import billingRoutes from './billing/routes.js';
import whatsappRoutes from './whatsapp/routes.js';
import sandboxRoutes from './sandbox/routes.js';
import ticketsRoutes from './tickets/routes.js';
import messagesRoutes from './messages/routes.js';
import contactsRoutes from './contacts/routes.js';
import queuesRoutes from './queues/routes.js';
import queueOptionsRoutes from './queue-options/routes.js';
import tagsRoutes from './tags/routes.js';
import ticketNotesRoutes from './ticket-notes/routes.js';
import quickMessagesRoutes from './quick-messages/routes.js';
import schedulesRoutes from './schedules/routes.js';
import dashboardRoutes from './dashboard/routes.js';
import announcementsRoutes from './announcements/routes.js';
import filesRoutes from './files/routes.js';
import externalApiRoutes from './external-api/routes.js';

/**
 * Every core domain's routes, registered inside the /api scope (authenticated by default).
 * Each domain is an encapsulated plugin: its hooks and decorators stay inside it.
 */
export async function registerDomains(api: FastifyInstance, config: Config) {
  await api.register(authRoutes, {
    refreshSecret: config.jwt.refreshSecret,
    refreshTtlSeconds: config.jwt.refreshTtlSeconds,
    loginRateLimit: config.loginRateLimit,
    addressLimit: { ...config.authFailureLimit, redisUrl: config.redisUrl, prefix: redisPrefix(config) },
    secureCookies: config.publicUrl.startsWith('https://'),
  });
  for (const domain of [
    plansRoutes, companiesRoutes, usersRoutes, settingsRoutes, helpsRoutes, invoicesRoutes, billingRoutes,
    whatsappRoutes, sandboxRoutes, ticketsRoutes, messagesRoutes,
    contactsRoutes, queuesRoutes, queueOptionsRoutes, tagsRoutes, ticketNotesRoutes, quickMessagesRoutes,
    schedulesRoutes, dashboardRoutes, announcementsRoutes, filesRoutes, externalApiRoutes,
  ]) {
    await api.register(domain);
  }
}
