import type { FastifyInstance } from 'fastify';
import { redisPrefix, type Config } from '../config/index.js';
import authRoutes from './auth/routes.js';
import plansRoutes from './plans/routes.js';
import companiesRoutes from './companies/routes.js';
import usersRoutes from './users/routes.js';
import settingsRoutes from './settings/routes.js';
import brandingRoutes from './branding/routes.js';
import helpsRoutes from './helps/routes.js';
import invoicesRoutes from './invoices/routes.js';
import billingRoutes from './billing/routes.js';
import whatsappRoutes from './whatsapp/routes.js';
import sandboxRoutes from './sandbox/routes.js';
import ticketsRoutes from './tickets/routes.js';
import messagesRoutes from './messages/routes.js';
import messageActionsRoutes from './messages/actions.js';
import contactsRoutes from './contacts/routes.js';
import contactPrivacyRoutes from './contacts/privacy-routes.js';
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
import externalActionRoutes from './external-api/actions.js';
import assignmentRoutes from './assignment/routes.js';
import serviceDeskRoutes from './dashboard/service-desk.js';
import auditLogRoutes from './audit-logs/routes.js';
import impersonationRoutes from './auth/impersonation-routes.js';
import sessionRoutes from './auth/session-routes.js';
import servicePeriodRoutes from './dashboard/service-period.js';

/**
 * Every core domain's routes, registered inside the /api scope (authenticated by default).
 * Each domain is an encapsulated plugin: its hooks and decorators stay inside it.
 */
export async function registerDomains(api: FastifyInstance, config: Config) {
  await api.register(authRoutes, {
    loginRateLimit: config.loginRateLimit,
    jwtSecret: config.jwt.secret,
    addressLimit: { ...config.authFailureLimit, redisUrl: config.redisUrl, prefix: redisPrefix(config) },
  });
  for (const domain of [
    plansRoutes, companiesRoutes, usersRoutes, settingsRoutes, brandingRoutes, helpsRoutes, invoicesRoutes, billingRoutes,
    whatsappRoutes, sandboxRoutes, ticketsRoutes, messagesRoutes, messageActionsRoutes,
    contactsRoutes, contactPrivacyRoutes, queuesRoutes, queueOptionsRoutes, tagsRoutes, ticketNotesRoutes, quickMessagesRoutes,
    schedulesRoutes, dashboardRoutes, announcementsRoutes, filesRoutes, externalApiRoutes, externalActionRoutes, assignmentRoutes,
    serviceDeskRoutes, servicePeriodRoutes, auditLogRoutes, impersonationRoutes, sessionRoutes,
  ]) {
    await api.register(domain);
  }
}
