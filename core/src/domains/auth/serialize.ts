import { Company, User } from '../../db/models/index.js';
import type { SettingsService } from '../../tenancy/settings.js';
import { daysUntil } from '../../util/dates.js';

/** The user as the console receives it at login, refresh and /auth/me. */
export async function sessionUser(user: User, settings: SettingsService) {
  const full = user.company && user.queues
    ? user
    : await User.scoped(user.companyId).findById(user.id).withGraphFetched('[company.plan, queues]');
  if (!full) return undefined;
  const company = full.company as Company;
  const values = await settings.all(full.companyId);
  return {
    id: full.id,
    name: full.name,
    email: full.email,
    companyId: full.companyId,
    profile: full.profile,
    super: full.super,
    allTicket: full.allTicket,
    whatsappId: full.whatsappId ?? null,
    language: full.language ?? null,
    online: full.online,
    queues: (full.queues ?? []).map((q) => ({ id: q.id, name: q.name, color: q.color })),
    company: {
      id: company.id,
      name: company.name,
      dueDate: company.dueDate ?? null,
      daysToDue: company.dueDate ? daysUntil(company.dueDate) : null,
      plan: company.plan ?? null,
      settings: [...values.entries()].map(([key, value]) => ({ key, value })),
    },
  };
}
