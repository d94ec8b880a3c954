import type { FastifyBaseLogger } from 'fastify';
import { randomBytes } from 'node:crypto';
import { Company, Plan, User, Whatsapp } from './db/models/index.js';
import type { Config } from './config/index.js';
import type { SettingsService } from './tenancy/settings.js';
import { hashPassword, randomPassword } from './util/password.js';
import { addDays } from './util/dates.js';

export const WEEKDAYS = [
  { weekday: 'Segunda-feira', weekdayEn: 'monday' },
  { weekday: 'Terça-feira', weekdayEn: 'tuesday' },
  { weekday: 'Quarta-feira', weekdayEn: 'wednesday' },
  { weekday: 'Quinta-feira', weekdayEn: 'thursday' },
  { weekday: 'Sexta-feira', weekdayEn: 'friday' },
  { weekday: 'Sábado', weekdayEn: 'saturday' },
  { weekday: 'Domingo', weekdayEn: 'sunday' },
];

/** The spec's default opening hours: Mon–Fri 08:00–18:00, Sat 08:00–12:00, Sun closed. */
export const defaultSchedules = () =>
  WEEKDAYS.map((d, i) => ({
    ...d,
    startTime: i < 6 ? '08:00' : '00:00',
    endTime: i < 5 ? '18:00' : i === 5 ? '12:00' : '00:00',
  }));

/**
 * First start only: one plan with every feature (free, no limits), a paid example plan, one company on the first, its super user (ADMIN_EMAIL /
 * ADMIN_PASSWORD, or a random password printed once) and one sandbox connection, so a newcomer can try
 * the whole product without a phone.
 */
export async function seedFirstStart(config: Config, settings: SettingsService, log: FastifyBaseLogger): Promise<{ generatedPassword?: string } | undefined> {
  const existing = await Company.query().resultSize();
  if (existing > 0) return undefined;
  const plan = await Plan.query().insertAndFetch({
    name: 'Completo', users: 0, connections: 0, queues: 0, value: 0,
    useCampaigns: true, useKanban: true, useOpenAi: true, useIntegrations: true, useSchedules: true, useInternalChat: true, useExternalApi: true, useFlowbuilder: true,
    // Every plugin's flag too (the official WhatsApp Cloud API channel is a plugin: issue 44).
    features: { useWhatsappCloud: true },
  } as Partial<Plan>);
  // A paid example beside it, so billing can be tried at once: a sign-up on it has an invoice to pay from the first
  // day (issue 32). Limits of 0 mean none, as on "Completo".
  await Plan.query().insert({
    name: 'Básico', users: 3, connections: 1, queues: 3, value: 99.9,
    useCampaigns: true, useKanban: true, useOpenAi: false, useIntegrations: false, useSchedules: true, useInternalChat: true, useExternalApi: false, useFlowbuilder: false,
    features: {},
  } as Partial<Plan>);
  const company = await Company.query().insertAndFetch({
    name: 'Atrium', email: config.admin.email, planId: plan.id, status: true, campaignsEnabled: true,
    dueDate: addDays(new Date(), 3650).toISOString().slice(0, 10), recurrence: 'MENSAL', schedules: defaultSchedules(),
  } as Partial<Company>);
  await settings.seedDefaults(company.id);
  const password = config.admin.password ?? randomPassword();
  await User.scoped(company.id).insert({
    name: 'Admin', email: config.admin.email.toLowerCase(), passwordHash: await hashPassword(password),
    profile: 'admin', super: true, allTicket: 'enabled',
  } as Partial<User>);
  await Whatsapp.scoped(company.id).insert({
    name: 'Sandbox', provider: 'sandbox', status: 'DISCONNECTED', isDefault: true,
    greetingMessage: 'Olá! Como podemos ajudar?', token: randomBytes(24).toString('base64url'),
  } as Partial<Whatsapp>);
  log.info({ companyId: company.id }, 'first start: seeded plan, company, super user and a sandbox connection');
  // The generated password is shown once, by the server's start banner: the newcomer's way in.
  return { generatedPassword: config.admin.password ? undefined : password };
}
