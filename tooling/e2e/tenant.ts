import * as models from '../../core/src/db/models/index.js';

/**
 * A company of its own for a scenario (names carry a suffix: the suite never reuses fixed unique values), on a new
 * plan with `features` (plugins' flags), and its admin, who signs in with the answered email and password.
 */
export async function companyWithPlan(label: string, features: Record<string, boolean>) {
  const { hashPassword } = await import('../../core/src/util/password.js');
  const suffix = Date.now();
  const plan = await models.Plan.query().insertAndFetch({ name: `${label} ${suffix}`, users: 0, connections: 0, queues: 0, value: 10, features } as never);
  const company = await models.Company.query().insertAndFetch({ name: `${label} Co ${suffix}`, planId: plan.id, status: true, dueDate: '2099-01-01', recurrence: 'MENSAL' } as never);
  const slug = label.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const email = `admin${suffix}@${slug}.e2e`;
  const password = `${label.replace(/\W/g, '')}-pass-123`;
  await models.User.scoped(company.id).insert({ name: `${label} Admin`, email, passwordHash: await hashPassword(password), profile: 'admin', super: false, allTicket: 'enabled' } as never);
  return { companyId: company.id as number, email, password, suffix };
}
