import type { FastifyInstance } from 'fastify';
import { Company, Plan, User } from '../../db/models/index.js';
import { badRequest, notFound } from '../../http/errors.js';
import { defaultSchedules } from '../../seed.js';
import { hashPassword } from '../../util/password.js';
import { isUniqueViolation } from '../../db/errors.js';
import { assertEmailFree } from '../users/service.js';
import { digitsOf } from './schemas.js';
import { billCompanyNow } from '../billing/generation.js';

export interface NewCompany {
  name: string; email: string; phone?: string | null; document?: string | null; planId: number;
  status: boolean; campaignsEnabled: boolean; dueDate: string | null; recurrence: string; trialExpiration?: string | null;
}

export async function assertPlanExists(planId: number) {
  if (!(await Plan.query().findById(planId))) throw notFound('ERR_NO_PLAN_FOUND', 'Plan not found');
}

export function checkPhone(phone: string | null | undefined) {
  const digits = digitsOf(phone);
  if (digits.length > 11) throw badRequest('ERR_VALIDATION', 'The phone has at most 11 digits', { field: 'body/phone' });
  return digits || null;
}

/**
 * A company with its default opening hours and settings and, when a password is given, its admin user
 * (the company e-mail). Not one transaction (SQLite has one connection and the settings service queries
 * outside any transaction): if the admin cannot be created the company is removed again.
 */
export async function createCompany(app: FastifyInstance, data: NewCompany, admin?: { name: string; password: string }) {
  const email = data.email.trim().toLowerCase();
  if (admin) await assertEmailFree(email);
  await assertPlanExists(data.planId);
  const company = await Company.query().insertAndFetch({
    ...data, name: data.name.trim(), email, phone: checkPhone(data.phone), schedules: defaultSchedules(),
  } as Partial<Company>);
  try {
    await app.tenancy.settings.seedDefaults(company.id);
    await app.tenancy.settings.set(company.id, 'campaignsEnabled', data.campaignsEnabled ? 'true' : 'false');
    if (admin) {
      await User.scoped(company.id).insert({
        name: admin.name, email, passwordHash: await hashPassword(admin.password), profile: 'admin', super: false, allTicket: 'enabled',
      } as Partial<User>);
    }
  } catch (err) {
    await Company.query().deleteById(company.id);
    if (isUniqueViolation(err)) await assertEmailFree(email); // a concurrent sign-up took the e-mail: answer 409
    throw err;
  }
  app.bus.emit(company.id, 'company', { action: 'create', company: { id: company.id, name: company.name } });
  // A trial ends within the window: its invoice is there to pay from the first day.
  await billCompanyNow(app, company.id);
  return company;
}
