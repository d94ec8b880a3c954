import type { FastifyInstance } from 'fastify';
import { raw } from 'objection';
import { operatorCompanyId } from '../domains/billing/config.js';
import { Company, RefreshTokenFamily, User } from '../db/models/index.js';
import { forgetCallers } from '../db/caller-cache.js';

/** The setting an admin turns on to make every user of the company sign in with a second factor. */
export const REQUIRE_TWO_FACTOR = 'requireTwoFactor';
/** The super user's setting (kept with the operator's settings): every company's users sign in with a second factor. */
export const PLATFORM_REQUIRE_TWO_FACTOR = 'platformRequireTwoFactor';

/**
 * Whether the company's users must sign in with a second factor: their company requires it, or the platform
 * does for every company. Users without one are sent to enrolment at their next login.
 */
export async function twoFactorRequired(app: FastifyInstance, companyId: number): Promise<boolean> {
  if ((await app.tenancy.settings.get(companyId, REQUIRE_TWO_FACTOR)) === 'enabled') return true;
  const operator = await operatorCompanyId();
  return operator !== undefined && (await app.tenancy.settings.get(operator, PLATFORM_REQUIRE_TWO_FACTOR)) === 'enabled';
}

/**
 * Turning a requirement on ends, at once, the sessions of every user it covers who has no second factor yet: their
 * next sign-in goes through enrolment (docs/security.md). The user who turned it on keeps working (they enrol from
 * their profile, and their own next sign-in asks for it too). `companyId` 'all': the platform's requirement.
 */
export async function endSessionsWithoutSecondFactor(app: FastifyInstance, companyId: number | 'all', exceptUserId: number) {
  const companies = companyId === 'all' ? (await Company.query().select('id')).map((c) => c.id) : [companyId];
  for (const id of companies) {
    const uncovered = () => User.scoped(id).whereNull('totpEnabledAt').whereNot('id', exceptUserId);
    await app.knex.transaction(async (trx) => {
      await RefreshTokenFamily.scoped(id).transacting(trx).whereNull('impersonatorId').whereIn('userId', uncovered().select('id')).delete();
      await uncovered().transacting(trx).patch({ tokenVersion: raw('?? + 1', ['tokenVersion']) } as never);
    });
    // Their access tokens and sockets stop on the next request or event (auth/caller.ts), in every process.
    await forgetCallers(id);
  }
}
